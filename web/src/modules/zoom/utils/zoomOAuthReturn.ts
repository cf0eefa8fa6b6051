import { isApiError } from '@/lib/http/ApiError';
import { emailConnectionPaths } from '@/lib/paths';
import { outlookPopupWindowName } from '@/modules/emailConnection/utils/outlookAuthMessages';
import { isRecord } from '@/lib/isRecord';

/** sessionStorage: the Zoom connect flow under way in this tab (Zoom sends the browser back to this same tab). */
export const pendingZoomAuthKey = 'zoomAuthPending';

export type PendingZoomAuth = {
  /** the state the server started the sign-in with: the code Zoom sends back is exchanged only with this state */
  state: string;
  /** renewing an expired connection: the popover says 'Reconnecting Zoom' while the code is exchanged */
  reconnect: boolean;
};

/** What came back in the URL of a page, once the flow's stored state was checked. */
export type ZoomReturn =
  | { kind: 'code'; code: string; state: string; reconnect: boolean }
  /** Zoom answered with an error (consent denied) for this tab's flow */
  | { kind: 'denied'; reconnect: boolean }
  /** a code whose state is not the one this tab sent (or no flow was started here): never exchanged (CSRF) */
  | { kind: 'mismatch' };

const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export const writePendingZoomAuth = (pending: PendingZoomAuth | null) => {
  try {
    if (pending) session()?.setItem(pendingZoomAuthKey, JSON.stringify(pending));
    else session()?.removeItem(pendingZoomAuthKey);
  } catch {
    // storage denied (private mode): the code that comes back cannot be checked, so it will not be exchanged
  }
};

/** The pending flow, removed as it is read: a state is good for one exchange. */
export const takePendingZoomAuth = (): PendingZoomAuth | null => {
  let value: unknown = null;
  try {
    const raw = session()?.getItem(pendingZoomAuthKey);
    value = raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    value = null;
  }
  writePendingZoomAuth(null);
  return isRecord(value) && typeof value.state === 'string' && value.state
    ? { state: value.state, reconnect: value.reconnect === true }
    : null;
};

const oauthParams = ['code', 'state', 'error', 'error_description'];

/** `url` without what Zoom adds to it: what the page shows once back. */
export const withoutZoomParams = (url: URL) => {
  const clean = new URL(url.href);
  for (const name of oauthParams) clean.searchParams.delete(name);
  return clean.href;
};

/** Where Zoom is asked to send the browser back: this page, without a fragment (redirect URIs carry none). */
export const zoomReturnUrl = (url: URL) => {
  const clean = new URL(withoutZoomParams(url));
  clean.hash = '';
  return clean.href;
};

/** The mailbox flows' receivers read their own `code` (SPEC §2 'Popup routes'): never a Zoom return. */
const mailboxReceiverPaths: readonly string[] = [emailConnectionPaths.gmailAuth, emailConnectionPaths.outlookAuth];

export type ZoomReturnWindow = Pick<Window, 'name'> & {
  location: Pick<Location, 'href'>;
  history: Pick<History, 'state' | 'replaceState'>;
};

/**
 * SPEC §2: a `code` on any signed-in page is Zoom coming back. Takes it out of the URL at once (a reload or a second
 * effect run finds nothing to exchange again) and checks its `state` against the one this tab stored, which is
 * consumed. Null when the page has nothing of Zoom's (no code; the mailbox receivers and the Outlook popup, whose
 * codes are theirs; an `error` that is not for this tab's flow).
 */
export const takeZoomReturn = (win: ZoomReturnWindow): ZoomReturn | null => {
  const url = new URL(win.location.href);
  if (mailboxReceiverPaths.includes(url.pathname) || win.name === outlookPopupWindowName) return null;
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  const error = url.searchParams.get('error');
  if (!code && !error) return null;
  const pending = takePendingZoomAuth();
  if (!code && (!pending || pending.state !== state)) {
    // an error that is not this tab's Zoom flow: the flow (if any) stays pending, the URL as it is
    if (pending) writePendingZoomAuth(pending);
    return null;
  }
  win.history.replaceState(win.history.state, '', withoutZoomParams(url));
  if (!pending || !state || pending.state !== state) return { kind: 'mismatch' };
  if (!code) return { kind: 'denied', reconnect: pending.reconnect };
  return { kind: 'code', code, state, reconnect: pending.reconnect };
};

/**
 * SPEC §8 'Zoom': the code was already exchanged (e.g. a page's effect ran twice): ignored, the connection is read
 * instead of failing.
 */
export const isDuplicateZoomCode = (error: unknown) => {
  const text = (
    isApiError(error)
      ? `${error.message} ${error.serverMessage ?? ''}`
      : error instanceof Error
        ? error.message
        : String(error)
  ).toLowerCase();
  return text.includes('already been used') || text.includes('invalid authorization code');
};
