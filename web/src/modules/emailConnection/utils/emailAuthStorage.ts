import type { MailProvider } from '@shared/schemas/mailboxes';
import { isRecord } from '@/lib/isRecord';

/**
 * What this browser keeps about e-mail connections (SPEC §3 'Other'): the completion of a connect flow
 * (`emailAuthCompleted`, its write is also the storage event other tabs follow), the last authenticated mailbox, the
 * Gmail redirect's pending state and return path, and the read-only legacy tokens (`gmailToken`, `outlookToken`).
 */
export const emailAuthStorageKeys = {
  completed: 'emailAuthCompleted',
  lastAuthenticatedEmail: 'emailLastAuthenticated',
  /** sessionStorage: the Gmail flow under way in this tab ({provider, state, returnPath}) */
  pendingGmail: 'emailAuthPending',
  /** localStorage: a cross-tab message, written for the storage event (SPEC §4 'Cross-tab message types') */
  sync: 'emailConnectionSync',
  legacyGmail: 'gmailToken',
  legacyOutlook: 'outlookToken',
} as const;

export type EmailAuthCompleted = { provider: MailProvider; email: string; connectionId: string; timestamp: number };

export type PendingGmailAuth = {
  state: string;
  returnPath: string;
  loginHint: string | null;
  /** the new mailbox becomes the default once connected (the header's 'Change Email') */
  makeDefault?: boolean;
};

const read = (storage: Storage | undefined, key: string): unknown => {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
};

const write = (storage: Storage | undefined, key: string, value: unknown) => {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or denied (private mode): the flow goes on without it
  }
};

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export const readLastAuthenticatedEmail = (): string | null => {
  const value = read(local(), emailAuthStorageKeys.lastAuthenticatedEmail);
  return typeof value === 'string' ? value : null;
};

/** Survives reloads (SPEC §2: 'Last authenticated with {email}'); null forgets it (sign-out). */
export const writeLastAuthenticatedEmail = (email: string | null) =>
  write(local(), emailAuthStorageKeys.lastAuthenticatedEmail, email);

export const readPendingGmailAuth = (): PendingGmailAuth | null => {
  const value = read(session(), emailAuthStorageKeys.pendingGmail);
  return isRecord(value) && typeof value.state === 'string' && typeof value.returnPath === 'string'
    ? {
        state: value.state,
        returnPath: value.returnPath,
        loginHint: typeof value.loginHint === 'string' ? value.loginHint : null,
        makeDefault: value.makeDefault === true,
      }
    : null;
};

export const writePendingGmailAuth = (pending: PendingGmailAuth | null) =>
  write(session(), emailAuthStorageKeys.pendingGmail, pending);

/** SPEC §2 'Gmail receiver page': the completion data, in both storages (this tab's and every tab's). */
export const writeEmailAuthCompleted = (completed: EmailAuthCompleted) => {
  write(session(), emailAuthStorageKeys.completed, completed);
  write(local(), emailAuthStorageKeys.completed, completed);
};

export const readEmailAuthCompleted = (raw: string | null): EmailAuthCompleted | null => {
  try {
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return isRecord(value) && typeof value.email === 'string' && typeof value.connectionId === 'string'
      ? (value as EmailAuthCompleted)
      : null;
  } catch {
    return null;
  }
};

/** SPEC §3 'Legacy stored tokens': read-only; only the e-mail address is used (to name the last mailbox). */
export const readLegacyTokenEmail = (): string | null => {
  for (const key of [emailAuthStorageKeys.legacyGmail, emailAuthStorageKeys.legacyOutlook]) {
    const value = read(local(), key);
    if (isRecord(value) && typeof value.email === 'string' && value.email) return value.email;
  }
  return null;
};

/** SPEC §4 'Disconnected clears the connection and stored tokens' (the store's own write, SPEC §5). */
export const clearLegacyTokens = () => {
  write(local(), emailAuthStorageKeys.legacyGmail, null);
  write(local(), emailAuthStorageKeys.legacyOutlook, null);
};

/** SPEC §4 'Logout': the legacy tokens and the last connect flow's completion data, in both storages. */
export const clearEmailAuthStorage = () => {
  clearLegacyTokens();
  write(local(), emailAuthStorageKeys.completed, null);
  write(session(), emailAuthStorageKeys.completed, null);
};
