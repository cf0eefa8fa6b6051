// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ConversationEmail } from '@shared/schemas/conversations';
import { LiveProvider } from '@/lib/live';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import type { ConversationWithEmails } from '../utils/conversationLabels';
import { ConversationThread } from './ConversationThread';

const { render } = mountPerTest();

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const email = (changes: Partial<ConversationEmail>): ConversationEmail => ({
  id: 'e1',
  conversationId: 'conv1',
  kind: 'sent',
  from: 'me@example.com',
  fromName: 'Me',
  to: 'grace@navy.mil',
  subject: 'Hello Grace',
  body: 'Hi Grace, could we talk about compilers?',
  at: minutesAgo(180),
  messageId: '<draft-d1@example.com>',
  draftId: 'd1',
  ...changes,
});

const latestOf = (emails: ConversationEmail[], kind: ConversationEmail['kind']) =>
  emails.findLast((item) => item.kind === kind)?.at ?? null;

const conversation = (emails: ConversationEmail[]): ConversationWithEmails => ({
  id: 'conv1',
  userId: 'u1',
  contactId: 'c1',
  contact_id: 'c1',
  subject: 'Hello Grace',
  created_at: minutesAgo(180),
  createdAt: minutesAgo(180),
  updatedAt: minutesAgo(5),
  replyStatus: emails.some((item) => item.kind === 'reply') ? 'REPLY_RECEIVED' : 'awaiting_reply',
  lastReplyDate: latestOf(emails, 'reply'),
  replySender: null,
  threadId: 't1',
  messageId: '<draft-d1@example.com>',
  mailboxId: 'm1',
  provider: 'gmail',
  emailCount: 1,
  lastEmailSentAt: latestOf(emails, 'sent'),
  emails,
});

const fakeApi = (state: { conversations: ConversationWithEmails[] }) => {
  const reads: string[] = [];
  const request = vi.fn(async (route: string, input?: { params?: Record<string, string> }) => {
    if (route === 'GET /api/conversations/contact/{contactId}') {
      reads.push(input?.params?.contactId ?? '');
      return state.conversations;
    }
    throw new Error(`unexpected ${route}`);
  });
  return { api: { request } as never, reads };
};

const mount = async (api: never, socket: ReturnType<typeof fakeLiveSocket>['socket'] | null = null) =>
  render(
    <ApiTestProviders api={api}>
      <AppFeedbackProvider>
        <LiveProvider socket={socket}>
          <ConversationThread contactId="c1" />
        </LiveProvider>
      </AppFeedbackProvider>
    </ApiTestProviders>,
  );

const emails = () => [...document.querySelectorAll<HTMLElement>('[data-testid="thread-email"]')];

describe('the contact drawer’s Conversation', () => {
  it('says nothing was sent yet when there is no conversation', async () => {
    const { api } = fakeApi({ conversations: [] });
    await mount(api);
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="thread-empty"]')?.textContent).toContain('Nothing sent yet'),
    );
    expect(emails()).toEqual([]);
  });

  it('shows each e-mail with who, when, subject and text; a reply stands apart from what was sent', async () => {
    const { api } = fakeApi({
      conversations: [
        conversation([
          email({}),
          email({
            id: 'e2',
            kind: 'reply',
            from: 'grace@navy.mil',
            fromName: 'Grace Hopper',
            to: 'me@example.com',
            subject: 'Re: Hello Grace',
            body: 'Gladly. Tuesday?',
            at: minutesAgo(5),
            draftId: null,
          }),
        ]),
      ],
    });
    await mount(api);
    await vi.waitFor(() => expect(emails()).toHaveLength(2));
    const [sent, reply] = emails();
    expect(sent?.textContent).toContain('You (me@example.com)');
    expect(sent?.textContent).toContain('to grace@navy.mil');
    expect(sent?.textContent).toContain('3h ago');
    expect(sent?.textContent).toContain('Hello Grace');
    expect(sent?.textContent).toContain('could we talk about compilers?');
    expect(reply?.textContent).toContain('Grace Hopper <grace@navy.mil>');
    expect(reply?.textContent).toContain('Reply');
    expect(reply?.textContent).toContain('5m ago');
    expect(reply?.textContent).toContain('Gladly. Tuesday?');
    expect(reply?.className).toContain('thread-email--reply');
    expect(sent?.className).not.toContain('thread-email--reply');
    expect(document.querySelector('[data-testid="thread-conversation"]')?.textContent).toContain('Replied');
  });

  const answer = email({
    id: 'e2',
    kind: 'reply',
    from: 'grace@navy.mil',
    fromName: 'Grace Hopper',
    subject: 'Re: Hello Grace',
    body: 'Gladly. Tuesday?',
    at: minutesAgo(60),
    draftId: null,
  });
  const replyButtons = () => document.querySelectorAll('button[aria-label="Reply to Grace Hopper"]');

  it('offers Reply on the contact’s answer while it awaits the person’s', async () => {
    const { api } = fakeApi({ conversations: [conversation([email({}), answer])] });
    await mount(api);
    await vi.waitFor(() => expect(replyButtons()).toHaveLength(1));
  });

  it('offers no Reply once the person answered: the conversation awaits the contact again', async () => {
    const answered = email({ id: 'e3', subject: 'Re: Hello Grace', at: minutesAgo(5), draftId: 'd2' });
    const { api } = fakeApi({ conversations: [conversation([email({}), answer, answered])] });
    await mount(api);
    await vi.waitFor(() => expect(emails()).toHaveLength(3));
    expect(replyButtons()).toHaveLength(0);
    const head = document.querySelector('[data-testid="thread-conversation"]');
    expect(head?.textContent).toContain('Awaiting reply');
    expect(head?.textContent).not.toContain('Replied');
  });

  it('labels auto-replies and bounces', async () => {
    const { api } = fakeApi({
      conversations: [
        conversation([
          email({}),
          email({ id: 'e2', kind: 'auto_reply', from: 'grace@navy.mil', subject: 'Automatic reply: Hello Grace' }),
          email({ id: 'e3', kind: 'bounce', from: 'mailer-daemon@navy.mil', subject: 'Undeliverable' }),
        ]),
      ],
    });
    await mount(api);
    await vi.waitFor(() => expect(emails()).toHaveLength(3));
    expect(emails()[1]?.textContent).toContain('Auto-reply');
    expect(emails()[1]?.dataset.kind).toBe('auto_reply');
    expect(emails()[2]?.textContent).toContain('Bounced');
    expect(emails()[2]?.dataset.kind).toBe('bounce');
  });

  it('reads the thread again on a live reply.received or conversation.updated of this contact only', async () => {
    const state = { conversations: [conversation([email({})])] };
    const { api, reads } = fakeApi(state);
    const live = fakeLiveSocket();
    await mount(api, live.socket);
    await vi.waitFor(() => expect(emails()).toHaveLength(1));
    state.conversations = [
      conversation([
        email({}),
        email({ id: 'e2', kind: 'reply', from: 'grace@navy.mil', body: 'Yes!', at: minutesAgo(0) }),
      ]),
    ];
    await live.send({ type: 'reply.received', data: { conversationId: 'conv1', contactId: 'c1' } });
    await vi.waitFor(() => expect(emails()).toHaveLength(2));
    const before = reads.length;
    await live.send({ type: 'conversation.updated', data: { conversationId: 'conv9', contactId: 'c9' } });
    await live.send({ type: 'conversation.updated', data: { conversationId: 'conv1', contactId: 'c1' } });
    await vi.waitFor(() => expect(reads.length).toBe(before + 1));
  });
});
