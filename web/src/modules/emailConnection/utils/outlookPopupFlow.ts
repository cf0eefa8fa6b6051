import { emailConnectionTimings } from '../emailConnectionTimings';
import { connectFlowError } from './connectionErrors';
import { outlookPopupWindowName, type OutlookAuthMessage } from './outlookAuthMessages';
import { withLoginHint } from './withLoginHint';

/** The popup as the flow uses it. */
export type PopupWindow = { closed: boolean; close: () => void; location: { href: string } };

export type OutlookPopupFlowOptions<Result> = {
  /** POST .../oauth/init for Outlook */
  init: () => Promise<{ authUrl: string; state: string }>;
  /** POST .../oauth/callback-public with the code and the state it came with */
  complete: (code: string, state: string) => Promise<Result>;
  /** `window.open` */
  openWindow: (url: string, name: string, features: string) => PopupWindow | null;
  /** where the receiver's messages arrive (the opener's window) */
  messages: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** the app's origin: messages from any other are ignored */
  origin: string;
  /** pre-fills the mailbox on Microsoft's sign-in (a reconnect) */
  loginHint?: string | null;
  /** @default 500 (SPEC §9) */
  pollMs?: number;
};

export type OutlookPopupOutcome<Result> =
  | { kind: 'connected'; result: Result }
  /** the popup was closed before a code came back (SPEC §4: returns false) */
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

const popupFeatures = () => {
  const { popupWidth: width, popupHeight: height } = emailConnectionTimings;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},popup=yes`;
};

const isAuthMessage = (value: unknown): value is OutlookAuthMessage =>
  typeof value === 'object' &&
  value !== null &&
  ((value as { type?: unknown }).type === 'outlook-auth-code' ||
    (value as { type?: unknown }).type === 'outlook-auth-retry');

/**
 * SPEC §2 'Connection flows': Outlook connects in a 600 x 700 popup. The popup opens before anything is awaited (a
 * blocker allows it only within the click), then goes to Microsoft's authorization URL; the receiver posts
 * 'outlook-auth-code' (or 'outlook-auth-retry' for a new try in the same popup) from the app's origin. The code is
 * exchanged only with the state the flow was given; a popup closed before a code came back cancels (polled every
 * 500 ms).
 */
export const runOutlookPopupFlow = <Result>({
  init,
  complete,
  openWindow,
  messages,
  origin,
  loginHint = null,
  pollMs = emailConnectionTimings.popupPollMs,
}: OutlookPopupFlowOptions<Result>): Promise<OutlookPopupOutcome<Result>> => {
  const popup = openWindow('', outlookPopupWindowName, popupFeatures());
  if (!popup) return Promise.resolve({ kind: 'failed', error: connectFlowError('popup_blocked') });

  return new Promise((resolve) => {
    let expectedState: string | null = null;
    let exchanging = false;
    let done = false;

    const finish = (outcome: OutlookPopupOutcome<Result>) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      messages.removeEventListener('message', handleMessage as EventListener);
      if (outcome.kind === 'failed' && !popup.closed) popup.close();
      resolve(outcome);
    };

    const start = async () => {
      try {
        const { authUrl, state } = await init();
        if (!authUrl || !state) throw connectFlowError('invalid_init_response');
        expectedState = state;
        if (!done) popup.location.href = withLoginHint(authUrl, loginHint);
      } catch (error) {
        finish({ kind: 'failed', error });
      }
    };

    const exchange = async (code: string, state: string) => {
      exchanging = true;
      try {
        finish({ kind: 'connected', result: await complete(code, state) });
      } catch (error) {
        finish({ kind: 'failed', error });
      }
    };

    function handleMessage(event: MessageEvent) {
      if (done || event.origin !== origin || !isAuthMessage(event.data) || exchanging) return;
      const message = event.data;
      if (message.type === 'outlook-auth-retry') {
        expectedState = null;
        void start();
        return;
      }
      if (message.error)
        return finish({
          kind: 'failed',
          error: connectFlowError(message.error === 'access_denied' ? 'access_denied' : 'provider_failed'),
        });
      if (!message.code) return finish({ kind: 'failed', error: connectFlowError('provider_failed') });
      if (!expectedState || message.state !== expectedState)
        return finish({ kind: 'failed', error: connectFlowError('invalid_request') });
      void exchange(message.code, message.state);
    }

    const poll = setInterval(() => {
      if (popup.closed && !exchanging) finish({ kind: 'cancelled' });
    }, pollMs);
    messages.addEventListener('message', handleMessage as EventListener);
    void start();
  });
};
