// @vitest-environment happy-dom
import { zoomInitBody } from '@shared/schemas/meetings';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import {
  isDuplicateZoomCode,
  pendingZoomAuthKey,
  takeZoomReturn,
  writePendingZoomAuth,
  zoomReturnUrl,
  type ZoomReturnWindow,
} from './zoomOAuthReturn';

const state = 'Q2xhdWRlIHdhcyBoZXJlLCByYW5kb20gc3RhdGUh';

/** A window at `href`, whose replaceState moves it. */
const windowAt = (href: string, name = ''): ZoomReturnWindow & { location: { href: string } } => {
  const win = {
    name,
    location: { href },
    history: {
      state: { idx: 3 },
      replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => {
        if (url) win.location.href = new URL(url, win.location.href).href;
      },
    },
  };
  return win;
};

beforeEach(() => sessionStorage.clear());

describe('takeZoomReturn', () => {
  it("answers the code with this tab's state, takes code and state out of the URL and uses the state up", () => {
    writePendingZoomAuth({ state, reconnect: true });
    const win = windowAt(`https://app.test/pipeline?view=board&code=c-1&state=${state}#card-2`);
    expect(takeZoomReturn(win)).toEqual({ kind: 'code', code: 'c-1', state, reconnect: true });
    expect(win.location.href).toBe('https://app.test/pipeline?view=board#card-2');
    expect(sessionStorage.getItem(pendingZoomAuthKey)).toBeNull();
    // a second look (StrictMode's second effect run, a reload) finds nothing to exchange
    expect(takeZoomReturn(win)).toBeNull();
  });

  it('refuses a code whose state is not the one this tab stored (CSRF), and one with no flow started here', () => {
    writePendingZoomAuth({ state, reconnect: false });
    const forged = windowAt('https://app.test/dashboard?code=c-1&state=someone-elses-state-123456');
    expect(takeZoomReturn(forged)).toEqual({ kind: 'mismatch' });
    expect(forged.location.href).toBe('https://app.test/dashboard');

    const unasked = windowAt(`https://app.test/dashboard?code=c-2&state=${state}`);
    expect(takeZoomReturn(unasked)).toEqual({ kind: 'mismatch' });
    expect(unasked.location.href).toBe('https://app.test/dashboard');
  });

  it("leaves the mailbox receivers' codes and the Outlook popup alone", () => {
    writePendingZoomAuth({ state, reconnect: false });
    for (const win of [
      windowAt(`https://app.test/gmail-auth?code=g-1&state=${state}`),
      windowAt(`https://app.test/outlook-auth?code=o-1&state=${state}`),
      windowAt(`https://app.test/dashboard?code=o-1&state=${state}`, 'outlook-auth-popup'),
    ]) {
      const before = win.location.href;
      expect(takeZoomReturn(win)).toBeNull();
      expect(win.location.href).toBe(before);
    }
    expect(JSON.parse(sessionStorage.getItem(pendingZoomAuthKey) ?? 'null')).toEqual({ state, reconnect: false });
  });

  it("answers a denied consent for this tab's flow; an error of something else stays where it is", () => {
    writePendingZoomAuth({ state, reconnect: false });
    const other = windowAt('https://app.test/dashboard?error=access_denied&state=not-ours-state-1234567890');
    expect(takeZoomReturn(other)).toBeNull();
    expect(other.location.href).toBe('https://app.test/dashboard?error=access_denied&state=not-ours-state-1234567890');

    const denied = windowAt(`https://app.test/dashboard?error=access_denied&state=${state}`);
    expect(takeZoomReturn(denied)).toEqual({ kind: 'denied', reconnect: false });
    expect(denied.location.href).toBe('https://app.test/dashboard');
  });

  it('answers nothing on a page without a code', () => {
    writePendingZoomAuth({ state, reconnect: false });
    expect(takeZoomReturn(windowAt('https://app.test/meetings?tab=past'))).toBeNull();
    expect(sessionStorage.getItem(pendingZoomAuthKey)).not.toBeNull();
  });
});

describe('the connect request', () => {
  it('names a page the route accepts as where Zoom sends the browser back', () => {
    expect(zoomInitBody.safeParse({ redirect: zoomReturnUrl(new URL('https://app.test/x?y=1#z')) }).success).toBe(true);
  });

  it("asks Zoom back to this page without an earlier flow's parameters or the fragment", () => {
    expect(zoomReturnUrl(new URL('https://app.test/meetings?tab=past&code=old&state=old#top'))).toBe(
      'https://app.test/meetings?tab=past',
    );
  });
});

describe('isDuplicateZoomCode', () => {
  it("recognises SPEC §8's duplicate code texts in any case, and nothing else", () => {
    const answer = (serverMessage: string) =>
      new ApiError({ status: 400, code: 'bad_request', message: serverMessage, serverMessage });
    expect(isDuplicateZoomCode(answer('This Zoom authorization code has already been used.'))).toBe(true);
    expect(isDuplicateZoomCode(answer('Invalid Authorization Code'))).toBe(true);
    expect(isDuplicateZoomCode(answer('Invalid Zoom authorization request. Please connect Zoom again.'))).toBe(false);
    expect(isDuplicateZoomCode(new ApiError({ status: 500, code: 'server_error', message: 'Server error' }))).toBe(
      false,
    );
  });
});
