// @vitest-environment happy-dom
import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiError } from '@/lib/http/ApiError';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { mountPerTest } from '@/test/mountPerTest';
import type { EmailConnection } from '../api/emailConnectionsApi';
import { emailConnectionState, resetEmailConnection } from '../state/emailConnectionState';
import { useEmailConnect } from './useEmailConnect';

const outlookMailbox = (change: Partial<EmailConnection> = {}): EmailConnection => ({
  id: 'm2',
  email: 'ada@outlook.com',
  provider: 'outlook',
  status: 'connected',
  isDefault: true,
  expiry: '2030-01-10T13:00:00.000Z',
  refreshError: null,
  connectedAt: '2026-01-10T12:00:00.000Z',
  lastSynced: null,
  ...change,
});

const fakeApi = (answers: { init?: () => unknown; callback?: () => unknown } = {}) => {
  const request = vi.fn(async (route: string, _input?: unknown) => {
    if (route === 'POST /api/email-connections/oauth/init')
      return answers.init?.() ?? { authUrl: 'https://idp.test/authorize?client_id=c', state: 'state-1' };
    if (route === 'POST /api/email-connections/oauth/callback-public') {
      const connection = (answers.callback?.() as EmailConnection | undefined) ?? outlookMailbox();
      return {
        email: connection.email,
        provider: connection.provider,
        id: connection.id,
        status: connection.status,
        expiry: connection.expiry,
        connection,
      };
    }
    if (route === 'GET /api/email-connections/default') return outlookMailbox();
    if (route === 'GET /api/email-connections') return [outlookMailbox()];
    throw new Error(`unexpected ${route}`);
  });
  return { api: { request } as unknown as ApiClient, request };
};

const { render } = mountPerTest();
let connect: ReturnType<typeof useEmailConnect>['connect'];

const Probe = () => {
  ({ connect } = useEmailConnect());
  return null;
};

const mount = async (api: ApiClient) => {
  await render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ApiClientContext.Provider value={api}>
        <Probe />
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
};

type Popup = { closed: boolean; close: () => void; location: { href: string } };
let popup: Popup | null;

beforeEach(() => {
  resetEmailConnection();
  sessionStorage.clear();
  popup = null;
  vi.spyOn(window, 'open').mockImplementation(() => {
    const opened: Popup = {
      closed: false,
      close: () => {
        opened.closed = true;
      },
      location: { href: '' },
    };
    popup = opened;
    return opened as unknown as Window;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const postFromReceiver = (data: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));

describe('useEmailConnect', () => {
  it('connects Outlook in the popup: connecting meanwhile, connected with the mailbox remembered', async () => {
    const { api, request } = fakeApi();
    await mount(api);
    let done!: Promise<boolean>;
    act(() => {
      done = connect('outlook');
    });
    expect(emailConnectionState).toMatchObject({ status: 'connecting', pending: 'updating' });
    await vi.waitFor(() => expect(popup?.location.href).toBe('https://idp.test/authorize?client_id=c'));
    await act(async () => {
      postFromReceiver({
        type: 'outlook-auth-code',
        code: 'c1',
        error: null,
        errorDescription: null,
        state: 'state-1',
        timestamp: 1,
      });
      await expect(done).resolves.toBe(true);
    });
    expect(request).toHaveBeenCalledWith('POST /api/email-connections/oauth/callback-public', {
      body: { provider: 'outlook', code: 'c1', state: 'state-1', origin: window.location.origin },
    });
    expect(emailConnectionState).toMatchObject({
      status: 'connected',
      pending: null,
      lastAuthenticatedEmail: 'ada@outlook.com',
    });
  });

  it('leaves the store where it was when the mailbox connected is not the default', async () => {
    const { api } = fakeApi({ callback: () => outlookMailbox({ isDefault: false }) });
    await mount(api);
    Object.assign(emailConnectionState, { status: 'expired', settled: 'expired' });
    let done!: Promise<boolean>;
    act(() => {
      done = connect('outlook');
    });
    await vi.waitFor(() => expect(popup?.location.href).not.toBe(''));
    await act(async () => {
      postFromReceiver({
        type: 'outlook-auth-code',
        code: 'c1',
        error: null,
        errorDescription: null,
        state: 'state-1',
        timestamp: 1,
      });
      await done;
    });
    expect(emailConnectionState.status).toBe('expired');
  });

  it('goes back to where it was, with the popup blocker text, when the popup cannot open', async () => {
    vi.mocked(window.open).mockReturnValue(null);
    const { api } = fakeApi();
    await mount(api);
    await act(async () => {
      await expect(connect('outlook')).resolves.toBe(false);
    });
    expect(emailConnectionState).toMatchObject({
      status: 'disconnected',
      pending: null,
      error: {
        message: 'Failed to open Outlook authentication popup. Please check your browser popup blocker settings.',
      },
    });
  });

  it('refuses a second flow while one runs', async () => {
    const { api } = fakeApi();
    await mount(api);
    act(() => void connect('outlook'));
    await act(async () => {
      await expect(connect('gmail')).resolves.toBe(false);
    });
    expect(window.open).toHaveBeenCalledTimes(1);
  });

  it('sends the whole page to Google for Gmail, remembering the state and the path to come back to', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: 'http://app.test',
      pathname: '/outreach',
      search: '?contact=c1',
      hash: '',
      assign,
    } as unknown as Location);
    const { api, request } = fakeApi();
    await mount(api);
    await act(async () => {
      await connect('gmail', { loginHint: 'ada@gmail.com', reconnect: true });
    });
    expect(request).toHaveBeenCalledWith('POST /api/email-connections/oauth/init', {
      body: { provider: 'gmail', origin: 'http://app.test' },
    });
    expect(assign).toHaveBeenCalledExactlyOnceWith('https://idp.test/authorize?client_id=c&login_hint=ada%40gmail.com');
    expect(JSON.parse(sessionStorage.getItem('emailAuthPending') ?? '{}')).toEqual({
      state: 'state-1',
      returnPath: '/outreach?contact=c1',
      loginHint: 'ada@gmail.com',
      makeDefault: false,
    });
    expect(emailConnectionState).toMatchObject({ status: 'connecting', pending: 'reconnecting' });
  });

  it('says the service gave no OAuth URL when init fails on the server', async () => {
    const { api } = fakeApi({
      init: () => {
        throw new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
      },
    });
    await mount(api);
    await act(async () => {
      await expect(connect('gmail')).resolves.toBe(false);
    });
    expect(emailConnectionState.error?.message).toBe('Failed to get OAuth URL from service for Gmail');
  });
});
