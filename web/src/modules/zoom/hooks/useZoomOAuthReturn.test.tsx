// @vitest-environment happy-dom
import { zoomMessages as serverTexts } from '@shared/schemas/meetings';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { fakeZoomApi, type FakeZoomServer, ZoomTestProviders, zoomConnection } from '@/test/zoomFixtures';
import { resetZoom, zoomState } from '../state/zoomState';
import { writePendingZoomAuth } from '../utils/zoomOAuthReturn';
import { i18n } from '@/i18n';
import { useZoomConnection } from './useZoomConnection';
import { useZoomOAuthReturn } from './useZoomOAuthReturn';

const state = 'c3RhdGUtbWFkZS1ieS10aGlzLXRhYi0zMi1ieXRlcw';

const { render } = mountPerTest();

let seen: ReturnType<typeof useZoomConnection> | undefined;

/** The shell's pickup, and a reader of the connection as the header and the meetings page have it. */
const Shell = () => {
  useZoomOAuthReturn();
  seen = useZoomConnection();
  return null;
};

const mount = async (server: FakeZoomServer) => {
  const fake = fakeZoomApi(server);
  await render(
    <ZoomTestProviders api={fake.api}>
      <Shell />
    </ZoomTestProviders>,
  );
  return fake;
};

/** Zoom sends the browser back to `path` with a code and a state. */
const backFromZoom = (path: string, code: string, returnedState = state) =>
  window.history.replaceState(null, '', `${path}${path.includes('?') ? '&' : '?'}code=${code}&state=${returnedState}`);

const answer = (status: number, serverMessage: string) =>
  new ApiError({ status, code: 'bad_request', message: serverMessage, serverMessage });

beforeEach(() => {
  resetZoom();
  seen = undefined;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/dashboard');
});

describe('useZoomOAuthReturn', () => {
  it('exchanges the code once under StrictMode, cleans the URL, then checks the connection: connected', async () => {
    writePendingZoomAuth({ state, reconnect: false });
    backFromZoom('/pipeline?view=board', 'code-1');
    const { calls } = await mount({ connection: null });

    await untilPasses(() => expect(zoomState.status).toBe('connected'));
    expect(calls('POST /zoom/oauth/exchange').map(([, input]) => input)).toEqual([{ body: { code: 'code-1', state } }]);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/pipeline?view=board');
    await untilPasses(() => expect(seen?.connection).toEqual(zoomConnection()));
  });

  it("does not exchange a code whose state is not this tab's: 'Zoom OAuth exchange failed.'", async () => {
    writePendingZoomAuth({ state, reconnect: false });
    backFromZoom('/meetings', 'code-1', 'Zm9yZ2VkLXN0YXRlLWZyb20tYW5vdGhlci1zaXRl');
    const { calls } = await mount({ connection: null });

    await untilPasses(() => expect(zoomState.status).toBe('error'));
    expect(zoomState.error?.message).toBe(i18n.t('zoom:exchangeFailed'));
    expect(calls('POST /zoom/oauth/exchange')).toEqual([]);
    expect(window.location.search).toBe('');
  });

  it('refuses a code when this tab started no Zoom flow', async () => {
    backFromZoom('/dashboard', 'code-1');
    const { calls } = await mount({ connection: null });

    await untilPasses(() => expect(zoomState.error?.message).toBe(i18n.t('zoom:exchangeFailed')));
    expect(calls('POST /zoom/oauth/exchange')).toEqual([]);
  });

  it('ignores a code that was already used (SPEC §8) and still checks the connection', async () => {
    writePendingZoomAuth({ state, reconnect: false });
    backFromZoom('/dashboard', 'code-1');
    const { calls } = await mount({
      connection: zoomConnection(),
      exchange: () => Promise.reject(answer(400, serverTexts.codeUsed)),
    });

    await untilPasses(() => expect(zoomState.status).toBe('connected'));
    expect(zoomState.error).toBeNull();
    expect(calls('POST /zoom/oauth/exchange')).toHaveLength(1);
    // the pickup read the connection after the exchange failed, besides the page's own read
    expect(calls('GET /zoom/connection').length - calls('POST /zoom/oauth/exchange').length).toBeGreaterThanOrEqual(1);
  });

  it("ends any other failure in the error state with 'Zoom OAuth exchange failed.'", async () => {
    writePendingZoomAuth({ state, reconnect: false });
    backFromZoom('/dashboard', 'code-1');
    await mount({ connection: null, exchange: () => Promise.reject(answer(400, serverTexts.invalidState)) });

    await untilPasses(() => expect(zoomState.status).toBe('error'));
    expect(zoomState.error?.message).toBe('Zoom OAuth exchange failed.');
    expect(window.location.search).toBe('');
  });

  it("says 'Reconnecting Zoom' while the code of a reconnect is exchanged", async () => {
    writePendingZoomAuth({ state, reconnect: true });
    backFromZoom('/dashboard', 'code-1');
    let finish: (value: unknown) => void = () => {};
    const server: FakeZoomServer = {
      connection: zoomConnection({ connected: false, refreshError: 'invalid_grant' }),
      exchange: () => new Promise((resolve) => (finish = resolve)),
    };
    await mount(server);

    await untilPasses(() => expect(zoomState).toMatchObject({ status: 'connecting', pending: 'reconnecting' }));
    server.connection = zoomConnection();
    finish(server.connection);
    await untilPasses(() => expect(zoomState).toMatchObject({ status: 'connected', pending: null }));
  });

  it('leaves a page without a code alone', async () => {
    writePendingZoomAuth({ state, reconnect: false });
    const { calls } = await mount({ connection: null });
    await untilPasses(() => expect(seen?.isLoading).toBe(false));
    expect(calls('POST /zoom/oauth/exchange')).toEqual([]);
    expect(zoomState.status).toBe('disconnected');
  });

  it("says the server's exchange failure text", () => {
    expect(i18n.t('zoom:exchangeFailed', { lng: 'en' })).toBe(serverTexts.exchangeFailed);
  });
});
