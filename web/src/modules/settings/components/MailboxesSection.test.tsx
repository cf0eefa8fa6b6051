// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '@shared/schemas/mailboxes';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiError } from '@/lib/http/ApiError';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { resetEmailConnection } from '@/modules/emailConnection/state/emailConnectionState';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { MailboxesSection } from './MailboxesSection';

const hour = 60 * 60_000;

const mailbox = (overrides: Partial<Connection> & Pick<Connection, 'id' | 'email' | 'provider'>): Connection => ({
  status: 'connected',
  isDefault: false,
  expiry: new Date(Date.now() + 2 * hour).toISOString(),
  refreshError: null,
  connectedAt: '2026-11-20T10:00:00.000Z',
  lastSynced: null,
  ...overrides,
});

const gmail = () => mailbox({ id: 'm-gmail', email: 'ada@gmail.example', provider: 'gmail', isDefault: true });
const outlook = () => mailbox({ id: 'm-outlook', email: 'ada@outlook.example', provider: 'outlook' });

type Server = {
  /** the mailboxes as the server holds them, the default first */
  mailboxes: Connection[];
  /** what validating a mailbox finds (it stays as it is unless said) */
  validation?: Record<string, Partial<Connection>>;
  listFails?: boolean;
};

/** A fake client over `server`: the mailboxes routes as DESIGN §8 describes them. */
const fakeApi = (server: Server) => {
  const byDefault = () => [...server.mailboxes].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const request = vi.fn(async (route: string, input?: { params?: { id: string } }) => {
    const id = input?.params?.id;
    switch (route) {
      case 'GET /api/email-connections':
        if (server.listFails)
          throw new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
        return byDefault();
      case 'GET /api/email-connections/default':
        return byDefault().find((connection) => connection.isDefault);
      case 'POST /api/email-connections/{id}/validate': {
        server.mailboxes = server.mailboxes.map((connection) =>
          connection.id === id ? { ...connection, ...server.validation?.[connection.id] } : connection,
        );
        const connection = server.mailboxes.find((item) => item.id === id)!;
        return { valid: connection.status === 'connected', connection };
      }
      case 'POST /api/email-connections/{id}/default':
        server.mailboxes = server.mailboxes.map((connection) => ({ ...connection, isDefault: connection.id === id }));
        return server.mailboxes.find((connection) => connection.id === id);
      case 'DELETE /api/email-connections/{id}':
        server.mailboxes = server.mailboxes.filter((connection) => connection.id !== id);
        return { deleted: true, id };
      case 'POST /api/email-connections/oauth/init':
        return { authUrl: 'http://localhost:4110/microsoft/authorize?client_id=c', state: 'state-1' };
      default:
        throw new Error(`unexpected ${route}`);
    }
  });
  return { api: { request } as unknown as ApiClient, request };
};

const calls = (request: ReturnType<typeof fakeApi>['request'], route: string) =>
  request.mock.calls.filter(([called]) => called === route);

const { container, render } = mountPerTest();

const show = async (api: ApiClient) => {
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={api}>
        {/*
          the app's own feedback provider: its toasts render in this test's root, which is unmounted after each test;
          without it a toast falls back to antd's static notification, drawn in a root of its own that outlives the
          file ('window is not defined'); no click wave, drawn in a root of its own too
        */}
        <ConfigProvider wave={{ disabled: true }}>
          <AppFeedbackProvider>
            <MailboxesSection />
          </AppFeedbackProvider>
        </ConfigProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
};

const section = () => container().querySelector<HTMLElement>('[data-testid="settings-mailboxes"]')!;
const rows = () => [...section().querySelectorAll<HTMLElement>('[data-testid="mailbox-row"]')];
const row = (email: string) =>
  rows().find((item) => item.querySelector('[data-testid="mailbox-email"]')?.textContent === email);
const rowButton = (email: string, name: string) =>
  [...(row(email)?.querySelectorAll('button') ?? [])].find((button) => button.textContent === name);
const sectionButton = (name: string) =>
  [...section().querySelectorAll('button')].find((button) => button.textContent === name);
