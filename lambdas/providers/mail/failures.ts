import { isRetryableStatus, retryAfterMs } from '../retry.js';
import { MailApiFailure, MailAuthFailure } from './port.js';

/** The words of a failure: the status and the OAuth error code, never the vendor's text (it may quote the request). */
const describe = (status: number | undefined, error: string | undefined) =>
  [status ?? 'no answer', error].filter(Boolean).join(' ');

/**
 * A refusal of the token endpoint (code or refresh grant, RFC 6749 §5.2). `invalid_grant` is the grant's own word:
 * the code is used, expired or its PKCE verifier does not match (RFC 7636 §4.6: both providers answer a verifier
 * mismatch with `invalid_grant`, so it surfaces as such), or the refresh token was revoked or expired. Any other
 * refusal (`invalid_client`, `invalid_request`, `redirect_uri_mismatch`, ...) is our request's fault:
 * `invalid_request`. No answer, 429 and 5xx: `unavailable`.
 */
export const tokenEndpointFailure = (
  vendor: string,
  status: number | undefined,
  error: string | undefined,
  endpoint = 'token endpoint',
) => {
  const words = describe(status, error);
  if (error === 'invalid_grant') return new MailAuthFailure('invalid_grant', `${vendor} refused the grant (${words})`);
  if (status === undefined || isRetryableStatus(status)) {
    return new MailAuthFailure('unavailable', `${vendor} ${endpoint} is unavailable (${words})`);
  }
  return new MailAuthFailure('invalid_request', `${vendor} ${endpoint} refused the request (${words})`);
};

/** A refusal of a mailbox API (Gmail, Graph): 401/403 the access token is refused; 429, 5xx, no answer: try later. */
export const apiFailure = (vendor: string, status: number | undefined, error?: string) => {
  const words = describe(status, error);
  if (status === 401 || status === 403) {
    return new MailAuthFailure('unauthorized', `${vendor} refused the access token (${words})`);
  }
  if (status === undefined || isRetryableStatus(status)) {
    return new MailAuthFailure('unavailable', `${vendor} is unavailable (${words})`);
  }
  return new MailAuthFailure('invalid_request', `${vendor} refused the request (${words})`);
};

/** A token answer's lifetime; both providers document one hour when they leave it out (they do not in practice). */
export const expiresAt = (expiresInSeconds: number | null | undefined, now: number = Date.now()) =>
  new Date(now + (expiresInSeconds ?? 3600) * 1000);

/**
 * What a refused or failed mailbox call (Gmail API, Graph mail) means for the caller (port.ts `MailApiFailure`).
 * `reason` is the vendor's error word: Gmail's `errors[0].reason` (`rateLimitExceeded`, `userRateLimitExceeded`,
 * `invalidArgument`, ...), Graph's `error.code` (`syncStateNotFound`, `ErrorInvalidRecipients`, ...). 401 and 403 are
 * the token or grant refused, except Gmail's 403 for a rate or quota limit; 404 and 410 (an expired delta) are `not_found`;
 * 429 `rate_limited` with the `Retry-After` asked; no answer and 5xx `unavailable`; any other 4xx `rejected`.
 * @link https://developers.google.com/workspace/gmail/api/guides/handle-errors
 * @link https://learn.microsoft.com/en-us/graph/errors
 */
export const mailApiFailure = (
  vendor: string,
  answer: { status: number | undefined; reason?: string | undefined; retryAfter?: string | null | undefined },
) => {
  const { status, reason } = answer;
  const words = describe(status, reason);
  // no `cause`: the vendor's error holds the request, and so the access token
  const options = { status: status ?? null };
  // Gmail answers its per-user and per-project limits with 403 and these reasons: not a refused token
  const rateLimited =
    status === 429 ||
    (status === 403 && /^(user)?ratelimitexceeded$|^dailylimitexceeded$|^quotaexceeded$/i.test(reason ?? ''));
  if (rateLimited) {
    const asked = retryAfterMs(answer.retryAfter ?? null);
    return new MailApiFailure('rate_limited', `${vendor} asks to slow down (${words})`, {
      ...options,
      retryAfterSeconds: asked === undefined ? null : Math.ceil(asked / 1000),
    });
  }
  if (status === 401 || status === 403) {
    return new MailApiFailure('unauthorized', `${vendor} refused the access token (${words})`, options);
  }
  if (status === 404 || status === 410 || reason?.toLowerCase() === 'syncstatenotfound') {
    return new MailApiFailure('not_found', `${vendor} no longer has it (${words})`, options);
  }
  if (status === undefined || isRetryableStatus(status)) {
    return new MailApiFailure('unavailable', `${vendor} is unavailable (${words})`, options);
  }
  return new MailApiFailure('rejected', `${vendor} refused the request (${words})`, options);
};
