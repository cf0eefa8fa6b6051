// @vitest-environment happy-dom
import { type PipelineCard, type PipelineStage, pipelineStages } from '@shared/schemas/pipeline';
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiError } from '@/lib/http/ApiError';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { LiveProvider, type LiveSocket } from '@/lib/live';
import { LazyContactDrawer } from '@/modules/contactDetail/components/LazyContactDrawer';
import { ContactDrawerProvider } from '@/modules/contacts/components/ContactDrawerSlot';
import { wireContact } from '@/test/contactFixtures';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import { lazyCodeTestTimeoutMs, untilPasses } from '@/test/untilPasses';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { PipelineDashboard } from './PipelineDashboard';

const hour = 60 * 60_000;

const card = (contactId: string, name: string, stage: PipelineStage, agoMs = hour): PipelineCard => ({
  contactId,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  company: 'Analytical Engines Ltd',
  jobTitle: 'Mathematician',
  avatarUrl: null,
  stage,
  stageChangedAt: new Date(Date.now() - agoMs).toISOString(),
  movedBy: 'event',
  conversationId: `conversation-${contactId}`,
  subject: `Hello ${name.split(' ')[0]}`,
  lastActivityAt: null,
  classification: null,
});

type Server = { cards: PipelineCard[]; patch?: () => Promise<void> };

/** The contact's conversation: the user's e-mail and the contact's answer. */
const answeredConversation = (contactId: string) => {
  const at = new Date(Date.now() - hour).toISOString();
  // the answer came after the user's e-mail: the conversation awaits the user's reply
  const sentAt = new Date(Date.now() - 3 * hour).toISOString();
  const email = {
    conversationId: `conversation-${contactId}`,
    subject: 'Hello Ada',
    messageId: null,
    draftId: null,
    at,
  };
  return {
    id: `conversation-${contactId}`,
    userId: 'u1',
    contactId,
    contact_id: contactId,
    subject: 'Hello Ada',
    created_at: at,
    createdAt: at,
    updatedAt: at,
    replyStatus: 'REPLY_RECEIVED',
    lastReplyDate: at,
    replySender: 'ada@example.com',
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
        to: 'ada@example.com',
        body: 'Hi',
      },
      {
        ...email,
        id: 'e2',
        kind: 'reply',
        from: 'ada@example.com',
        fromName: 'Ada Lovelace',
        to: 'me@example.com',
        body: 'Gladly.',
      },
    ],
  };
};

/** A fake client over `server`: the pipeline routes as shared/routes/pipeline.ts describes them. */
const fakeApi = (server: Server) => {
  const request = vi.fn(
    async (
      route: string,
      input?: { params?: { contactId?: string; id?: string }; body?: { stage: PipelineStage } },
    ) => {
      switch (route) {
        case 'GET /api/pipeline':
          // the server's order: the stages it has cards in, most recently changed first
          return {
            stages: pipelineStages
              .map((stage) => ({
                stage,
                cards: server.cards
                  .filter((item) => item.stage === stage)
                  .sort((a, b) => b.stageChangedAt.localeCompare(a.stageChangedAt)),
              }))
              .filter((column) => column.cards.length > 0),
          };
        case 'PATCH /api/pipeline/{contactId}': {
          await server.patch?.();
          const moved = server.cards.find((item) => item.contactId === input?.params?.contactId)!;
          Object.assign(moved, {
            stage: input?.body?.stage,
            stageChangedAt: new Date().toISOString(),
            movedBy: 'manual',
          });
          return { ...moved };
        }
        case 'GET /api/contacts/{id}':
          return { contact: wireContact({ id: input?.params?.id, name: 'Ada Lovelace' }), draft: null };
        case 'GET /api/conversations/contact/{contactId}':
          return [answeredConversation(input?.params?.contactId ?? '')];
        case 'GET /api/drafts/contact/{contactId}':
          return [];
        default:
          throw new Error(`unexpected ${route}`);
      }
    },
  );
  return { api: { request } as unknown as ApiClient, request };
};

