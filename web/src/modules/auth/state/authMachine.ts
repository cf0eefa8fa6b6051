/** SPEC §4 'Auth machine' states, in the spelling of the auth store. */
export type AuthStatus = 'initial' | 'loading' | 'authenticated' | 'unauthenticated' | 'error';

export type AuthEvent = 'LOAD' | 'SUCCESS' | 'FAILURE' | 'ERROR' | 'LOGOUT' | 'TOKEN_REFRESH';

/** SPEC §4: every allowed transition; anything else is invalid. */
export const authTransitions: Readonly<Record<AuthStatus, Partial<Record<AuthEvent, AuthStatus>>>> = {
  initial: { LOAD: 'loading' },
  loading: { SUCCESS: 'authenticated', FAILURE: 'unauthenticated', ERROR: 'error' },
  authenticated: { LOGOUT: 'unauthenticated', TOKEN_REFRESH: 'authenticated', ERROR: 'error' },
  unauthenticated: { LOAD: 'loading' },
  error: { LOAD: 'loading' },
};

/** The status `event` leads to from `status`, or null when SPEC §4 does not allow it. */
export const transition = (status: AuthStatus, event: AuthEvent): AuthStatus | null =>
  authTransitions[status][event] ?? null;

/**
 * The status after `event`, or null for a transition SPEC §4 does not allow: it is warned about, and the caller
 * ignores it (leaves the store as it is).
 * @param warn @default console.warn
 */
export const nextAuthStatus = (
  status: AuthStatus,
  event: AuthEvent,
  warn: (message: string) => void = console.warn,
): AuthStatus | null => {
  const next = transition(status, event);
  if (!next) warn(`Invalid auth transition: ${event} from ${status}`);
  return next;
};
