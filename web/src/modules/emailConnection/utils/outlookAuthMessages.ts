/** SPEC §2 'Outlook receiver page': the messages the popup posts to the window that opened it. */
export type OutlookAuthCodeMessage = {
  type: 'outlook-auth-code';
  code: string | null;
  error: string | null;
  errorDescription: string | null;
  state: string | null;
  /** epoch milliseconds */
  timestamp: number;
};

export type OutlookAuthRetryMessage = { type: 'outlook-auth-retry'; timestamp: number };

export type OutlookAuthMessage = OutlookAuthCodeMessage | OutlookAuthRetryMessage;

/**
 * The name the Outlook connect flow gives its popup (`window.open(url, outlookPopupWindowName, ...)`): whatever path
 * Microsoft sends that window back to, it renders only the receiver (SPEC §2 'Popup routes').
 */
export const outlookPopupWindowName = 'outlook-auth-popup';

/** SPEC §9: the receiver closes itself 2 s after a successful authentication. */
export const outlookReceiverCloseDelayMs = 2_000;

/** What the receiver shows for its query parameters and whether it runs in a popup. */
export type OutlookAuthOutcome =
  | { kind: 'not-popup' }
  | { kind: 'error'; error: string; description: string }
  | { kind: 'success'; code: string }
  | { kind: 'missing' };

/** The redirect's query parameters as the message carries them. */
export const outlookAuthCodeMessage = (params: URLSearchParams, now: number = Date.now()): OutlookAuthCodeMessage => ({
  type: 'outlook-auth-code',
  code: params.get('code'),
  error: params.get('error'),
  errorDescription: params.get('error_description'),
  state: params.get('state'),
  timestamp: now,
});

export const outlookAuthOutcome = (params: URLSearchParams, inPopup: boolean): OutlookAuthOutcome => {
  if (!inPopup) return { kind: 'not-popup' };
  const error = params.get('error');
  if (error) return { kind: 'error', error, description: params.get('error_description') ?? '' };
  const code = params.get('code');
  return code ? { kind: 'success', code } : { kind: 'missing' };
};
