// @vitest-environment happy-dom
import type { DashboardSummary, PendingTasks } from '@shared/schemas/dashboard';
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '@/i18n';
import englishDashboard from '@/i18n/locales/en/dashboard.json';
import { ApiError } from '@/lib/http/ApiError';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { LiveProvider, type LiveSocket } from '@/lib/live';
import { pendingTasksOf, summaryOf } from '@/test/dashboardFixtures';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { taskTime } from '../utils/pendingTaskLinks';
import { DashboardOverview } from './DashboardOverview';

const { render } = mountPerTest();

type Answer<T> = T | Error | Promise<T>;

/** A fake API answering the two dashboard routes from queues (the last answer repeats) and counting the reads. */
const fakeDashboardApi = (summaries: Answer<DashboardSummary>[], tasks: Answer<PendingTasks>[]) => {
  const reads = { summary: 0, tasks: 0 };
  const next = <T,>(answers: Answer<T>[], index: number) => {
    const answer = answers[Math.min(index, answers.length - 1)];
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(answer);
  };
  const request = async (route: string) => {
    if (route === 'GET /api/dashboard/summary') return next(summaries, reads.summary++);
    if (route === 'GET /api/dashboard/pending-tasks') return next(tasks, reads.tasks++);
    throw new Error(`unexpected ${route}`);
  };
  return { api: { request } as unknown as ApiClient, reads };
};

const show = async (api: ApiClient, socket: LiveSocket | null = null) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={api}>
        <ConfigProvider wave={{ disabled: true }}>
          <LiveProvider socket={socket}>
            <MemoryRouter>
              <DashboardOverview />
            </MemoryRouter>
          </LiveProvider>
        </ConfigProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );

const serverError = () =>
  new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const text = (id: string) => byTestId(id)?.textContent?.trim();
const href = (id: string) => byTestId(id)?.getAttribute('href');
const linkNamed = (name: string, scope: ParentNode = document) =>
  [...scope.querySelectorAll<HTMLAnchorElement>('a')].find((link) => link.textContent?.includes(name));
const buttonNamed = (name: string, scope: ParentNode = document) =>
  [...scope.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent?.trim() === name);
const click = (element: HTMLElement | null | undefined) =>
  act(async () => {
    if (!element) throw new Error('nothing to click');
    element.click();
  });

const noTasks = pendingTasksOf();

describe('the dashboard summary', () => {
  it('shows each count with what it means, each card leading to the view of what it counts', async () => {
    const { api } = fakeDashboardApi([summaryOf()], [noTasks]);
    await show(api);
    await untilPasses(() => expect(byTestId('summary-card-contacts')).not.toBeNull());

    expect(text('summary-value-contacts')).toBe((1234).toLocaleString());
    expect(href('summary-card-contacts')).toBe('/dashboard');
    expect(text('summary-value-verified')).toBe('617');
    expect(byTestId('summary-card-verified')?.textContent).toContain('50% of contacts');
    expect(href('summary-card-verified')).toBe('/dashboard?lookup=found_valid');
    expect(text('summary-value-drafts')).toBe('4');
    expect(href('summary-card-drafts')).toBe('/outreach');
    expect(text('summary-value-sent')).toBe('37');
    expect(href('summary-card-sent')).toBe('/dashboard?view=analytics');
    expect(text('summary-value-replies')).toBe('9');
    expect(byTestId('summary-card-replies')?.textContent).toContain('24% reply rate · 11% positive');
    expect(href('summary-card-replies')).toBe('/dashboard?view=analytics');
    expect(text('summary-value-meetings')).toBe('2');
    expect(href('summary-card-meetings')).toBe('/meetings');
    // the contact slots are the page header's, shown once (modules/quota QuotaSummary)
    expect(byTestId('summary-card-slots')).toBeNull();
    expect(document.body.textContent).not.toContain('Contact slots');
  });

  it('keeps the cards’ places with skeletons while it loads', async () => {
    let answer: (summary: DashboardSummary) => void = () => {};
    const first = new Promise<DashboardSummary>((resolve) => {
      answer = resolve;
    });
    const { api } = fakeDashboardApi([first], [noTasks]);
    await show(api);

    expect(byTestId('dashboard-summary')?.getAttribute('aria-busy')).toBe('true');
    expect(byTestId('dashboard-summary')?.querySelectorAll('.skeleton')).toHaveLength(6);
    await act(async () => answer(summaryOf({ contacts: 3 })));
    await untilPasses(() => expect(text('summary-value-contacts')).toBe('3'));
    expect(byTestId('dashboard-summary')?.hasAttribute('aria-busy')).toBe(false);
    expect(byTestId('dashboard-summary')?.querySelector('.skeleton')).toBeNull();
  });

  it('says when it could not be loaded, and Try again reads it again', async () => {
    const { api, reads } = fakeDashboardApi([serverError(), summaryOf({ contacts: 5 })], [noTasks]);
    await show(api);
    await untilPasses(() =>
      expect(text('dashboard-summary')).toContain(
        'The summary could not be loaded: Server error. Please try again later.',
      ),
    );
    expect(byTestId('dashboard-summary')?.getAttribute('role')).toBe('alert');

    await click(buttonNamed('Try again', byTestId('dashboard-summary')!));
    await untilPasses(() => expect(text('summary-value-contacts')).toBe('5'));
    expect(reads.summary).toBe(2);
  });
});

