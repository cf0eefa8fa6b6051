// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { expiredZoomConnection, zoomConnection } from '@/test/zoomFixtures';
import { pendingZoomAuthKey, writePendingZoomAuth } from '../utils/zoomOAuthReturn';
import { applyZoomConnection, resetZoom, sendZoomEvent, zoomState, zoomView } from './zoomState';

beforeEach(() => resetZoom());

const account = { email: 'ada@example.com', expiresAt: null };

describe('zoomState', () => {
  it('follows SPEC §4 Zoom states: a code moves to connecting, the check ends connected, a disconnect disconnected', () => {
    sendZoomEvent({ type: 'CONNECT' });
    expect(zoomState).toMatchObject({ status: 'connecting', pending: 'updating' });
    sendZoomEvent({ type: 'CONNECTED' });
    expect(zoomView(zoomState, account)).toBe('connected');
    sendZoomEvent({
      type: 'FAILED',
      error: { message: 'invalid_grant', type: 'invalid_grant', requiresReconnect: true },
    });
    expect(zoomView(zoomState, account)).toBe('expired');
    sendZoomEvent({ type: 'DISCONNECTED' });
    expect(zoomState).toMatchObject({ status: 'disconnected', error: null });
  });

  it('shows another error as expired while an account is connected, as disconnected without one', () => {
    sendZoomEvent({
      type: 'FAILED',
      error: { message: 'Network error', type: 'network_error', requiresReconnect: false },
    });
    expect(zoomState.status).toBe('error');
    expect(zoomView(zoomState, account)).toBe('expired');
    expect(zoomView(zoomState, null)).toBe('disconnected');
  });

  it("gives the state of the server's answer: connected, expired (a fatal refresh error), disconnected (none)", () => {
    applyZoomConnection(zoomConnection());
    expect(zoomState.status).toBe('connected');
    applyZoomConnection(expiredZoomConnection());
    expect(zoomState).toMatchObject({ status: 'expired', error: { type: 'invalid_grant', requiresReconnect: true } });
    applyZoomConnection(zoomConnection({ connected: false, refreshError: 'missing_credentials' }));
    expect(zoomState.status).toBe('expired');
    applyZoomConnection(null);
    expect(zoomState.status).toBe('disconnected');
  });

  it('leaves a connect flow under way to finish before an answer applies', () => {
    sendZoomEvent({ type: 'CONNECT' });
    applyZoomConnection(null);
    expect(zoomState.status).toBe('connecting');
  });

  it('forgets the store and a pending connect flow on sign-out (SPEC §4 Logout)', () => {
    sendZoomEvent({ type: 'CONNECTED' });
    writePendingZoomAuth({ state: 's'.repeat(43), reconnect: false });
    resetZoom();
    expect(zoomState).toMatchObject({ status: 'disconnected', pending: null, error: null });
    expect(sessionStorage.getItem(pendingZoomAuthKey)).toBeNull();
  });
});
