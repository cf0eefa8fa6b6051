// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationEmail } from '@shared/schemas/conversations';
import type { Draft } from '@shared/schemas/drafts';
import { ApiError } from '@/lib/http/ApiError';
import { LiveProvider } from '@/lib/live';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { wireDraft } from '@/test/draftFixtures';
import { mountPerTest } from '@/test/mountPerTest';
import type { ConversationWithEmails } from '../utils/conversationLabels';
import { ConversationThread } from './ConversationThread';

const { render } = mountPerTest();

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const sent: ConversationEmail = {
  id: 'e1',
  conversationId: 'conv1',
  kind: 'sent',
  from: 'me@example.com',
  fromName: 'Me',
  to: 'grace@navy.mil',
  subject: 'Compilers',
  body: 'Hi Grace, could we talk about compilers?',
  at: minutesAgo(180),
  messageId: '<draft-d1@example.com>',
  draftId: 'd1',
};
const answer: ConversationEmail = {
  ...sent,
  id: 'e2',
  kind: 'reply',
  from: 'grace@navy.mil',
  fromName: 'Grace Hopper',
  to: 'me@example.com',
  subject: 'Re: Compilers',
  body: 'How about Thursday at 5pm CET?',
  at: minutesAgo(5),
  messageId: '<grace-1@navy.mil>',
  draftId: null,
};

const conversation = (id: string, emails: ConversationEmail[]): ConversationWithEmails => ({
  id,
  userId: 'u1',
  contactId: 'c1',
  contact_id: 'c1',
  subject: 'Compilers',
  created_at: minutesAgo(180),
  createdAt: minutesAgo(180),
  updatedAt: minutesAgo(5),
  replyStatus: emails.some((item) => item.kind === 'reply') ? 'REPLY_RECEIVED' : 'awaiting_reply',
  lastReplyDate: emails.findLast((item) => item.kind === 'reply')?.at ?? null,
  replySender: null,
  threadId: `t-${id}`,
  messageId: '<draft-d1@example.com>',
  mailboxId: 'm1',
  provider: 'gmail',
  emailCount: 1,
  lastEmailSentAt: minutesAgo(180),
  emails: emails.map((email) => ({ ...email, conversationId: id })),
});

const mailbox = {
  id: 'm1',
  email: 'me@example.com',
  provider: 'gmail',
  status: 'connected',
  isDefault: true,
  expiry: new Date(Date.now() + 86_400_000).toISOString(),
  refreshError: null,
  connectedAt: '2026-01-01T00:00:00.000Z',
  lastSynced: null,
};

const replyDraft = (changes: Partial<Draft> = {}) =>
  wireDraft({
    id: 'r1',
    conversationId: 'conv1',
    draftType: 'reply',
    isPrimary: false,
    subject: 'Re: Compilers',
    body: '',
    ...changes,
  });

type Call = { route: string; params?: Record<string, string>; body?: unknown };

/** the thread's and the composer's reads from `state`; the AI's reply and a new draft change the drafts there */
const fakeApi = (state: { conversations: ConversationWithEmails[]; drafts: Draft[] }) => {
  const calls: Call[] = [];
  const request = vi.fn(async (route: string, input?: { params?: Record<string, string>; body?: unknown }) => {
    calls.push({ route, params: input?.params, body: input?.body });
    const body = input?.body as Record<string, string>;
    switch (route) {
      case 'GET /api/conversations/contact/{contactId}':
        return state.conversations;
      case 'GET /api/drafts/contact/{contactId}':
        return state.drafts;
      case 'GET /api/email-connections/default':
        return mailbox;
      case 'POST /ai/generate-ai-email': {
        const written = replyDraft({
          body: 'Hi Grace,\n\nThursday at 5pm CET works well for me.',
          updatedAt: new Date().toISOString(),
        });
        state.drafts = [written];
        return { subject: written.subject, body: written.body, draftId: written.id };
      }
      case 'POST /api/drafts': {
        const created = replyDraft({ id: 'r2', subject: body.subject, body: body.body });
        state.drafts = [created];
        return created;
      }
      case 'PATCH /api/drafts/{id}': {
        const current = state.drafts.find((item) => item.id === input?.params?.id)!;
        return { ...current, ...(input?.body as object) };
      }
      case 'POST /api/drafts/{id}/send':
        return { ...state.drafts.find((item) => item.id === input?.params?.id)!, status: 'sending' };
      default:
        throw new ApiError({ status: 404, code: 'not_found', message: 'not here' });
    }
  });
  return { api: { request } as never, calls };
};

const mount = async (api: never, startReply = false) =>
  render(
    <ApiTestProviders api={api}>
      <AppFeedbackProvider>
        <LiveProvider socket={null}>
          <ConversationThread contactId="c1" startReply={startReply} />
        </LiveProvider>
      </AppFeedbackProvider>
    </ApiTestProviders>,
  );

