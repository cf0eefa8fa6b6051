import { proxy } from 'valtio';
import type { AuthUser } from '../api/amplifyAuth';

/** SPEC §4 'Auth machine' states (the transition rules come with the web foundation). */
export type AuthStatus = 'initial' | 'loading' | 'authenticated' | 'unauthenticated' | 'error';

export type AuthState = {
  status: AuthStatus;
  user: AuthUser | null;
  error: string | null;
  /** the person pressed Sign out (they go to /signin), rather than arriving without a session (they go to /login) */
  signedOutByUser: boolean;
};

export const authState = proxy<AuthState>({ status: 'initial', user: null, error: null, signedOutByUser: false });

export const setAuthLoading = () => {
  authState.status = 'loading';
  authState.error = null;
};

export const setSignedIn = (user: AuthUser) => {
  authState.status = 'authenticated';
  authState.user = user;
  authState.error = null;
  authState.signedOutByUser = false;
};

export const setSignedOut = ({ byUser = false } = {}) => {
  authState.status = 'unauthenticated';
  authState.user = null;
  authState.error = null;
  authState.signedOutByUser = byUser;
};

export const setAuthError = (message: string) => {
  authState.status = 'error';
  authState.user = null;
  authState.error = message;
};
