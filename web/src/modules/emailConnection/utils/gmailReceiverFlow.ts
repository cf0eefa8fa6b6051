import { isApiError } from '@/lib/http/ApiError';
import { i18n } from '@/i18n';
import { emailConnectionPaths } from '@/lib/paths';
import { emailConnectionTimings } from '../emailConnectionTimings';
import type { PendingGmailAuth } from './emailAuthStorage';

/** SPEC §8 'Gmail receiver': the receiver's texts, in the interface's language. */
const text = (key: string, values: Record<string, string | number> = {}) =>
  i18n.t(`emailConnection:gmailReceiver.${key}`, values);

/** How the app's session stands for the receiver: 'waiting' when it was not known within the wait. */
export type ReceiverSession = 'signed-in' | 'signed-out' | 'error' | 'waiting';

export type GmailReceiverOptions<Result> = {
  /** the redirect's query parameters (code, state, error, error_description) */
  params: URLSearchParams;
  /** the flow this tab started (its state and return path), if the tab kept it */
  pending: PendingGmailAuth | null;
  /** resolves with the session once known, or 'waiting' after `timeoutMs` */
  waitForUser: (timeoutMs: number) => Promise<ReceiverSession>;
  /** POST .../oauth/callback-public */
  exchange: (code: string, state: string) => Promise<Result>;
  sleep: (ms: number) => Promise<void>;
  /** the progress text of SPEC §8 ('Waiting for authentication... (Attempt n/3)') */
  onProgress: (message: string) => void;
  /** @default 3 */
  attempts?: number;
};

export type GmailReceiverOutcome<Result> =
  | { kind: 'success'; result: Result; returnPath: string }
  | { kind: 'error'; message: string };

/** Only a path of this app (never another origin, never the receiver itself); '/' otherwise (SPEC §2). */
export const safeReturnPath = (path: string | null | undefined) =>
  path?.startsWith('/') &&
  !path.startsWith('//') &&
  !path.startsWith('/\\') &&
  !path.startsWith(emailConnectionPaths.gmailAuth)
    ? path
    : '/';

/** Worth another attempt: no answer or a server error. A 4xx (the state is spent or unknown) answers the same again. */
const transient = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

/**
 * SPEC §2 'Gmail receiver page': Google sent the whole page back with a code. Up to 3 attempts, 1.5 s apart doubling:
 * wait (2 s) for the signed-in user, then exchange the code and state (callback-public). A signed-out visitor is told
 * to log in first; a state other than the one this tab started with is refused before anything is sent.
 */
export const runGmailReceiver = async <Result>({
  params,
  pending,
  waitForUser,
  exchange,
  sleep,
  onProgress,
  attempts = emailConnectionTimings.gmailAttempts,
}: GmailReceiverOptions<Result>): Promise<GmailReceiverOutcome<Result>> => {
  const error = params.get('error');
  if (error)
    return { kind: 'error', message: text('errorOccurred', { message: params.get('error_description') || error }) };
  const code = params.get('code');
  if (!code) return { kind: 'error', message: text('missing') };
  const state = params.get('state');
  if (!state || (pending && pending.state !== state))
    return { kind: 'error', message: i18n.t('emailConnection:errors.invalidRequest') };

  let failure = text('failed');
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    onProgress(text('waiting', { attempt, attempts }));
    const session = await waitForUser(emailConnectionTimings.gmailUserWaitMs);
    if (session === 'signed-out') return { kind: 'error', message: text('notLoggedIn') };
    if (session === 'signed-in') {
      onProgress(text('inProgress', { attempt, attempts }));
      try {
        const result = await exchange(code, state);
        return { kind: 'success', result, returnPath: safeReturnPath(pending?.returnPath) };
      } catch (exchangeError) {
        if (!transient(exchangeError))
          return {
            kind: 'error',
            message: (isApiError(exchangeError) && exchangeError.serverMessage) || text('failed'),
          };
        failure = text('failed');
      }
    } else {
      failure = session === 'error' ? text('couldNotRefresh') : text('notLoggedIn');
    }
    if (attempt < attempts) await sleep(emailConnectionTimings.gmailBackoffMs * 2 ** (attempt - 1));
  }
  return { kind: 'error', message: failure };
};
