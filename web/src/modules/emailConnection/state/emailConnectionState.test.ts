// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmailConnection } from '../api/emailConnectionsApi';
import { readLastAuthenticatedEmail } from '../utils/emailAuthStorage';
import {
  applyDefaultConnection,
  applyLoadFailure,
  emailConnectionState,
  emailConnectionView,
  resetEmailConnection,
  sendEmailConnectionEvent,
  setLastAuthenticatedEmail,
} from './emailConnectionState';

beforeEach(() => resetEmailConnection());

const mailbox = { email: 'ada@example.com', provider: 'gmail' } as const;

describe('emailConnectionView', () => {
  it('shows an error as expired when a mailbox is connected or was last authenticated here (SPEC §4)', () => {
    const error = { status: 'error', settled: 'error' } as const;
    expect(emailConnectionView({ ...error, lastAuthenticatedEmail: null }, mailbox)).toBe('expired');
    expect(emailConnectionView({ ...error, lastAuthenticatedEmail: 'ada@example.com' }, null)).toBe('expired');
    expect(emailConnectionView({ ...error, lastAuthenticatedEmail: null }, null)).toBe('disconnected');
  });
});

describe('emailConnectionState', () => {
  it('starts disconnected, follows the connection machine, and resets to disconnected', () => {
    expect(emailConnectionState.status).toBe('disconnected');
    sendEmailConnectionEvent({ type: 'CONNECT' });
    expect(emailConnectionState).toMatchObject({ status: 'connecting', pending: 'updating' });
    sendEmailConnectionEvent({ type: 'CONNECTED' });
    expect(emailConnectionState).toMatchObject({ status: 'connected', pending: null });
    Object.assign(emailConnectionState, { lastAuthenticatedEmail: 'ada@example.com' });
    resetEmailConnection();
    expect(emailConnectionState).toMatchObject({ status: 'disconnected', pending: null, lastAuthenticatedEmail: null });
  });
});

const connection = (change: Partial<EmailConnection> = {}): EmailConnection => ({
  id: 'm1',
  email: 'ada@gmail.com',
  provider: 'gmail',
  status: 'connected',
  isDefault: true,
  expiry: new Date(Date.now() + 60 * 60_000).toISOString(),
  refreshError: null,
  connectedAt: '2026-01-10T12:00:00.000Z',
  lastSynced: null,
  ...change,
});

describe('applyDefaultConnection (SPEC §4 Initialisation)', () => {
  beforeEach(() => localStorage.clear());

  it('is connected by a healthy default connection, and remembers its address across reloads', () => {
    applyDefaultConnection(connection());
    expect(emailConnectionState).toMatchObject({ status: 'connected', lastAuthenticatedEmail: 'ada@gmail.com' });
    expect(readLastAuthenticatedEmail()).toBe('ada@gmail.com');
  });

  it('is disconnected when the server has none, and clears the legacy stored tokens', () => {
    localStorage.setItem('outlookToken', JSON.stringify({ email: 'old@outlook.com', accessToken: 'x' }));
    applyDefaultConnection(connection());
    applyDefaultConnection(null);
    expect(emailConnectionState.status).toBe('disconnected');
    expect(localStorage.getItem('outlookToken')).toBeNull();
  });

  it('is expired by a connection the server holds as expired, or one with an invalid_grant or permission_denied refreshError', () => {
    applyDefaultConnection(connection({ status: 'expired', refreshError: 'invalid_grant' }));
    expect(emailConnectionState).toMatchObject({
      status: 'expired',
      error: { type: 'invalid_grant', requiresReconnect: true },
    });
    resetEmailConnection();
    applyDefaultConnection(connection({ refreshError: 'permission_denied' }));
    expect(emailConnectionState).toMatchObject({ status: 'expired', error: { type: 'permission_denied' } });
    resetEmailConnection();
    applyDefaultConnection(connection({ expiry: new Date(Date.now() - 1_000).toISOString() }));
    expect(emailConnectionState.status).toBe('expired');
  });

  it('leaves a flow under way alone', () => {
    sendEmailConnectionEvent({ type: 'CONNECT' });
    applyDefaultConnection(null);
    expect(emailConnectionState).toMatchObject({ status: 'connecting', pending: 'updating' });
  });

  it('falls back to the legacy stored token for the last address when the connection cannot be read', () => {
    localStorage.setItem('gmailToken', JSON.stringify({ email: 'old@gmail.com', accessToken: 'x' }));
    applyLoadFailure({
      type: 'FAILED',
      error: { message: 'Network error.', type: 'network_error', requiresReconnect: false },
    });
    expect(emailConnectionState).toMatchObject({ status: 'error', lastAuthenticatedEmail: 'old@gmail.com' });
    expect(emailConnectionView(emailConnectionState, null)).toBe('expired');
  });

  it('forgets the last address on sign-out', () => {
    setLastAuthenticatedEmail('ada@gmail.com');
    resetEmailConnection();
    expect(readLastAuthenticatedEmail()).toBeNull();
  });
});
