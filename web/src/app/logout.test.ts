// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutOfApp } from '@/modules/auth/api/authSession';
import { onSessionEnd } from '@/modules/auth/state/sessionEvents';
import { resetSessionStores } from './resetSessionStores';

vi.mock('@/modules/auth/api/amplifyAuth', () => ({
  signOutUser: vi.fn(async () => undefined),
  loadCurrentUser: vi.fn(async () => null),
  fetchIdToken: vi.fn(async () => undefined),
}));

/** SPEC §3 'Browser storage keys': what earlier versions of the app (and its connect flows) left in the browser. */
const legacyKeys = [
  'userProfile',
  'gmailToken',
  'outlookToken',
  'sessionToken',
  'emailAuthCompleted',
  'authTokenBackup',
];

let stopListening: () => void;

beforeEach(() => {
  // as AppProviders composes it: the stores of a session are reset when it ends
  stopListening = onSessionEnd(resetSessionStores);
  for (const key of legacyKeys) localStorage.setItem(key, JSON.stringify({ email: 'ada@example.com', key }));
  sessionStorage.setItem('emailAuthCompleted', JSON.stringify({ email: 'ada@example.com' }));
});

afterEach(() => {
  stopListening();
  localStorage.clear();
  sessionStorage.clear();
});

describe('Log Out', () => {
  it('clears the legacy token keys and the backup of the auth token (SPEC §4 Logout)', async () => {
    localStorage.setItem('unrelated', 'kept');

    await signOutOfApp({ byUser: true });

    for (const key of legacyKeys) expect(localStorage.getItem(key), key).toBeNull();
    expect(sessionStorage.getItem('emailAuthCompleted')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
