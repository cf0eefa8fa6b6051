import { messages } from '@shared/messages';
import { emailConnectionPaths } from '@/lib/paths';
import { endSession } from '../state/sessionEvents';
import { authState, setAuthError, setAuthLoading, setSignedIn, setSignedOut } from '../state/authState';
import { authErrorMessage } from '../utils/authErrorMessage';
import { fetchIdToken, loadCurrentUser, signOutUser, type AuthUser } from './amplifyAuth';

const lastUserKey = 'outreach.lastUserId';

/** SPEC §4 "A user switch clears caches": another person than last time in this browser starts from nothing. */
const endSessionIfUserChanged = async (userId: string) => {
  let last: string | null = null;
  try {
    last = localStorage.getItem(lastUserKey);
    localStorage.setItem(lastUserKey, userId);
  } catch {
    // storage blocked: nothing was cached across sessions either
  }
  if (last && last !== userId) await endSession();
};

/** Marks someone signed in (SPEC §4 SUCCESS), after clearing what a previous user left. */
export const completeSignIn = async (user: AuthUser) => {
  await endSessionIfUserChanged(user.userId);
  setSignedIn(user);
};

/** Reads the session Amplify keeps in this browser into the auth store (SPEC §4 LOAD, then SUCCESS / FAILURE / ERROR). */
export const loadAuthState = async () => {
  if (authState.status === 'loading' || authState.status === 'authenticated') return;
  setAuthLoading();
  try {
    const user = await loadCurrentUser();
    if (user) await completeSignIn(user);
    else setSignedOut();
  } catch (error) {
    setAuthError(authErrorMessage(error));
  }
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SPEC §4: "The sign-in flow waits until a user and ID token exist, retrying every 100 ms". Amplify writes the
 * session a moment after `signIn` resolves.
 * @default timeoutMs 10 s
 */
export const waitForSignedInUser = async ({ intervalMs = 100, timeoutMs = 10_000 } = {}): Promise<AuthUser> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const user = await loadCurrentUser().catch(() => null);
    if (user && (await fetchIdToken(false).catch(() => undefined))) return user;
    if (Date.now() >= deadline) throw new Error(messages.auth.noToken);
    await wait(intervalMs);
  }
};

/**
 * SPEC §3 'Browser storage keys' of the session that earlier versions of the app kept beside Amplify's own: the
 * profile copy, the session token and the backup of the auth token. Nothing reads them any more; a logout must not
 * leave them behind (the e-mail connection's keys are the e-mail connection store's to clear).
 */
export const legacySessionKeys = ['userProfile', 'sessionToken', 'authTokenBackup'] as const;

const clearLegacySessionKeys = () => {
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      for (const key of legacySessionKeys) storage?.removeItem(key);
    } catch {
      // storage blocked: nothing was kept there either
    }
  }
};

/**
 * SPEC §4 'Logout': everything the session cached is cleared (caches, stores, legacy tokens), then Amplify signs out.
 * The protected layout then sends the person to /signin (their choice) or /login (a forced sign-out).
 */
export const signOutOfApp = async ({ byUser }: { byUser: boolean }) => {
  await endSession();
  clearLegacySessionKeys();
  try {
    await signOutUser();
  } finally {
    try {
      localStorage.removeItem(lastUserKey);
    } catch {
      // nothing stored
    }
    setSignedOut({ byUser });
  }
};

/** Paths where a failed refresh must not sign anyone out: an OAuth popup or redirect is finishing (SPEC §8 'Auth'). */
const oauthPaths = ['/oauth', emailConnectionPaths.outlookAuth, emailConnectionPaths.gmailAuth];

const isOAuthPath = (pathname: string) =>
  oauthPaths.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * SPEC §8 'Auth': a refresh that failed for good (or a 401 after the forced refresh) signs the user out, unless an
 * OAuth flow is in progress; the protected layout then redirects to /login (public pages stay where they are).
 */
export const handleSessionLost = (pathname = window.location.pathname) => {
  if (isOAuthPath(pathname) || authState.status !== 'authenticated') return Promise.resolve();
  // several requests can fail at once: one sign-out serves them all
  signingOut ??= signOutOfApp({ byUser: false }).finally(() => {
    signingOut = undefined;
  });
  return signingOut;
};

let signingOut: Promise<void> | undefined;