describe('the pending tasks', () => {
  const tasks = pendingTasksOf({
    drafts_ready: {
      count: 7,
      items: [
        { contactId: 'c1', name: 'Ada Lovelace', id: 'd1', detail: 'Analytical engines', at: '2026-03-04T09:00:00Z' },
        { contactId: 'c2', name: 'Alan Turing', id: 'd2', detail: 'Morphogenesis', at: null },
        { contactId: 'c3', name: 'Grace Hopper', id: 'd3', detail: 'Compilers', at: null },
        { contactId: 'c4', name: 'Edsger Dijkstra', id: 'd4', detail: 'Shortest paths', at: null },
      ],
    },
    replies_waiting: {
      count: 2,
      items: [
        {
          contactId: 'c11',
          name: 'Margaret Hamilton',
          id: 'v3',
          detail: 'margaret@mit.edu',
          at: null,
          classification: 'interested',
        },
        { contactId: 'c5', name: 'Barbara Liskov', id: 'v1', detail: 'barbara@mit.edu', at: null },
      ],
    },
    follow_ups_due: {
      count: 1,
      items: [{ contactId: 'c10', name: 'John McCarthy', id: 'v2', detail: 'Lisp', at: null }],
    },
    meetings_today: {
      count: 1,
      items: [
        { contactId: 'c6', name: 'Ken Thompson', id: 'm1', detail: 'Coffee · 15:00', at: new Date().toISOString() },
      ],
    },
    failed_lookups: {
      count: 2,
      items: [
        { contactId: 'c7', name: 'Dennis Ritchie', id: 'c7', detail: 'Lookup service unavailable', at: null },
        { contactId: 'c8', name: '', id: 'c8', detail: 'Lookup service unavailable', at: null },
      ],
    },
    failed_sends: {
      count: 1,
      items: [{ contactId: 'c9', name: 'Linus Torvalds', id: 'd9', detail: 'Mailbox disconnected', at: null }],
    },
  });

  it('lists the kinds with something to do, each item and each kind leading to where it is done', async () => {
    const { api } = fakeDashboardApi([summaryOf()], [tasks]);
    await show(api);
    await untilPasses(() => expect(byTestId('task-drafts_ready')).not.toBeNull());
    const panel = byTestId('pending-tasks')!;

    expect(text('pending-tasks-total')).toBe('14');
    expect([...panel.querySelectorAll('h3')].map((heading) => heading.textContent)).toEqual([
      'Drafts ready to send',
      'Replies waiting for you',
      'Follow-ups due',
      'Meetings today',
      'Failed lookups',
      'Failed sends',
    ]);

    const drafts = byTestId('task-drafts_ready')!;
    expect(text('task-count-drafts_ready')).toBe('7');
    expect(drafts.querySelectorAll('li')).toHaveLength(3);
    expect(linkNamed('Ada Lovelace', drafts)?.getAttribute('href')).toBe('/outreach?contact=c1');
    expect(linkNamed('Ada Lovelace', drafts)?.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-03-04T09:00:00Z',
    );
    expect(linkNamed('Edsger Dijkstra', drafts)).toBeUndefined();
    expect(linkNamed('All 7 in Outreach', drafts)?.getAttribute('href')).toBe('/outreach');

    const replies = byTestId('task-replies_waiting')!;
    // a reply waiting opens the contact's conversation with the reply composer (DESIGN §9)
    expect(linkNamed('Barbara Liskov', replies)?.getAttribute('href')).toBe('/dashboard?contact=c5&reply=1');
    expect(linkNamed('Open Pipeline', replies)?.getAttribute('href')).toBe('/pipeline');
    // an interested answer asks for the person's reply, and says what it is
    const keen = linkNamed('Reply to Margaret Hamilton', replies);
    expect(keen?.getAttribute('href')).toBe('/dashboard?contact=c11&reply=1');
    expect(keen?.querySelector('[data-testid="task-label"]')?.textContent).toBe('Interested');
    expect(linkNamed('Barbara Liskov', replies)?.querySelector('[data-testid="task-label"]')).toBeNull();
    const followUps = byTestId('task-follow_ups_due')!;
    expect(linkNamed('John McCarthy', followUps)?.getAttribute('href')).toBe('/outreach?contact=c10');
    expect(linkNamed('Open Outreach', followUps)?.getAttribute('href')).toBe('/outreach');
    const meeting = linkNamed('Ken Thompson', byTestId('task-meetings_today')!);
    expect(meeting?.getAttribute('href')).toBe('/meetings');
    // its detail says the time already
    expect(meeting?.querySelector('time')).toBeNull();

    const lookups = byTestId('task-failed_lookups')!;
    expect(linkNamed('Dennis Ritchie', lookups)?.getAttribute('href')).toBe('/dashboard?contact=c7');
    expect(linkNamed('Unnamed contact', lookups)?.getAttribute('href')).toBe('/dashboard?contact=c8');
    expect(linkNamed('Open Contacts', lookups)?.getAttribute('href')).toBe('/dashboard?lookup=error');
    expect(linkNamed('Linus Torvalds', byTestId('task-failed_sends')!)?.getAttribute('href')).toBe(
      '/outreach?contact=c9',
    );
    expect(panel.textContent).not.toContain('All caught up');
  });

  it('says All caught up when nothing waits', async () => {
    const { api } = fakeDashboardApi([summaryOf()], [noTasks]);
    await show(api);
    await untilPasses(() => expect(text('pending-tasks')).toContain('All caught up'));
    expect(byTestId('pending-tasks-total')).toBeNull();
    expect(byTestId('pending-tasks')?.querySelector('section')).toBeNull();
  });

  it('says when an item fell due: its time today, its date before', () => {
    const now = new Date(2026, 10, 24, 18, 0);
    expect(taskTime(new Date(2026, 10, 24, 9, 5).toISOString(), now)).toBe(
      new Date(2026, 10, 24, 9, 5).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
    );
    expect(taskTime(new Date(2026, 2, 4, 9, 5).toISOString(), now)).toBe(
      new Date(2026, 2, 4).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
    );
    expect(taskTime(null, now)).toBeNull();
  });

  it('shows skeletons while loading, says when it failed, and Try again reads it again', async () => {
    let fail: (error: Error) => void = () => {};
    const first = new Promise<PendingTasks>((_, reject) => {
      fail = reject;
    });
    const { api, reads } = fakeDashboardApi([summaryOf()], [first, tasks]);
    await show(api);
    expect(byTestId('pending-tasks')?.querySelector('.skeleton')).not.toBeNull();
    expect(byTestId('pending-tasks')?.getAttribute('aria-busy')).toBe('true');

    await act(async () => fail(serverError()));
    await untilPasses(() =>
      expect(byTestId('pending-tasks')?.querySelector('[role="alert"]')?.textContent).toContain(
        'Your tasks could not be loaded: Server error. Please try again later.',
      ),
    );
    expect(byTestId('pending-tasks')?.querySelector('.skeleton')).toBeNull();

    await click(buttonNamed('Try again', byTestId('pending-tasks')!));
    await untilPasses(() => expect(byTestId('task-drafts_ready')).not.toBeNull());
    expect(reads.tasks).toBe(2);
  });
});

