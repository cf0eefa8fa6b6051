import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthStatus } from './authMachine';
import { createCrossTabAuth } from './crossTabAuth';

const setup = (initial: AuthStatus) => {
  let status = initial;
  const signOut = vi.fn(() => {
    status = 'unauthenticated';
  });
  const load = vi.fn();
  const tab = createCrossTabAuth({ status: () => status, signOut, load });
  return { tab, signOut, load };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createCrossTabAuth', () => {
  it('signs a signed-in tab out when another tab logged out, 100 ms on', () => {
    const { tab, signOut } = setup('authenticated');
    tab.onAuthEvent({ event: 'signedOut' });
    vi.advanceTimersByTime(99);
    expect(signOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('handles a burst of events once, by its last', () => {
    const { tab, signOut, load } = setup('authenticated');
    tab.onAuthEvent({ event: 'tokenRefresh' });
    tab.onAuthEvent({ event: 'signedOut' });
    tab.onAuthEvent({ event: 'signedOut' });
    vi.advanceTimersByTime(100);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
  });

  it('reads the session a signed-out tab finds signed in elsewhere', () => {
    const { tab, load } = setup('unauthenticated');
    tab.onAuthEvent({ event: 'signedIn', data: { userId: 'u1' } });
    vi.advanceTimersByTime(100);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the tab that signed in or out itself as it is', () => {
    const signedIn = setup('authenticated');
    signedIn.tab.onAuthEvent({ event: 'signedIn', data: { userId: 'u1' } });
    const signedOut = setup('unauthenticated');
    signedOut.tab.onAuthEvent({ event: 'signedOut' });
    const signingIn = setup('loading');
    signingIn.tab.onAuthEvent({ event: 'signedIn', data: { userId: 'u1' } });
    vi.advanceTimersByTime(100);
    for (const { signOut, load } of [signedIn, signedOut, signingIn]) {
      expect(signOut).not.toHaveBeenCalled();
      expect(load).not.toHaveBeenCalled();
    }
  });
});
