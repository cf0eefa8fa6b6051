import type { LiveEventMap } from '@shared/live-events';
import type { MailProvider } from '@shared/schemas/mailboxes';

/**
 * SPEC §4 'App events': the browser window events the web raises, by name, with their `detail`. A draft's events carry
 * what its live event does (shared/live-events.ts).
 */
export type AppWindowEvents = {
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
  'draft-saved': LiveEventMap['draft.saved'];
  'draft-deleted': LiveEventMap['draft.deleted'];
  'primary-draft-cleared': LiveEventMap['draft.primaryCleared'];
  /** a conversation changed in this tab (a reply check found its reply): what its live event says */
  'conversation-updated': LiveEventMap['conversation.updated'];
};

export type AppWindowEvent = keyof AppWindowEvents;

/** Raises a window event (a CustomEvent whose `detail` is the payload) for whatever else in this tab listens. */
export const raiseWindowEvent = <K extends AppWindowEvent>(
  type: K,
  detail: AppWindowEvents[K],
  target: Pick<Window, 'dispatchEvent'> = window,
) => {
  target.dispatchEvent(new CustomEvent(type, { detail }));
};

/** Calls `handler` with the `detail` of every window event of `type` until the returned function is called. */
export const onWindowEvent = <K extends AppWindowEvent>(
  type: K,
  handler: (detail: AppWindowEvents[K]) => void,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
) => {
  const listener = (event: Event) => handler((event as CustomEvent<AppWindowEvents[K]>).detail);
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
};
