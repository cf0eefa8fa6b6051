// @vitest-environment happy-dom
import { act } from 'react';
import { subscribe } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { buttonIn, buttonNamed, mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import {
  expiredZoomConnection,
  fakeZoomApi,
  type FakeZoomServer,
  ZoomTestProviders,
  zoomConnection,
  zoomTestState,
} from '@/test/zoomFixtures';
import { resetZoom, zoomState } from '../state/zoomState';
import { useZoomOAuthReturn } from '../hooks/useZoomOAuthReturn';
import { pendingZoomAuthKey, writePendingZoomAuth } from '../utils/zoomOAuthReturn';
import { HeaderZoomConnection } from './HeaderZoomConnection';

const { render } = mountPerTest();

/** The signed-in shell's share: its pickup of Zoom's code, and the header's widget. */
const Shell = ({ pickup }: { pickup: boolean }) => (
  <>
    {pickup && <Pickup />}
    <HeaderZoomConnection />
  </>
);

const Pickup = () => {
  useZoomOAuthReturn();
  return null;
};

const mount = async (server: FakeZoomServer, { pickup = false } = {}) => {
  const fake = fakeZoomApi(server);
  await render(
    <ZoomTestProviders api={fake.api}>
      <Shell pickup={pickup} />
    </ZoomTestProviders>,
  );
  await act(async () => buttonNamed(/, Zoom connection$/)!.click());
  // the popover's code arrives at the first click
  await untilPasses(() => expect(document.querySelector('.ant-popover')).not.toBeNull());
  return fake;
};

const popoverText = () => document.querySelector('.ant-popover')?.textContent ?? '';
const popoverButton = (name: string) => buttonIn('.ant-popover', name);

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetZoom();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/meetings?tab=past');
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  assign.mockRestore();
});

/** Where the connect button sent the browser, read back. */
const leftFor = () => new URL(String(assign.mock.calls.at(-1)?.[0]));

