import { describe, expect, it, vi } from 'vitest';
import { nextAuthStatus, transition, type AuthEvent, type AuthStatus } from './authMachine';

const statuses: AuthStatus[] = ['initial', 'loading', 'authenticated', 'unauthenticated', 'error'];
const events: AuthEvent[] = ['LOAD', 'SUCCESS', 'FAILURE', 'ERROR', 'LOGOUT', 'TOKEN_REFRESH'];

// SPEC §4 'Auth machine', written out once more so the table in the code is checked against the spec's text.
const valid: [AuthStatus, AuthEvent, AuthStatus][] = [
  ['initial', 'LOAD', 'loading'],
  ['loading', 'SUCCESS', 'authenticated'],
  ['loading', 'FAILURE', 'unauthenticated'],
  ['loading', 'ERROR', 'error'],
  ['authenticated', 'LOGOUT', 'unauthenticated'],
  ['authenticated', 'TOKEN_REFRESH', 'authenticated'],
  ['authenticated', 'ERROR', 'error'],
  ['unauthenticated', 'LOAD', 'loading'],
  ['error', 'LOAD', 'loading'],
];

const isValid = (status: AuthStatus, event: AuthEvent) => valid.some(([from, on]) => from === status && on === event);
const invalid = statuses.flatMap((status) =>
  events.filter((event) => !isValid(status, event)).map((event) => [status, event] as const),
);

describe('transition', () => {
  it.each(valid)('moves from %s on %s to %s', (from, event, to) => {
    expect(transition(from, event)).toBe(to);
  });

  it.each(invalid)('refuses %s on %s', (from, event) => {
    expect(transition(from, event)).toBeNull();
  });

  it('leaves exactly the spec’s nine transitions valid', () => {
    expect(invalid).toHaveLength(statuses.length * events.length - valid.length);
  });
});

describe('nextAuthStatus', () => {
  it.each(valid)('moves from %s on %s to %s without a warning', (from, event, to) => {
    const warn = vi.fn();
    expect(nextAuthStatus(from, event, warn)).toBe(to);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['initial', 'SUCCESS'],
    ['unauthenticated', 'LOGOUT'],
    ['authenticated', 'LOAD'],
    ['loading', 'LOGOUT'],
    ['error', 'SUCCESS'],
    ['loading', 'TOKEN_REFRESH'],
    ['unauthenticated', 'TOKEN_REFRESH'],
    ['initial', 'LOGOUT'],
  ] as const)('warns about %s on %s and tells the caller to ignore it', (from, event) => {
    const warn = vi.fn();
    expect(nextAuthStatus(from, event, warn)).toBeNull();
    expect(warn).toHaveBeenCalledExactlyOnceWith(`Invalid auth transition: ${event} from ${from}`);
  });

  it('warns on the console by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(nextAuthStatus('initial', 'LOGOUT')).toBeNull();
      expect(warn).toHaveBeenCalledWith('Invalid auth transition: LOGOUT from initial');
    } finally {
      warn.mockRestore();
    }
  });
});