const shownAddresses = () => rows().map((item) => item.querySelector('[data-testid="mailbox-email"]')?.textContent);

const until = (check: () => void) => act(() => vi.waitFor(check));

beforeEach(() => {
  resetEmailConnection();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('MailboxesSection', () => {
  it('invites to connect Gmail or Outlook when there is no mailbox, and checks nothing', async () => {
    const { api, request } = fakeApi({ mailboxes: [] });
    await show(api);
    await until(() => expect(section().textContent).toContain('No mailboxes connected'));
    expect(section().textContent).toContain('Connect your email to start sending outreach messages');
    expect(sectionButton('Connect Gmail')).toBeDefined();
    expect(sectionButton('Connect Outlook')).toBeDefined();
    expect(section().querySelector('ul[aria-label="Mailboxes"]')).toBeNull();
    expect(calls(request, 'POST /api/email-connections/{id}/validate')).toHaveLength(0);
  });

  it('lists the mailboxes, the default first, with provider, Default tag and token health', async () => {
    const { api } = fakeApi({ mailboxes: [outlook(), gmail()] });
    await show(api);
    await until(() => expect(shownAddresses()).toEqual(['ada@gmail.example', 'ada@outlook.example']));

    const first = row('ada@gmail.example')!;
    expect(first.querySelector('[data-testid="mailbox-provider"]')?.textContent).toBe('Gmail');
    expect(first.textContent).toContain('Default');
    expect(first.textContent).toContain('Connected');
    expect(first.textContent).toContain('Your email authentication is valid.');
    expect(rowButton('ada@gmail.example', 'Make default')).toBeUndefined();
    expect(rowButton('ada@gmail.example', 'Reconnect')).toBeUndefined();

    const second = row('ada@outlook.example')!;
    expect(second.querySelector('[data-testid="mailbox-provider"]')?.textContent).toBe('Outlook');
    expect(second.querySelector('.mailbox-row__default')).toBeNull();
    expect(rowButton('ada@outlook.example', 'Make default')).toBeDefined();
    expect(rowButton('ada@outlook.example', 'Disconnect')).toBeDefined();
    expect(sectionButton('Connect Gmail')).toBeDefined();
    expect(sectionButton('Connect Outlook')).toBeDefined();
  });

  it("says a token close to its expiry is being renewed (SPEC §8 'Token health')", async () => {
    const soon = new Date(Date.now() + 90_000).toISOString();
    const { api } = fakeApi({ mailboxes: [{ ...gmail(), expiry: soon }] });
    await show(api);
    await until(() =>
      expect(row('ada@gmail.example')?.textContent).toContain(
        'Your email authentication will expire very soon. Refreshing...',
      ),
    );
  });

  it('shows an expired mailbox with the expired texts and a Reconnect button instead of the health', async () => {
    const expired = { ...outlook(), status: 'expired' as const, refreshError: 'invalid_grant' };
    const { api } = fakeApi({ mailboxes: [gmail(), expired] });
    await show(api);
    await until(() => expect(row('ada@outlook.example')?.textContent).toContain('Email Authentication Expired'));
    const text = row('ada@outlook.example')!.textContent;
    expect(text).toContain('Your email connection has expired. Please reconnect to continue sending emails.');
    expect(text).not.toContain('Connected');
    expect(rowButton('ada@outlook.example', 'Reconnect')).toBeDefined();
    expect(row('ada@gmail.example')!.textContent).not.toContain('Email Authentication Expired');
  });

  it('asks the server to check each mailbox once when it opens, and shows a revoked one as expired', async () => {
    const server: Server = {
      mailboxes: [gmail(), outlook()],
      validation: { 'm-gmail': { status: 'expired', refreshError: 'invalid_grant' } },
    };
    const { api, request } = fakeApi(server);
    await show(api);
    await until(() => expect(row('ada@gmail.example')?.textContent).toContain('Email Authentication Expired'));
    expect(row('ada@outlook.example')!.textContent).toContain('Connected');

    // a later change reads the list again: no second round of checks
    await act(async () => rowButton('ada@outlook.example', 'Make default')!.click());
    await until(() => expect(shownAddresses()).toEqual(['ada@outlook.example', 'ada@gmail.example']));
    const validated = calls(request, 'POST /api/email-connections/{id}/validate').map(([, input]) => input);
    expect(validated).toEqual([{ params: { id: 'm-gmail' } }, { params: { id: 'm-outlook' } }]);
  });

  it('makes a mailbox the default: the Default tag moves and the list is in the new order', async () => {
    const { api, request } = fakeApi({ mailboxes: [gmail(), outlook()] });
    await show(api);
    await until(() => expect(rowButton('ada@outlook.example', 'Make default')).toBeDefined());
    await act(async () => rowButton('ada@outlook.example', 'Make default')!.click());
    await until(() => expect(shownAddresses()).toEqual(['ada@outlook.example', 'ada@gmail.example']));
    expect(calls(request, 'POST /api/email-connections/{id}/default')[0]?.[1]).toEqual({ params: { id: 'm-outlook' } });
    expect(row('ada@outlook.example')!.querySelector('.mailbox-row__default')).not.toBeNull();
    expect(row('ada@gmail.example')!.querySelector('.mailbox-row__default')).toBeNull();
    expect(rowButton('ada@gmail.example', 'Make default')).toBeDefined();
  });

  it('disconnects a mailbox only after the confirmation', async () => {
    const { api, request } = fakeApi({ mailboxes: [gmail(), outlook()] });
    await show(api);
    await until(() => expect(rowButton('ada@outlook.example', 'Disconnect')).toBeDefined());

    await act(async () => rowButton('ada@outlook.example', 'Disconnect')!.click());
    await until(() => expect(document.querySelector('.ant-popconfirm')?.textContent).toContain('ada@outlook.example'));
    expect(calls(request, 'DELETE /api/email-connections/{id}')).toHaveLength(0);

    await act(async () => buttonIn('.ant-popconfirm', 'Disconnect')!.click());
    await until(() => expect(shownAddresses()).toEqual(['ada@gmail.example']));
    expect(calls(request, 'DELETE /api/email-connections/{id}')[0]?.[1]).toEqual({ params: { id: 'm-outlook' } });
  });

  it("reconnects an expired mailbox through its provider's flow with its address as login_hint", async () => {
    const expired = { ...outlook(), status: 'expired' as const, refreshError: 'invalid_grant' };
    const popup = { closed: false, close: vi.fn(), location: { href: '' } };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    const { api, request } = fakeApi({ mailboxes: [gmail(), expired] });
    await show(api);
    await until(() => expect(rowButton('ada@outlook.example', 'Reconnect')).toBeDefined());

    await act(async () => rowButton('ada@outlook.example', 'Reconnect')!.click());
    await until(() => expect(popup.location.href).not.toBe(''));
    expect(open).toHaveBeenCalledTimes(1);
    expect(calls(request, 'POST /api/email-connections/oauth/init')[0]?.[1]).toMatchObject({
      body: { provider: 'outlook' },
    });
    expect(new URL(popup.location.href).searchParams.get('login_hint')).toBe('ada@outlook.example');
    // the other buttons wait while the flow runs
    expect(rowButton('ada@gmail.example', 'Disconnect')?.disabled).toBe(true);
    expect(sectionButton('Connect Gmail')?.disabled).toBe(true);

    // the person closes the popup: the flow ends and the buttons come back
    popup.closed = true;
    await until(() => expect(sectionButton('Connect Gmail')?.disabled).toBe(false));
  });

  it('says when the mailboxes cannot be loaded, and tries again on request', async () => {
    const server: Server = { mailboxes: [gmail()], listFails: true };
    const { api } = fakeApi(server);
    await show(api);
    await until(() => expect(section().textContent).toContain('Your mailboxes could not be loaded.'));
    server.listFails = false;
    await act(async () => sectionButton('Try Again')!.click());
    await until(() => expect(shownAddresses()).toEqual(['ada@gmail.example']));
  });
});
