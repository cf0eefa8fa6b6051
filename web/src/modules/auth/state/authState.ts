import { proxy, subscribe } from 'valtio';
import type { AuthUser } from '../api/amplifyAuth';
import { nextAuthStatus, type AuthEvent, type AuthStatus } from './authMachine';

export type { AuthStatus } from './authMachine';

export type AuthState = {
  status: AuthStatus;
  user: AuthUser | null;
  error: string | null;
  /** the person pressed Log Out (they go to /signin), rather than arriving without a session (they go to /login) */
  signedOutByUser: boolean;
  /** the stored session has been read once: from then on a sign-in in progress keeps its form on screen */
  settled: boolean;
  /** SPEC §4: a user and an ID token exist, so requests to `user` routes may go */
  ready: boolean;
};

export const authState = proxy<AuthState>({
  status: 'initial',
  user: null,
  error: null,
  signedOutByUser: false,
  settled: false,
  ready: false,
});

/** Moves the store by the SPEC §4 auth machine; an invalid transition is warned about and changes nothing. */
const move = (event: AuthEvent, change: Partial<Omit<AuthState, 'status'>> = {}) => {
  const next = nextAuthStatus(authState.status, event);
  if (next === null) return false;
  Object.assign(authState, change, { status: next });
  return true;
};

/** LOAD: reading the stored session, or a sign-in under way. */
export const setAuthLoading = () => move('LOAD', { error: null });

/** SUCCESS: signed in; requests may go. */
export const setSignedIn = (user: AuthUser) =>
  move('SUCCESS', { user, error: null, signedOutByUser: false, settled: true, ready: true });

/** A user and ID token exist (SPEC §4): requests to `user` routes stop waiting, before the sign-in flow finishes. */
export const setAuthReady = () => {
  authState.ready = true;
};

/** FAILURE (while loading) or LOGOUT (while signed in): nobody is signed in. */
export const setSignedOut = ({ byUser = false } = {}) => {
  const change = { user: null, error: null, signedOutByUser: byUser, settled: true, ready: false };
  if (authState.status !== 'unauthenticated')
    return move(authState.status === 'authenticated' ? 'LOGOUT' : 'FAILURE', change);
  // already signed out (a second sign-out, or one after a failed sign-in): only who asked for it changes
  Object.assign(authState, change);
  return true;
};

/** ERROR: the session could not be read or kept. */
export const setAuthError = (message: string) =>
  move('ERROR', { user: null, error: message, settled: true, ready: false });

/** TOKEN_REFRESH: a fresh token for the same signed-in user. */
export const setTokenRefreshed = () => move('TOKEN_REFRESH');

/**
 * Resolves once requests to `user` routes may go (SPEC §4 "Requests outside public, auth and health paths wait until
 * auth is ready"), or once it is clear nobody is signed in, so a request never hangs: it then fails with 401.
 */
export const waitForAuthReady = () =>
  new Promise<void>((resolve) => {
    const settledWithoutUser = () => authState.status === 'unauthenticated' || authState.status === 'error';
    if (authState.ready || settledWithoutUser()) return resolve();
    const unsubscribe = subscribe(authState, () => {
      if (authState.ready || settledWithoutUser()) {
        unsubscribe();
        resolve();
      }
    });
  });
