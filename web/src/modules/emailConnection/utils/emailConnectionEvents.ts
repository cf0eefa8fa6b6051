import type { MailProvider } from '@shared/schemas/mailboxes';

/** SPEC §4 'App events': the browser window events of e-mail connections. */
export type EmailConnectionWindowEvents = {
  'email-connection-added': { id: string; email: string; provider: MailProvider };
  'email-connection-removed': { id: string };
  'email-token-refreshed': { id: string; email: string; expiry: string };
  'email-token-refresh-failed': {
    id: string;
    email: string;
    errorType: string;
    requiresReconnect: boolean;
    message: string;
  };
};

export type EmailConnectionWindowEvent = keyof EmailConnectionWindowEvents;

/** Raises a window event (a CustomEvent whose `detail` is the payload) for whatever else in this tab listens. */
export const raiseEmailConnectionEvent = <K extends EmailConnectionWindowEvent>(
  type: K,
  detail: EmailConnectionWindowEvents[K],
  target: Pick<Window, 'dispatchEvent'> = window,
) => {
  target.dispatchEvent(new CustomEvent(type, { detail }));
};
