import { describe, expect, it } from 'vitest';
import {
  connectionView,
  initialConnectionState,
  nextConnectionState,
  type ConnectionError,
  type ConnectionEvent,
  type ConnectionState,
} from './connectionMachine';

/** The state after each event in turn; an event that does not apply leaves it as it was. */
const stateAfter = (...events: ConnectionEvent[]): ConnectionState =>
  events.reduce((state, event) => nextConnectionState(state, event) ?? state, initialConnectionState());

const failure = (type: ConnectionError['type'], requiresReconnect = false): ConnectionEvent => ({
  type: 'FAILED',
  error: { message: 'x', type, requiresReconnect },
});

describe('nextConnectionState', () => {
  it('a flow that fails before it changed anything goes back to where it started, keeping why', () => {
    const why: ConnectionError = { message: 'Popup blocked', type: 'unexpected_error', requiresReconnect: false };
    expect(stateAfter({ type: 'CONNECTED' }, { type: 'CONNECT' }, { type: 'ABORTED', error: why })).toEqual({
      status: 'connected',
      settled: 'connected',
      pending: null,
      error: why,
    });
    // nothing to abort when no flow runs
    expect(nextConnectionState(initialConnectionState(), { type: 'ABORTED', error: why })).toBeNull();
  });

  it('starts disconnected; a load shows its loading text and ends connected or disconnected', () => {
    expect(initialConnectionState()).toEqual({
      status: 'disconnected',
      settled: 'disconnected',
      pending: null,
      error: null,
    });
    expect(stateAfter({ type: 'LOAD' })).toMatchObject({ status: 'disconnected', pending: 'loading' });
    expect(stateAfter({ type: 'LOAD' }, { type: 'CONNECTED' })).toMatchObject({ status: 'connected', pending: null });
    expect(stateAfter({ type: 'CONNECTED' }, { type: 'LOAD' }, { type: 'DISCONNECTED' })).toMatchObject({
      status: 'disconnected',
      pending: null,
    });
  });

  it('connecting starts the updating load, a reconnect the reconnecting one', () => {
    expect(stateAfter({ type: 'CONNECT' })).toMatchObject({
      status: 'connecting',
      settled: 'disconnected',
      pending: 'updating',
    });
    expect(stateAfter({ type: 'EXPIRED' }, { type: 'RECONNECT' })).toMatchObject({
      status: 'connecting',
      settled: 'expired',
      pending: 'reconnecting',
    });
  });

  it('runs one flow at a time, and a closed flow goes back to where it started', () => {
    const connecting = stateAfter({ type: 'EXPIRED' }, { type: 'RECONNECT' });
    expect(nextConnectionState(connecting, { type: 'CONNECT' })).toBeNull();
    expect(nextConnectionState(connecting, { type: 'LOAD' })).toBeNull();
    expect(nextConnectionState(connecting, { type: 'CANCEL' })).toMatchObject({ status: 'expired', pending: null });
    expect(nextConnectionState(initialConnectionState(), { type: 'CANCEL' })).toBeNull();
  });

  it('gives expired for the error types that end a grant, or one that asks for a reconnect (SPEC §4)', () => {
    for (const type of ['token_expired', 'invalid_grant', 'permission_denied'] as const) {
      expect(stateAfter({ type: 'CONNECT' }, failure(type)).status).toBe('expired');
    }
    expect(stateAfter(failure('auth_error', true))).toMatchObject({
      status: 'expired',
      error: { requiresReconnect: true },
    });
  });

  it('gives error for any other error', () => {
    for (const type of ['network_error', 'auth_error', 'rate_limited', 'unexpected_error'] as const) {
      expect(stateAfter({ type: 'CONNECTED' }, failure(type))).toMatchObject({
        status: 'error',
        settled: 'error',
        error: { type },
      });
    }
  });

  it('ends disconnected after a disconnect, whatever came before, and forgets the error', () => {
    expect(stateAfter(failure('network_error'), { type: 'DISCONNECTED' })).toEqual(initialConnectionState());
  });
});

describe('connectionView', () => {
  it('shows connected, expired and disconnected as they are', () => {
    expect(connectionView(stateAfter({ type: 'CONNECTED' }), true)).toBe('connected');
    expect(connectionView(stateAfter({ type: 'EXPIRED' }), true)).toBe('expired');
    expect(connectionView(stateAfter(), true)).toBe('disconnected');
  });

  it('shows an error as expired after a connection, as disconnected otherwise (SPEC §4)', () => {
    expect(connectionView(stateAfter(failure('network_error')), true)).toBe('expired');
    expect(connectionView(stateAfter(failure('network_error')), false)).toBe('disconnected');
  });

  it('keeps showing the state a flow started from', () => {
    expect(connectionView(stateAfter({ type: 'CONNECTED' }, { type: 'CONNECT' }), true)).toBe('connected');
    expect(connectionView(stateAfter({ type: 'EXPIRED' }, { type: 'RECONNECT' }), true)).toBe('expired');
  });
});