const button = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll<HTMLButtonElement>('button')].find((candidate) => candidate.textContent?.trim() === name);
const composer = () => document.querySelector<HTMLElement>('[data-testid="reply-composer"]');
const field = (label: string) =>
  document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[aria-label="${label}"]`);
const type = async (element: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
};
const click = async (element: HTMLElement | undefined) => {
  expect(element).toBeDefined();
  await act(async () => element!.click());
};
const threadEmails = () => [...document.querySelectorAll<HTMLElement>('[data-testid="thread-email"]')];

describe('Reply in the contact drawer’s conversation (DESIGN §9)', () => {
  it('offers Reply on a received message only, and writes the reply with the AI from that conversation', async () => {
    const { api, calls } = fakeApi({ conversations: [conversation('conv1', [sent, answer])], drafts: [] });
    await mount(api);
    await vi.waitFor(() => expect(threadEmails()).toHaveLength(2));
    const [mine, theirs] = threadEmails();
    expect(button('Reply', mine!)).toBeUndefined();
    expect(composer()).toBeNull();

    await click(button('Reply', theirs!));
    await vi.waitFor(() => expect(button('Write with AI', composer()!)).toBeDefined());
    expect(composer()?.getAttribute('aria-label')).toBe('Reply to Grace Hopper');
    await type(field('Instructions for the AI')!, 'Say I will bring my notes.');
    await click(button('Write with AI', composer()!));

    expect(calls.find((call) => call.route === 'POST /ai/generate-ai-email')?.body).toEqual({
      contactId: 'c1',
      conversationId: 'conv1',
      draftType: 'reply',
      instructions: 'Say I will bring my notes.',
    });
    await vi.waitFor(() => expect(field('Body')?.value).toBe('Hi Grace,\n\nThursday at 5pm CET works well for me.'));
    expect(field('Subject')?.value).toBe('Re: Compilers');
    // a reply is never the contact's primary e-mail, nor copied to another draft
    expect(button('Make primary', composer()!)).toBeUndefined();
    expect(button('Save as new draft', composer()!)).toBeUndefined();
    expect(calls.some((call) => call.route === 'POST /api/drafts')).toBe(false);
  });

  it('reopens the conversation’s unsent reply draft instead of starting another, and sends it edited, then closes', async () => {
    const { api, calls } = fakeApi({
      conversations: [conversation('conv1', [sent, answer])],
      drafts: [
        wireDraft({ id: 'd1', status: 'sent' }),
        replyDraft({ id: 'other', conversationId: 'conv9', body: 'Another conversation' }),
        replyDraft({ body: 'Thursday suits me.' }),
      ],
    });
    await mount(api);
    await vi.waitFor(() => expect(threadEmails()).toHaveLength(2));
    await click(button('Reply', threadEmails()[1]!));
    await vi.waitFor(() => expect(field('Body')?.value).toBe('Thursday suits me.'));
    expect(button('Write it myself', composer()!)).toBeUndefined();

    await type(field('Body')!, 'Thursday at 5pm CET suits me.');
    await click(button('Send', composer()!));
    await vi.waitFor(() => expect(calls.some((call) => call.route === 'POST /api/drafts/{id}/send')).toBe(true));
    const patch = calls.find((call) => call.route === 'PATCH /api/drafts/{id}');
    expect(patch).toMatchObject({ params: { id: 'r1' }, body: { body: 'Thursday at 5pm CET suits me.' } });
    expect(calls.filter((call) => call.route === 'POST /api/drafts/{id}/send')).toEqual([
      expect.objectContaining({ params: { id: 'r1' } }),
    ]);
    expect(calls.indexOf(patch!)).toBeLessThan(calls.findIndex((call) => call.route === 'POST /api/drafts/{id}/send'));
    await vi.waitFor(() => expect(composer()).toBeNull());
    expect(calls.some((call) => call.route === 'POST /api/drafts')).toBe(false);
  });

  it('starts a reply written by hand as a reply draft of the conversation, answering its subject', async () => {
    const { api, calls } = fakeApi({ conversations: [conversation('conv1', [sent, answer])], drafts: [] });
    await mount(api);
    await vi.waitFor(() => expect(threadEmails()).toHaveLength(2));
    await click(button('Reply', threadEmails()[1]!));
    await vi.waitFor(() => expect(button('Write it myself', composer()!)).toBeDefined());
    await click(button('Write it myself', composer()!));
    expect(calls.find((call) => call.route === 'POST /api/drafts')?.body).toEqual({
      contactId: 'c1',
      conversationId: 'conv1',
      draftType: 'reply',
      isPrimary: false,
      subject: 'Re: Compilers',
      body: '',
    });
    await vi.waitFor(() => expect(field('Subject')?.value).toBe('Re: Compilers'));
  });

  it('opens the reply to the latest answered conversation when asked to from elsewhere (a notification, a card)', async () => {
    const { api } = fakeApi({
      conversations: [
        conversation('conv2', [sent]),
        conversation('conv1', [sent, answer]),
        conversation('conv0', [sent, { ...answer, id: 'e3', at: minutesAgo(60 * 24), fromName: 'Grace (old)' }]),
      ],
      drafts: [],
    });
    await mount(api, true);
    await vi.waitFor(() => expect(composer()).not.toBeNull());
    expect(document.querySelectorAll('[data-testid="reply-composer"]')).toHaveLength(1);
    expect(composer()?.closest('[data-testid="thread-conversation"]')?.textContent).toContain(
      'How about Thursday at 5pm CET?',
    );
    expect(composer()?.getAttribute('aria-label')).toBe('Reply to Grace Hopper');
    await click(document.querySelector<HTMLButtonElement>('[aria-label="Close the reply"]')!);
    expect(composer()).toBeNull();
  });
});
