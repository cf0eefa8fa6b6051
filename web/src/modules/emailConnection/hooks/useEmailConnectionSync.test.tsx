// @vitest-environment happy-dom
import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiError } from '@/lib/http/ApiError';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { mountPerTest } from '@/test/mountPerTest';
import type { EmailConnection } from '../api/emailConnectionsApi';
import { type EmailConnectionMessage, createEmailConnectionChannel } from '../state/emailConnectionBroadcast';
import { emailConnectionState, resetEmailConnection } from '../state/emailConnectionState';
import { authState } from '@/modules/auth/state/authState';
import { initialisesOn, useEmailConnectionSync } from './useEmailConnectionSync';

const minute = 60_000;

const mailbox = (expiresInMinutes: number, change: Partial<EmailConnection> = {}): EmailConnection => ({
  id: 'm1',
  email: 'ada@gmail.com',
  provider: 'gmail',
  status: 'connected',
  isDefault: true,
  expiry: new Date(Date.now() + expiresInMinutes * minute).toISOString(),
  refreshError: null,
  connectedAt: '2026-01-10T12:00:00.000Z',
  lastSynced: null,
  ...change,
});

/** A fake API: the default connection is `server.current`; a refresh answers `server.refresh()`. */
const fakeApi = (server: { current: EmailConnection | null; refresh: () => EmailConnection; revoked?: boolean }) => {
  const request = vi.fn(async (route: string) => {
    if (route === 'GET /api/email-connections/default') {
      if (!server.current) throw new ApiError({ status: 404, code: 'not_found', message: 'Not found' });
      return server.current;
    }
    if (route === 'GET /api/email-connections') return server.current ? [server.current] : [];
    if (route === 'POST /api/email-connections/{id}/validate') {
      if (server.revoked && server.current)
        server.current = { ...server.current, status: 'expired', refreshError: 'invalid_grant' };
      return { valid: !server.revoked, connection: server.current };
    }
    if (route === 'POST /api/email-connections/{id}/refresh') {
      server.current = server.refresh();
      return server.current;
    }
    throw new Error(`unexpected ${route}`);
  });
  return { api: { request } as unknown as ApiClient, request };
};

/** Another tab's end of the channel, and this tab's. */
const channels = () => {
  const target = new EventTarget();
  const create = () =>
    ({
      postMessage: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      close: () => {},
    }) as unknown as BroadcastChannel;
  const options = { createChannel: create, storage: null, target: new EventTarget() as unknown as Window };
  return {
    mine: createEmailConnectionChannel({ tabId: 'this-tab', ...options }),
    other: createEmailConnectionChannel({ tabId: 'other-tab', ...options }),
  };
};

const { render } = mountPerTest();

const Probe = ({ channel }: { channel: ReturnType<typeof channels>['mine'] }) => {
  useEmailConnectionSync({ channel });
  return null;
};

const mount = async (api: ApiClient, channel = channels().mine) => {
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={api}>
        <Probe channel={channel} />
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
};

const refreshCalls = (request: ReturnType<typeof vi.fn>) =>
  request.mock.calls.filter(([route]) => route === 'POST /api/email-connections/{id}/refresh').length;

const flush = () => act(async () => vi.advanceTimersByTimeAsync(200));

/** Lets time pass in steps, so React renders (and runs effects) between timers as it would. */
const pass = async (ms: number) => {
  for (let passed = 0; passed < ms; passed += 5_000) await act(async () => vi.advanceTimersByTimeAsync(5_000));
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  resetEmailConnection();
  // the initial wait of SPEC §4 has passed
  emailConnectionState.initialised = true;
});

afterEach(() => {
  vi.useRealTimers();
  Object.assign(authState, { ready: false, status: 'initial' });
});

describe('initialisesOn', () => {
  it('skips initialisation on the OAuth pages (SPEC §4)', () => {
    expect(initialisesOn('/dashboard')).toBe(true);
    expect(initialisesOn('/oauth/callback')).toBe(false);
    expect(initialisesOn('/outlook-auth')).toBe(false);
    expect(initialisesOn('/gmail-auth')).toBe(false);
  });
});