/** Every text of a catalogue, its `{{placeholders}}` cut out: the pieces a rendered page may show. */
const cataloguePieces = (catalogue: unknown): string[] =>
  typeof catalogue === 'string'
    ? catalogue
        .split(/\{\{[^}]*\}\}/)
        .map((piece) => piece.trim())
        .filter((piece) => piece.length > 3)
    : Object.values(catalogue as Record<string, unknown>).flatMap(cataloguePieces);

describe('the dashboard in German (SPEC §3 language)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('speaks German everywhere: cards, tasks, links and labels, with no English text left', async () => {
    await loadCatalogue('de');
    await i18n.changeLanguage('de');
    const { api } = fakeDashboardApi(
      [summaryOf()],
      [
        pendingTasksOf({
          drafts_ready: {
            count: 4,
            items: [{ contactId: 'c1', name: '', id: 'd1', detail: 'Analytical engines', at: null }],
          },
          failed_lookups: {
            count: 1,
            items: [{ contactId: 'c2', name: 'Dennis Ritchie', id: 'c2', detail: 'Timeout', at: null }],
          },
        }),
      ],
    );
    await show(api);
    await untilPasses(() => expect(byTestId('task-drafts_ready')).not.toBeNull());
    await untilPasses(() => expect(byTestId('summary-card-contacts')).not.toBeNull());

    expect(byTestId('dashboard-summary')?.getAttribute('aria-label')).toBe('Übersicht');
    expect(text('summary-card-contacts')).toContain('Kontakte');
    expect(text('summary-card-replies')).toContain('Antwortquote');
    expect(byTestId('pending-tasks')?.querySelector('h2')?.textContent).toBe('Offene Aufgaben');
    expect(byTestId('pending-tasks')?.querySelector('h3')?.textContent).toBe('Entwürfe bereit zum Senden');
    expect(linkNamed('Alle 4 in Outreach')).toBeDefined();
    expect(linkNamed('Unbenannter Kontakt')).toBeDefined();
    expect(linkNamed('Kontakte öffnen')).toBeDefined();

    // a text left hard-coded in English shows as its English catalogue text (the German catalogue has its own)
    const shown = [
      document.body.textContent ?? '',
      ...[...document.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label')),
    ].join('\n');
    // product names read the same in every language
    const english = cataloguePieces(englishDashboard).filter((piece) => !['Outreach', 'Pipeline'].includes(piece));
    expect(english.filter((piece) => shown.includes(piece))).toEqual([]);
  });
});

