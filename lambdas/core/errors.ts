import type { FieldIssue } from '../../shared/envelope.js';
import { messages } from '../../shared/messages.js';

export type { FieldIssue };

/**
 * An error with the HTTP status and machine code it answers with. `expose` says whether its message is safe to show
 * the user verbatim (4xx: the spec's texts); unexpected errors are never exposed (STYLE §8).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly expose: boolean;
  /** response headers the answer carries besides the house ones (a 429's `Retry-After`) */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    message: string,
    options: { code?: string; details?: unknown; cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'HttpError';
    this.status = status;
    this.code = options.code ?? defaultCodes[status] ?? (status >= 500 ? 'server_error' : 'error');
    this.details = options.details;
    this.expose = status < 500;
    this.headers = options.headers ?? {};
  }
}

const defaultCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'rate_limited',
};

export const badRequest = (message: string = messages.validation.failed, details?: unknown) =>
  new HttpError(400, message, { details });

/** A 400 naming the failing fields; `unlisted` more failed than `issues` lists (lambdas/core/validation.ts). */
export const validationFailed = (issues: FieldIssue[], unlisted = 0) =>
  new HttpError(
    400,
    `Invalid request: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}${
      unlisted > 0 ? `; and ${unlisted} more` : ''
    }`,
    { code: 'validation_failed', details: issues },
  );

export const unauthorized = () => new HttpError(401, messages.auth.required);
export const forbidden = (message: string = messages.status[403]) => new HttpError(403, message);
export const notFound = (message: string = messages.status[404]) => new HttpError(404, message);
export const conflict = (message: string = messages.status[409]) => new HttpError(409, message);

/**
 * 429 with the spec's text (SPEC §8 'Statuses'), the wait in whole seconds as `Retry-After` and as `details.retryAfter`
 * (the web reads either; lambdas/data/rate-limit.ts says how long).
 */
export const tooManyRequests = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, messages.status[429], {
    details: { retryAfter: seconds },
    headers: { 'Retry-After': String(seconds) },
  });
};
