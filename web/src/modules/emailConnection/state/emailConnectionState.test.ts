import { beforeEach, describe, expect, it } from 'vitest';
import { emailConnectionState, emailConnectionView, resetEmailConnection } from './emailConnectionState';

beforeEach(() => resetEmailConnection());

describe('emailConnectionView', () => {
  it('shows connected, expired and disconnected as they are', () => {
    expect(emailConnectionView({ status: 'connected', email: 'ada@example.com', lastEmail: null })).toBe('connected');
    expect(emailConnectionView({ status: 'expired', email: 'ada@example.com', lastEmail: null })).toBe('expired');
    expect(emailConnectionView({ status: 'disconnected', email: null, lastEmail: 'ada@example.com' })).toBe('disconnected');
  });

  it('shows an error as expired when there was a connection, as disconnected otherwise (SPEC §4)', () => {
    expect(emailConnectionView({ status: 'error', email: 'ada@example.com', lastEmail: null })).toBe('expired');
    expect(emailConnectionView({ status: 'error', email: null, lastEmail: 'ada@example.com' })).toBe('expired');
    expect(emailConnectionView({ status: 'error', email: null, lastEmail: null })).toBe('disconnected');
  });
});

describe('emailConnectionState', () => {
  it('starts disconnected and resets to it', () => {
    expect(emailConnectionState.status).toBe('disconnected');
    Object.assign(emailConnectionState, { status: 'connected', email: 'ada@example.com', provider: 'gmail' });
    resetEmailConnection();
    expect(emailConnectionState).toMatchObject({ status: 'disconnected', email: null, provider: null, lastEmail: null });
  });
});
