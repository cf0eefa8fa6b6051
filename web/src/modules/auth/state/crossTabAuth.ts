import { timings } from '@shared/constants';
import type { AuthStatus } from './authMachine';

/** An Amplify Hub 'auth' payload: another tab's sign-in or sign-out reaches this one as one of these. */
export type AuthHubPayload = { event: string; data?: unknown };

export type CrossTabAuthOptions = {
  /** this tab's auth status now */
  status: () => AuthStatus;
  /** ends this tab's session (its caches and stores), as Log Out does */
  signOut: () => void;
  /** reads the session another tab stored (SPEC §4 LOAD) */
  load: () => void;
  /** SPEC §9: auth events are debounced 100 ms. @default timings.authEventDebounceMs */
  debounceMs?: number;
};

/**
 * The storage events of SPEC §4 'Cross-tab' for the session: Amplify keeps its tokens in local storage and tells every
 * other tab (Hub 'auth' `signedOut` / `signedIn`) when one signs out or in. A tab still showing the app after a Log
 * Out elsewhere signs out too, rather than working on until its cached ID token expires; a signed-out tab follows a
 * sign-in elsewhere. A burst of events (a sign-out then a sign-in) is handled once, by its last event, 100 ms on.
 * The tab that signed in or out itself is already where the event leads, so it does nothing.
 */
export const createCrossTabAuth = ({
  status,
  signOut,
  load,
  debounceMs = timings.authEventDebounceMs,
}: CrossTabAuthOptions) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: AuthHubPayload | undefined;

  const handle = (payload: AuthHubPayload) => {
    const now = status();
    if (payload.event === 'signedOut' && now === 'authenticated') signOut();
    else if (payload.event === 'signedIn' && (now === 'unauthenticated' || now === 'error')) load();
  };

  const onAuthEvent = (payload: AuthHubPayload) => {
    last = payload;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (last) handle(last);
    }, debounceMs);
  };

  const stop = () => clearTimeout(timer);

  return { onAuthEvent, stop };
};