describe('the dashboard on the live channel', () => {
  it('reads the summary again when the counters changed, the tasks on every change of what they list', async () => {
    const live = fakeLiveSocket();
    const { api, reads } = fakeDashboardApi(
      [summaryOf({ sentThisWeek: 1 }), summaryOf({ sentThisWeek: 2 })],
      [noTasks, pendingTasksOf({ replies_waiting: { count: 1, items: [] } })],
    );
    await show(api, live.socket);
    await untilPasses(() => expect(text('summary-value-sent')).toBe('1'));
    expect(reads).toEqual({ summary: 1, tasks: 1 });

    // the reply itself: the counters have not moved yet (the aggregator tells stats.changed once they have)
    await live.send({ type: 'reply.received', data: { conversationId: 'v1', contactId: 'c1' } });
    await untilPasses(() => expect(byTestId('task-replies_waiting')).not.toBeNull());
    expect(reads).toEqual({ summary: 1, tasks: 2 });

    await live.send({ type: 'stats.changed', data: {} });
    await untilPasses(() => expect(text('summary-value-sent')).toBe('2'));
    expect(reads.tasks).toBe(3);

    await live.send({ type: 'notification.read', data: { ids: ['n1'] } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toEqual({ summary: 2, tasks: 3 });
  });
});
