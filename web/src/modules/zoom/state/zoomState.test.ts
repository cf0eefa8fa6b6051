import { beforeEach, describe, expect, it } from 'vitest';
import { resetZoom, sendZoomEvent, zoomState, zoomView } from './zoomState';

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
});
