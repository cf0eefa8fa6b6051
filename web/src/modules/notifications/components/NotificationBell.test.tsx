// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@shared/schemas/conversations';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiError } from '@/lib/http/ApiError';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { LiveProvider, type LiveSocket } from '@/lib/live';
import { LazyContactDrawer } from '@/modules/contactDetail/components/LazyContactDrawer';
import { ContactDrawerProvider } from '@/modules/contacts/components/ContactDrawerSlot';
import { wireContact } from '@/test/contactFixtures';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { lazyCodeTestTimeoutMs, untilPasses } from '@/test/untilPasses';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { NotificationBell } from './NotificationBell';

const minute = 60_000;

const reply = (id: string, name: string, agoMs: number, read = false): Notification => ({
  id,
  contact: { name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com` },
  contactId: `contact-${id}`,
  conversationId: `conversation-${id}`,
  timestamp: new Date(Date.now() - agoMs).toISOString(),
  read,
});

type Server = { notifications: Notification[]; readFails?: boolean; conversations?: unknown[] };

/** Grace's conversation: the user's e-mail and her answer. */
const answeredConversation = (contactId: string) => {
  const at = new Date(Date.now() - minute).toISOString();
  // her answer came after the user's e-mail: the conversation awaits the user's reply
  const sentAt = new Date(Date.now() - 60 * minute).toISOString();
  const email = {
    conversationId: 'conversation-n1',
    subject: 'Compilers',
    messageId: null,
    draftId: null,
    at,
  };
  return {
    id: 'conversation-n1',
    userId: 'u1',
    contactId,
    contact_id: contactId,
    subject: 'Compilers',
    created_at: at,
    createdAt: at,
    updatedAt: at,
    replyStatus: 'REPLY_RECEIVED',
    lastReplyDate: at,
    replySender: 'grace@example.com',
    threadId: 't1',
    messageId: null,
    mailboxId: 'm1',
    provider: 'gmail',
    emailCount: 1,
    lastEmailSentAt: sentAt,
    emails: [
      {
        ...email,
        id: 'e1',
        at: sentAt,
        kind: 'sent',
        from: 'me@example.com',
        fromName: null,
        to: 'grace@example.com',
        body: 'Hi',
      },
      {
        ...email,
        id: 'e2',
        kind: 'reply',
        from: 'grace@example.com',
        fromName: 'Grace Hopper',
        to: 'me@example.com',
        body: 'How about Thursday at 5pm CET?',
      },
    ],
  };
};

/** A fake client over `server`: the notification routes as shared/routes/conversations.ts describes them. */
const fakeApi = (server: Server) => {
  const request = vi.fn(async (route: string, input?: { body?: unknown; params?: { id: string } }) => {
    switch (route) {
      case 'GET /api/notifications':
        return {
          notifications: server.notifications.map((notification) => ({ ...notification })),
          unreadCount: server.notifications.filter((notification) => !notification.read).length,
        };
      case 'POST /api/notifications/read': {
        if (server.readFails)
          throw new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
        const body = input?.body as { ids: string[] } | { all: true };
        let updated = 0;
        for (const notification of server.notifications) {
          if (notification.read || !('all' in body || body.ids.includes(notification.id))) continue;
          notification.read = true;
          updated += 1;
        }
        return { updated };
      }
      case 'GET /api/contacts/{id}':
        return { contact: wireContact({ id: input?.params?.id, name: 'Grace Hopper' }), draft: null };
      case 'GET /api/conversations/contact/{contactId}':
        return server.conversations ?? [];
      case 'GET /api/drafts/contact/{contactId}':
        return [];
      default:
        throw new Error(`unexpected ${route}`);
    }
  });
  return { api: { request } as unknown as ApiClient, request };
};

const { container, render } = mountPerTest();

const show = async (api: ApiClient, socket: LiveSocket | null = null) => {
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={api}>
        <ConfigProvider wave={{ disabled: true }}>
          <AppFeedbackProvider>
            <LiveProvider socket={socket}>
              <ContactDrawerProvider value={LazyContactDrawer}>
                {/* the contact drawer links to the contact's Outreach page */}
                <MemoryRouter>
                  <NotificationBell />
                </MemoryRouter>
              </ContactDrawerProvider>
            </LiveProvider>
          </AppFeedbackProvider>
        </ConfigProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
};

const bell = () => container().querySelector<HTMLButtonElement>('button[aria-label^="Notifications"]')!;
const badge = () => bell().querySelector('.count-badge__count')?.textContent ?? null;
const panel = () => document.querySelector('.ant-popover');
const panelButton = (name: string) => buttonIn('.ant-popover', name);
const items = () => [...document.querySelectorAll<HTMLElement>('.ant-popover li')];
const calls = (request: ReturnType<typeof fakeApi>['request'], route: string) =>
  request.mock.calls.filter(([called]) => called === route).map(([, input]) => input?.body);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

// the panel's code arrives at the bell's first click
const openPanel = async () => {
  await act(async () => bell().click());
  await untilPasses(() => expect(panel()).not.toBeNull());
};

// the drawer and the toasts are lazily loaded code
describe('NotificationBell', { timeout: lazyCodeTestTimeoutMs }, () => {
  it('shows the empty state when the server has no notification', async () => {
    const { api } = fakeApi({ notifications: [] });
    await show(api);
    await untilPasses(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    await openPanel();
    expect(panel()?.textContent).toContain('No notifications');
    expect(panel()?.textContent).toContain("You're all caught up! New notifications will appear here.");
    expect(panel()?.textContent).toContain('0 unread');
    expect(panelButton('Mark all as read')?.disabled).toBe(true);
  });

  it("says a contact's answer to a meeting invitation in the spec's words, without Reply or Book meeting", async () => {
    const answer = (id: string, rsvp: 'accepted' | 'tentative' | 'declined'): Notification => ({
      ...reply(id, 'Ada Lovelace', minute),
      conversationId: null,
      rsvp: { meetingId: `meeting-${id}`, title: 'Coffee chat', answer: rsvp },
    });
    const { api } = fakeApi({
      notifications: [answer('r1', 'accepted'), answer('r2', 'tentative'), answer('r3', 'declined')],
    });
    await show(api);
    await untilPasses(() => expect(badge()).toBe('3'));
    await openPanel();
    expect(items().map((item) => item.querySelector('button')?.textContent)).toEqual([
      'Ada Lovelace accepted: Coffee chat1m ago',
      'Ada Lovelace tentatively accepted: Coffee chat1m ago',
      'Ada Lovelace declined: Coffee chat1m ago',
    ]);
    expect(items().map((item) => item.querySelectorAll('button').length)).toEqual([1, 1, 1]);
  });

  it("lists the server's replies with how long ago they came and counts the unread on the bell", async () => {
    const { api } = fakeApi({
      notifications: [
        reply('n1', 'Grace Hopper', 30_000),
        reply('n2', 'Alan Turing', 5 * minute),
        reply('n3', 'Ada Lovelace', 3 * 60 * minute, true),
        reply('n4', 'Edsger Dijkstra', 2 * 24 * 60 * minute, true),
      ],
    });
    await show(api);
    await untilPasses(() => expect(badge()).toBe('2'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    await openPanel();
    // each row's own button (its 'Book meeting' sits beside it)
    expect(items().map((item) => item.querySelector('button')?.textContent)).toEqual([
      'Received a reply from Grace Hopper (grace@example.com)just now',
      'Received a reply from Alan Turing (alan@example.com)5m ago',
      'Received a reply from Ada Lovelace (ada@example.com)3h ago',
      'Received a reply from Edsger Dijkstra (edsger@example.com)2d ago',
    ]);
    expect(items().map((item) => item.querySelector('[aria-label="Unread"]') !== null)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(panel()?.textContent).toContain('2 unread');
  });

  it("'Mark all as read' stores it on the server and clears the count", async () => {
    const server: Server = { notifications: [reply('n1', 'Grace Hopper', minute), reply('n2', 'Alan Turing', minute)] };
    const { api, request } = fakeApi(server);
    await show(api);
    await untilPasses(() => expect(badge()).toBe('2'));
    await openPanel();
    await act(async () => panelButton('Mark all as read')!.click());
    await untilPasses(() => expect(badge()).toBeNull());
    expect(calls(request, 'POST /api/notifications/read')).toEqual([{ all: true }]);
    expect(server.notifications.every((notification) => notification.read)).toBe(true);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(panel()?.querySelector('[aria-label="Unread"]')).toBeNull();
  });

  it('opening a notification marks that one read on the server and opens its contact', async () => {
    const server: Server = { notifications: [reply('n1', 'Grace Hopper', minute), reply('n2', 'Alan Turing', minute)] };
    const { api, request } = fakeApi(server);
    await show(api);
    await untilPasses(() => expect(badge()).toBe('2'));
    await openPanel();
    await act(async () => items()[1]!.querySelector('button')!.click());
    await untilPasses(() => expect(badge()).toBe('1'));
    expect(calls(request, 'POST /api/notifications/read')).toEqual([{ ids: ['n2'] }]);
    expect(server.notifications.map((notification) => notification.read)).toEqual([false, true]);
    await untilPasses(() =>
      expect(
        request.mock.calls.filter(([route]) => route === 'GET /api/contacts/{id}').map(([, input]) => input),
      ).toEqual([{ params: { id: 'contact-n2' } }]),
    );
    await untilPasses(() => expect(document.querySelector('.ant-drawer')?.textContent).toContain('Grace Hopper'));
  });

  it(
    "Reply on a notification marks it read and opens the contact's conversation with the reply composer",
    async () => {
      const server: Server = {
        notifications: [reply('n1', 'Grace Hopper', minute)],
        conversations: [answeredConversation('contact-n1')],
      };
      const { api, request } = fakeApi(server);
      await show(api);
      await untilPasses(() => expect(badge()).toBe('1'));
      await openPanel();
      await act(async () =>
        items()[0]!.querySelector<HTMLButtonElement>('button[aria-label="Reply to Grace Hopper"]')!.click(),
      );
      await untilPasses(
        () =>
          expect(document.querySelector('.ant-drawer [data-testid="reply-composer"]')?.getAttribute('aria-label')).toBe(
            'Reply to Grace Hopper',
          ),
        lazyCodeTestTimeoutMs,
      );
      expect(calls(request, 'POST /api/notifications/read')).toEqual([{ ids: ['n1'] }]);
      expect(
        request.mock.calls.filter(([route]) => route === 'GET /api/contacts/{id}').map(([, input]) => input),
      ).toEqual([{ params: { id: 'contact-n1' } }]);
    },
    lazyCodeTestTimeoutMs + 5_000,
  );

  it(
    'books a meeting with the contact who replied from their notification',
    async () => {
      const { api, request } = fakeApi({
        notifications: [reply('n1', 'Grace Hopper', minute), reply('n2', 'Alan Turing', minute)],
      });
      await show(api);
      await untilPasses(() => expect(badge()).toBe('2'));
      await openPanel();
      await act(async () =>
        items()[1]!.querySelector<HTMLButtonElement>('button[aria-label="Book meeting with Alan Turing"]')!.click(),
      );
      await untilPasses(
        () => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Book meeting with Alan Turing'),
        lazyCodeTestTimeoutMs,
      );
      // neither read nor opened: only the booking
      expect(calls(request, 'POST /api/notifications/read')).toEqual([]);
      // the contact's drawer did not open (the booking dialog reads the contact only for its time zone)
      expect(document.querySelector('.ant-drawer')).toBeNull();
    },
    lazyCodeTestTimeoutMs + 5_000,
  );

  it('puts the unread count back and says so when the server refuses to store the read state', async () => {
    const { api } = fakeApi({ notifications: [reply('n1', 'Grace Hopper', minute)], readFails: true });
    await show(api);
    await untilPasses(() => expect(badge()).toBe('1'));
    await openPanel();
    await act(async () => panelButton('Mark all as read')!.click());
    await untilPasses(() => expect(document.body.textContent).toContain('Server error. Please try again later.'));
    expect(badge()).toBe('1');
  });

  it('shows a notification created on the server as soon as the live channel tells, without a reload', async () => {
    const server: Server = { notifications: [reply('n1', 'Grace Hopper', 10 * minute, true)] };
    const { api, request } = fakeApi(server);
    const live = fakeLiveSocket();
    await show(api, live.socket);
    await untilPasses(() => expect(request).toHaveBeenCalledWith('GET /api/notifications', expect.anything()));
    expect(badge()).toBeNull();
    server.notifications.unshift(reply('n2', 'Alan Turing', 0));
    await live.send({ type: 'notification.created', data: { notificationId: 'n2' } });
    await untilPasses(() => expect(badge()).toBe('1'));
    await openPanel();
    expect(items()[0]?.textContent).toContain('Received a reply from Alan Turing (alan@example.com)just now');
  });

  it('follows read state stored by another tab when the live channel tells', async () => {
    const server: Server = { notifications: [reply('n1', 'Grace Hopper', minute), reply('n2', 'Alan Turing', minute)] };
    const { api } = fakeApi(server);
    const live = fakeLiveSocket();
    await show(api, live.socket);
    await untilPasses(() => expect(badge()).toBe('2'));
    server.notifications[0]!.read = true;
    await live.send({ type: 'notification.read', data: { ids: ['n1'] } });
    await untilPasses(() => expect(badge()).toBe('1'));
  });
});