const { render } = mountPerTest();

const show = async (api: ApiClient, socket: LiveSocket | null = null) => {
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={api}>
        <ConfigProvider wave={{ disabled: true }}>
          <AppFeedbackProvider>
            <LiveProvider socket={socket}>
              <ContactDrawerProvider value={LazyContactDrawer}>
                <MemoryRouter>
                  <PipelineDashboard />
                </MemoryRouter>
              </ContactDrawerProvider>
            </LiveProvider>
          </AppFeedbackProvider>
        </ConfigProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
};

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

const stage = (key: PipelineStage) => document.querySelector<HTMLElement>(`[data-testid="pipeline-stage-${key}"]`)!;
const cardEl = (contactId: string) => document.querySelector<HTMLElement>(`[data-testid="pipeline-card-${contactId}"]`);
const namesIn = (key: PipelineStage) =>
  [...stage(key).querySelectorAll('[data-testid^="pipeline-card-"]')].map(
    (element) => element.querySelector('.pipeline-card__name')?.textContent,
  );
const countOf = (key: PipelineStage) => stage(key).querySelector('.ant-card-extra .visually-hidden')?.textContent;
const announced = () => document.querySelector('[role="status"][aria-live]')?.textContent ?? '';

const key = (element: Element | Document, code: string) =>
  act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { code, key: code === 'Space' ? ' ' : code, bubbles: true }));
    // the keyboard sensor listens from the next tick on
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

/** Space picks the card up, each arrow moves it one stage, Space drops it (the way a keyboard user drags). */
const dragByKeyboard = async (contactId: string, arrows: string[]) => {
  const element = cardEl(contactId)!;
  element.focus();
  await key(element, 'Space');
  for (const arrow of arrows) {
    await key(document, arrow);
    await settle();
  }
  await key(document, 'Space');
};

/**
 * happy-dom lays nothing out: the board is drawn as @dnd-kit would measure it in a browser, five 220 px columns
 * 240 px apart, each card at the top of its column (the copy that follows the pointer where its card is).
 */
const layOutBoard = () => {
  const rect = (x: number, y: number, width: number, height: number) => new DOMRect(x, y, width, height);
  const columnOf = (element: Element) => {
    const column = element.closest<HTMLElement>('[data-testid^="pipeline-stage-"]');
    return column ? pipelineStages.indexOf(column.dataset.testid!.replace('pipeline-stage-', '') as PipelineStage) : -1;
  };
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const source = this.classList.contains('pipeline-card--dragging')
      ? document.querySelector('.pipeline-card--placeholder')
      : this;
    const column = source ? columnOf(source) : -1;
    if (column < 0) return rect(0, 0, 0, 0);
    if (source?.matches('[data-testid^="pipeline-stage-"]')) return rect(column * 240, 0, 220, 600);
    return rect(column * 240 + 10, 60, 200, 90);
  });
};