describe('HeaderZoomConnection', () => {
  it("says 'Loading Zoom info' while the connection is read", async () => {
    await mount({ connection: new Promise(() => {}) as never });
    expect(popoverText()).toContain('Loading Zoom info');
  });

  it('shows the connected account and when its token expires; Disconnect Zoom ends disconnected', async () => {
    const { calls } = await mount({ connection: zoomConnection() });
    await untilPasses(() => expect(popoverText()).toContain('Connected: ada@zoom.test'));
    expect(popoverText()).toMatch(/Token expires at .*2026/);

    await act(async () => popoverButton('Disconnect Zoom')!.click());
    await untilPasses(() => expect(popoverText()).toContain('No Zoom account connected'));
    expect(calls('POST /zoom/disconnect')).toHaveLength(1);
    expect(zoomState.status).toBe('disconnected');
  });

  it('ends disconnected even when the server could not disconnect, then shows what the server holds', async () => {
    const server: FakeZoomServer = {
      connection: zoomConnection(),
      disconnect: () => Promise.reject(new ApiError({ status: 500, code: 'server_error', message: 'Server error' })),
    };
    const { calls } = await mount(server);
    await untilPasses(() => expect(popoverText()).toContain('Connected: ada@zoom.test'));
    const reads = calls('GET /zoom/connection').length;
    const states: string[] = [];
    const unsubscribe = subscribe(zoomState, () => states.push(zoomState.status));

    await act(async () => popoverButton('Disconnect Zoom')!.click());
    await untilPasses(() => expect(calls('GET /zoom/connection').length).toBeGreaterThan(reads));
    expect(states).toContain('disconnected');
    await untilPasses(() => expect(popoverText()).toContain('Connected: ada@zoom.test'));
    unsubscribe();
  });

  it('offers to reconnect an expired connection, through the same flow', async () => {
    await mount({ connection: expiredZoomConnection() });
    await untilPasses(() => expect(popoverText()).toContain('Zoom Authentication Expired'));
    expect(popoverText()).toContain('Reconnect your Zoom account to continue.');

    await act(async () => popoverButton('Reconnect Zoom')!.click());
    await untilPasses(() => expect(assign).toHaveBeenCalled());
    expect(leftFor().origin).toBe('https://zoom.test');
    expect(JSON.parse(sessionStorage.getItem(pendingZoomAuthKey)!)).toMatchObject({ reconnect: true });
    expect(popoverText()).toContain('Reconnecting Zoom');
  });

  it("offers to connect while disconnected: the server starts the sign-in for this page, the browser goes to Zoom's consent with the server's state", async () => {
    window.history.replaceState(null, '', '/meetings?tab=past&code=stale&state=stale-state-0123456789abc');
    sessionStorage.setItem(pendingZoomAuthKey, JSON.stringify({ state: 'x'.repeat(43), reconnect: false }));
    // the shell's pickup is not mounted here: the stale code stays in the URL, and is not asked back
    const { calls } = await mount({ connection: null });
    await untilPasses(() => expect(popoverText()).toContain('No Zoom account connected'));
    expect(popoverText()).toContain('Connect your Zoom to auto-generate meeting links.');

    await act(async () => popoverButton('Connect Zoom')!.click());
    await untilPasses(() => expect(assign).toHaveBeenCalled());
    expect(calls('POST /zoom/oauth/init').map(([, input]) => input)).toEqual([
      { body: { redirect: `${window.location.origin}/meetings?tab=past` } },
    ]);
    const url = leftFor();
    expect(`${url.origin}${url.pathname}`).toBe('https://zoom.test/oauth/authorize');
    const stored = JSON.parse(sessionStorage.getItem(pendingZoomAuthKey)!) as { state: string; reconnect: boolean };
    expect(stored).toEqual({ state: zoomTestState, reconnect: false });
    expect(popoverText()).toContain('Updating Zoom connection');
  });

  it("says 'Failed to initialize Zoom connection.' and stays on the page when the server cannot start the sign-in", async () => {
    await mount({
      connection: null,
      init: () => Promise.reject(new ApiError({ status: 500, code: 'server_error', message: 'Server error' })),
    });
    await untilPasses(() => expect(popoverText()).toContain('No Zoom account connected'));
    await act(async () => popoverButton('Connect Zoom')!.click());
    await untilPasses(() => expect(popoverText()).toContain('Failed to initialize Zoom connection.'));
    expect(assign).not.toHaveBeenCalled();
    expect(zoomState.status).toBe('error');
  });

  it("says 'Failed to initialize Zoom connection.' when the connection cannot be read", async () => {
    await mount({ connection: new ApiError({ status: 403, code: 'forbidden', message: 'Access denied' }) });
    await untilPasses(() => expect(popoverText()).toContain('Failed to initialize Zoom connection.'));
    expect(zoomState.status).toBe('error');
    expect(popoverButton('Connect Zoom')?.disabled).toBe(false);
  });

  it("shows 'Zoom OAuth exchange failed.' after a failed exchange, and offers to connect again", async () => {
    writePendingZoomAuth({ state: 's'.repeat(43), reconnect: false });
    window.history.replaceState(null, '', `/dashboard?code=c-1&state=${'s'.repeat(43)}`);
    await mount(
      {
        connection: null,
        exchange: () => Promise.reject(new ApiError({ status: 502, code: 'server_error', message: 'Server error' })),
      },
      { pickup: true },
    );
    await untilPasses(() => expect(popoverText()).toContain('Zoom OAuth exchange failed.'));
    expect(popoverText()).toContain('No Zoom account connected');
    expect(popoverButton('Connect Zoom')?.disabled).toBe(false);
    // the page's own read of the connection, answered meanwhile, does not wipe out what went wrong
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(popoverText()).toContain('Zoom OAuth exchange failed.');
  });

  it('shows the account a code connected, without a reload', async () => {
    writePendingZoomAuth({ state: 's'.repeat(43), reconnect: false });
    window.history.replaceState(null, '', `/dashboard?code=c-1&state=${'s'.repeat(43)}`);
    await mount({ connection: null }, { pickup: true });
    await untilPasses(() => expect(popoverText()).toContain('Connected: ada@zoom.test'));
  });
});
