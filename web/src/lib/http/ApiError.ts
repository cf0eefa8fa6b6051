/** Machine codes of failures that never reached the server's envelope. */
export type ClientErrorCode = 'network_error' | 'timeout' | 'cancelled' | 'bad_response';

export type ApiErrorInit = {
  /** HTTP status; 0 when no response arrived */
  status: number;
  /**
   * the envelope's `code`; when the body names none, one named from the status (`unauthorized`, `forbidden`,
   * `not_found`, `rate_limited`, `server_error`, `http_error`), or a {@link ClientErrorCode}
   */
  code: string;
  /** the text to show the user (SPEC §8) */
  message: string;
  details?: unknown;
  /** 429 only: seconds to wait, from `Retry-After` (SPEC §8: default 60 s) */
  retryAfterSeconds?: number;
  /** the server's own `error` text, when it sent one */
  serverMessage?: string;
  cause?: unknown;
};

/**
 * How the text of a failure is shown. The server and SPEC §8 word them in English; the app sets this to put them in
 * the interface's language (i18n/serverText.ts). The public pages, English by decision, load no catalogue.
 */
let shownText = (text: string) => text;
export const showErrorTextsWith = (translate: (text: string) => string) => {
  shownText = translate;
};

/** A failed API call: what the user is shown plus what code needs to decide (status, code, details). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly retryAfterSeconds: number | undefined;
  readonly serverMessage: string | undefined;

  constructor(init: ApiErrorInit) {
    super(shownText(init.message), { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.serverMessage = init.serverMessage;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
