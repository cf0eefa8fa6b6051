import { beforeEach, describe, expect, it } from 'vitest';
import {
  emailConnectionState,
  emailConnectionView,
  resetEmailConnection,
  sendEmailConnectionEvent,
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