beforeEach(() => {
  layOutBoard();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

// the drawer and the toasts are lazily loaded code
describe('PipelineDashboard', { timeout: lazyCodeTestTimeoutMs }, () => {
  it("shows the five stages with the server's cards, their counts, and what puts a contact in an empty stage", async () => {
    const { api } = fakeApi({
      cards: [
        card('c1', 'Ada Lovelace', 'contacted', 3 * 24 * hour),
        card('c2', 'Alan Turing', 'contacted', 2 * hour),
        card('c3', 'Grace Hopper', 'replied', 30_000),
      ],
    });
    await show(api);
    await untilPasses(() => expect(namesIn('contacted')).toEqual(['Alan Turing', 'Ada Lovelace']));
    expect(namesIn('replied')).toEqual(['Grace Hopper']);
    expect(pipelineStages.map(countOf)).toEqual([
      'Drafted: 0 contacts',
      'Contacted: 2 contacts',
      'Replied: 1 contact',
      'Meeting scheduled: 0 contacts',
      'Closed: 0 contacts',
    ]);
    expect(stage('drafted').textContent).toContain('No contacts');
    expect(stage('drafted').textContent).toContain('Contacts with an e-mail drafted and ready to send.');
    expect(stage('closed').textContent).toContain('Conversations you have wrapped up.');

    const ada = cardEl('c1')!;
    expect(ada.textContent).toContain('Mathematician · Analytical Engines Ltd');
    expect(ada.textContent).toContain('ada@example.com');
    expect(ada.textContent).toContain('Hello Ada');
    expect(ada.textContent).toContain('3d in stage');
    expect(cardEl('c3')?.textContent).toContain('<1m in stage');
    // named by what it shows (WCAG 2.5.3): its text, the avatar's initials left out, the person's name first
    expect(ada.hasAttribute('aria-label') || ada.hasAttribute('aria-labelledby')).toBe(false);
    expect(ada.querySelector('.pipeline-card__avatar')?.getAttribute('aria-hidden')).toBe('true');
    const read = ada.cloneNode(true) as HTMLElement;
    for (const hidden of read.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    expect(read.textContent).toMatch(/^Ada Lovelace/);
  });

  it('moves a card dragged with the keyboard at once, stores the move with PATCH and says where it went', async () => {
    let release = () => {};
    const server: Server = {
      cards: [card('c1', 'Ada Lovelace', 'contacted'), card('c2', 'Alan Turing', 'replied')],
      patch: () => new Promise<void>((resolve) => (release = resolve)),
    };
    const { api, request } = fakeApi(server);
    await show(api);
    await untilPasses(() => expect(namesIn('contacted')).toEqual(['Ada Lovelace']));

    await dragByKeyboard('c1', ['ArrowRight', 'ArrowRight']);
    // shown in its new stage before the server answers
    await untilPasses(() => expect(namesIn('meeting_scheduled')).toEqual(['Ada Lovelace']));
    expect(namesIn('contacted')).toEqual([]);
    expect(announced()).toContain('Ada Lovelace was moved to Meeting scheduled.');
    expect(
      request.mock.calls.filter(([route]) => route === 'PATCH /api/pipeline/{contactId}').map(([, input]) => input),
    ).toEqual([{ params: { contactId: 'c1' }, body: { stage: 'meeting_scheduled' } }]);
    await act(async () => release());
    await untilPasses(() => expect(server.cards[0]?.stage).toBe('meeting_scheduled'));
    expect(namesIn('meeting_scheduled')).toEqual(['Ada Lovelace']);
    expect(cardEl('c1')?.textContent).toContain('<1m in stage');
  });

  it('counts every arrow press and drops where they aimed, however quickly the keys come', async () => {
    const { api, request } = fakeApi({ cards: [card('c1', 'Ada Lovelace', 'drafted')] });
    await show(api);
    await untilPasses(() => expect(namesIn('drafted')).toEqual(['Ada Lovelace']));
    await key(cardEl('c1')!, 'Space');
    // three arrows and the drop before React draws anything in between
    await act(async () => {
      for (const code of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Space'])
        document.dispatchEvent(new KeyboardEvent('keydown', { code, bubbles: true }));
    });
    await untilPasses(() => expect(namesIn('meeting_scheduled')).toEqual(['Ada Lovelace']));
    expect(announced()).toContain('Ada Lovelace was moved to Meeting scheduled.');
    expect(
      request.mock.calls.filter(([route]) => route === 'PATCH /api/pipeline/{contactId}').map(([, input]) => input),
    ).toEqual([{ params: { contactId: 'c1' }, body: { stage: 'meeting_scheduled' } }]);
  });

  it("keeps a card held with the keyboard while the board takes the server's answer to the move before", async () => {
    let release = () => {};
    const server: Server = {
      cards: [card('c1', 'Ada Lovelace', 'contacted'), card('c2', 'Alan Turing', 'contacted')],
      patch: () => new Promise<void>((resolve) => (release = resolve)),
    };
    const { api, request } = fakeApi(server);
    const live = fakeLiveSocket();
    await show(api, live.socket);
    await untilPasses(() => expect(namesIn('contacted')).toHaveLength(2));
    // Alan is moved on, and the server has not answered yet
    await dragByKeyboard('c2', ['ArrowRight']);
    await untilPasses(() => expect(namesIn('replied')).toEqual(['Alan Turing']));
    const element = cardEl('c1')!;
    element.focus();
    await key(element, 'Space');
    expect(cardEl('c1')?.getAttribute('aria-pressed')).toBe('true');
    // while Ada is held, the server answers the move and says so on the live channel: the board draws its stages
    await act(async () => release());
    await untilPasses(() => expect(server.cards[1]?.stage).toBe('replied'));
    await live.send({ type: 'pipeline.changed', data: { contactId: 'c2', stage: 'replied' } });
    await settle();
    expect(cardEl('c1')?.getAttribute('aria-pressed')).toBe('true');
    await key(document, 'ArrowRight');
    await settle();
    await key(document, 'ArrowRight');
    await settle();
    await key(document, 'Space');
    await untilPasses(() => expect(namesIn('meeting_scheduled')).toEqual(['Ada Lovelace']));
    expect(
      request.mock.calls.filter(([route]) => route === 'PATCH /api/pipeline/{contactId}').map(([, input]) => input),
    ).toEqual([
      { params: { contactId: 'c2' }, body: { stage: 'replied' } },
      { params: { contactId: 'c1' }, body: { stage: 'meeting_scheduled' } },
    ]);
  });

  it('leaves the card where it was when the drag is cancelled or dropped back on its own stage', async () => {
    const { api, request } = fakeApi({ cards: [card('c1', 'Ada Lovelace', 'contacted')] });
    await show(api);
    await untilPasses(() => expect(namesIn('contacted')).toEqual(['Ada Lovelace']));
    await dragByKeyboard('c1', ['ArrowRight', 'ArrowLeft']);
    await settle();
    expect(namesIn('contacted')).toEqual(['Ada Lovelace']);
    const element = cardEl('c1')!;
    await key(element, 'Space');
    await key(document, 'ArrowRight');
    await key(document, 'Escape');
    await settle();
    expect(namesIn('contacted')).toEqual(['Ada Lovelace']);
    expect(announced()).toContain('Moving Ada Lovelace was cancelled; it stays in Contacted.');
    expect(request.mock.calls.some(([route]) => route === 'PATCH /api/pipeline/{contactId}')).toBe(false);
  });

  it('puts the card back and says why when the server refuses the move', async () => {
    const server: Server = {
      cards: [card('c1', 'Ada Lovelace', 'contacted')],
      patch: async () => {
        throw new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
      },
    };
    const { api } = fakeApi(server);
    await show(api);
    await untilPasses(() => expect(namesIn('contacted')).toEqual(['Ada Lovelace']));
    await dragByKeyboard('c1', ['ArrowRight']);
    await untilPasses(() => expect(document.body.textContent).toContain('Ada Lovelace could not be moved to Replied'));
    expect(document.body.textContent).toContain('Server error. Please try again later.');
    await untilPasses(() => expect(namesIn('contacted')).toEqual(['Ada Lovelace']));
    expect(namesIn('replied')).toEqual([]);
  });

  it("opens the contact's drawer when a card is clicked", async () => {
    const { api, request } = fakeApi({ cards: [card('c1', 'Ada Lovelace', 'replied')] });
    await show(api);
    await untilPasses(() => expect(cardEl('c1')).not.toBeNull());
    await act(async () => cardEl('c1')!.click());
    await untilPasses(() =>
      expect(
        request.mock.calls.filter(([route]) => route === 'GET /api/contacts/{id}').map(([, input]) => input),
      ).toEqual([{ params: { id: 'c1' } }]),
    );
    await untilPasses(() => expect(document.querySelector('.ant-drawer')?.textContent).toContain('Ada Lovelace'));
  });

  it(
    "books a meeting from a card's button, and from the contact's drawer, with that contact chosen",
    async () => {
      const { api } = fakeApi({ cards: [card('c1', 'Ada Lovelace', 'replied')] });
      await show(api);
      await untilPasses(() => expect(cardEl('c1')).not.toBeNull());
      const book = cardEl('c1')!.parentElement!.querySelector<HTMLButtonElement>(
        'button[aria-label="Book meeting with Ada Lovelace"]',
      )!;
      await act(async () => book.click());
      await untilPasses(
        () => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Book meeting with Ada Lovelace'),
        lazyCodeTestTimeoutMs,
      );
      // the card itself did not open its drawer (the booking dialog reads the contact only for its time zone)
      expect(document.querySelector('.ant-drawer')).toBeNull();
      await act(async () => document.querySelector<HTMLButtonElement>('.ant-modal-close')!.click());

      await act(async () => cardEl('c1')!.click());
      const inDrawer = () =>
        document.querySelector<HTMLButtonElement>('.ant-drawer button[aria-label="Book meeting with Ada Lovelace"]');
      await untilPasses(() => expect(inDrawer()?.textContent).toBe('Book meeting'), lazyCodeTestTimeoutMs);
      await act(async () => inDrawer()!.click());
      await untilPasses(() =>
        expect(
          [...document.querySelectorAll('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-title')].map(
            (title) => title.textContent,
          ),
        ).toContain('Book meeting with Ada Lovelace'),
      );
      expect(document.querySelectorAll('.ant-modal input#title').length).toBeGreaterThan(0);
    },
    2 * lazyCodeTestTimeoutMs,
  );

  it(
    "offers Reply on a replied contact's card only, opening their conversation with the reply composer",
    async () => {
      const { api, request } = fakeApi({
        cards: [card('c1', 'Ada Lovelace', 'replied'), card('c2', 'Alan Turing', 'contacted')],
      });
      await show(api);
      await untilPasses(() => expect(cardEl('c2')).not.toBeNull());
      const replyOf = (contactId: string) =>
        cardEl(contactId)!.parentElement!.querySelector<HTMLButtonElement>('button[aria-label^="Reply to"]');
      expect(replyOf('c2')).toBeNull();
      expect(replyOf('c1')?.getAttribute('aria-label')).toBe('Reply to Ada Lovelace');
      await act(async () => replyOf('c1')!.click());
      await untilPasses(
        () =>
          expect(document.querySelector('.ant-drawer [data-testid="reply-composer"]')?.getAttribute('aria-label')).toBe(
            'Reply to Ada Lovelace',
          ),
        lazyCodeTestTimeoutMs,
      );
      expect(
        request.mock.calls.filter(([route]) => route === 'GET /api/contacts/{id}').map(([, input]) => input),
      ).toEqual([{ params: { id: 'c1' } }]);
    },
    lazyCodeTestTimeoutMs + 5_000,
  );

  it('moves a card when the live channel says its contact changed stage, without a reload', async () => {
    const server: Server = { cards: [card('c1', 'Ada Lovelace', 'contacted')] };
    const { api } = fakeApi(server);
    const live = fakeLiveSocket();
    await show(api, live.socket);
    await untilPasses(() => expect(namesIn('contacted')).toEqual(['Ada Lovelace']));
    Object.assign(server.cards[0]!, { stage: 'replied', stageChangedAt: new Date().toISOString() });
    await live.send({ type: 'reply.received', data: { conversationId: 'conversation-c1', contactId: 'c1' } });
    await untilPasses(() => expect(namesIn('replied')).toEqual(['Ada Lovelace']));
    expect(namesIn('contacted')).toEqual([]);
    Object.assign(server.cards[0]!, { stage: 'closed', stageChangedAt: new Date().toISOString() });
    await live.send({ type: 'pipeline.changed', data: { contactId: 'c1', stage: 'closed' } });
    await untilPasses(() => expect(namesIn('closed')).toEqual(['Ada Lovelace']));
  });
});