describe('useEmailConnectionSync', () => {
  it('reads the default connection only once the signed-in user is known', async () => {
    emailConnectionState.initialised = false;
    authState.ready = false;
    authState.status = 'loading';
    const { api, request } = fakeApi({ current: mailbox(60), refresh: () => mailbox(60) });
    await mount(api);
    await pass(10_000);
    expect(request).not.toHaveBeenCalled();
    await act(async () => {
      authState.ready = true;
      authState.status = 'authenticated';
    });
    await pass(10_000);
    expect(request).toHaveBeenCalledWith('GET /api/email-connections/default', expect.anything());
    expect(emailConnectionState.status).toBe('connected');
  });

  it('is connected by the default mailbox and asks for no refresh while its token is fresh', async () => {
    const { api, request } = fakeApi({ current: mailbox(60), refresh: () => mailbox(60) });
    await mount(api);
    await flush();
    expect(emailConnectionState.status).toBe('connected');
    expect(refreshCalls(request)).toBe(0);
  });

  it('asks the server once whether the default mailbox still works, and is expired when its grant was revoked', async () => {
    const { api, request } = fakeApi({ current: mailbox(60), refresh: () => mailbox(60), revoked: true });
    await mount(api);
    await flush();
    await flush();
    expect(emailConnectionState).toMatchObject({ status: 'expired', error: { type: 'invalid_grant' } });
    await pass(minute);
    expect(request.mock.calls.filter(([route]) => route === 'POST /api/email-connections/{id}/validate')).toHaveLength(
      1,
    );
  });

  it('refreshes a token that needs it once, and not again for the fresh 1 h token it gets back', async () => {
    const { api, request } = fakeApi({ current: mailbox(8), refresh: () => mailbox(60) });
    await mount(api);
    await flush();
    await flush();
    expect(refreshCalls(request)).toBe(1);
    await pass(5 * minute);
    expect(refreshCalls(request)).toBe(1);
    expect(emailConnectionState.refreshStatus).toMatchObject({ inProgress: false, success: true });
  });

  it('does not loop when the refresh answers the same expiry', async () => {
    const stale = mailbox(8);
    const { api, request } = fakeApi({ current: stale, refresh: () => ({ ...stale }) });
    await mount(api);
    await pass(2 * minute);
    expect(refreshCalls(request)).toBe(1);
  });

  it('is expired when the refresh finds the grant revoked, and tells the other tabs', async () => {
    const tabs = channels();
    const heard: EmailConnectionMessage[] = [];
    tabs.other.subscribe((message) => heard.push(message));
    const { api } = fakeApi({
      current: mailbox(8),
      refresh: () => mailbox(8, { status: 'expired', refreshError: 'invalid_grant' }),
    });
    await mount(api, tabs.mine);
    await flush();
    await flush();
    expect(emailConnectionState).toMatchObject({ status: 'expired', error: { type: 'invalid_grant' } });
    expect(emailConnectionState.tokenErrors['ada@gmail.com']).toMatchObject({
      provider: 'gmail',
      errorType: 'invalid_grant',
      requiresReconnect: true,
    });
    expect(heard.map((message) => message.type)).toContain('token_expired');
  });

  it("reads the default again on another tab's message and follows it", async () => {
    const tabs = channels();
    const server = { current: null as EmailConnection | null, refresh: () => mailbox(60) };
    const { api } = fakeApi(server);
    await mount(api, tabs.mine);
    await flush();
    expect(emailConnectionState.status).toBe('disconnected');

    server.current = mailbox(60);
    tabs.other.broadcast({ type: 'connection_changed', connectionId: 'm1' });
    await flush();
    expect(emailConnectionState).toMatchObject({ status: 'connected', lastAuthenticatedEmail: 'ada@gmail.com' });
  });

  it('ignores its own broadcast', async () => {
    const tabs = channels();
    const { api, request } = fakeApi({ current: null, refresh: () => mailbox(60) });
    await mount(api, tabs.mine);
    await flush();
    const reads = request.mock.calls.length;
    tabs.mine.broadcast({ type: 'connection_changed', connectionId: 'm1' });
    await flush();
    expect(request.mock.calls.length).toBe(reads);
  });
});
