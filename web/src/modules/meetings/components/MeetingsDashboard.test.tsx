// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '@/i18n';
import englishMeetings from '@/i18n/locales/en/meetings.json';
import germanMeetings from '@/i18n/locales/de/meetings.json';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { LiveProvider, type LiveSocket } from '@/lib/live';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import {
  callsTo,
  fakeMeetingsApi,
  type MeetingsServer,
  meetingFixture,
  zoomConnectionFixture,
} from '@/test/meetingFixtures';
import { mountPerTest } from '@/test/mountPerTest';
import { lazyCodeTestTimeoutMs, untilPasses } from '@/test/untilPasses';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { dayKeyAt } from '../utils/zonedTime';
import { MeetingsDashboard } from './MeetingsDashboard';

const hour = 60 * 60_000;
const { render } = mountPerTest();

const show = async (server: MeetingsServer, socket: LiveSocket | null = null) => {
  server.settings ??= { timeZone: 'Europe/Paris' };
  const { api, request } = fakeMeetingsApi(server);
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={api as ApiClient}>
        <ConfigProvider wave={{ disabled: true }}>
          <AppFeedbackProvider>
            <LiveProvider socket={socket}>
              <MemoryRouter>
                <MeetingsDashboard />
              </MemoryRouter>
            </LiveProvider>
          </AppFeedbackProvider>
        </ConfigProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
  return request;
};

const card = (id: string) => document.querySelector<HTMLElement>(`[data-testid="meeting-${id}"]`);
const buttonNamed = (name: string, scope: ParentNode = document) =>
  [...scope.querySelectorAll<HTMLButtonElement>('button')].find(
    (button) => button.textContent?.trim() === name || button.getAttribute('aria-label') === name,
  );
const click = (element: HTMLElement | null | undefined) =>
  act(async () => {
    if (!element) throw new Error('nothing to click');
    element.click();
  });
const tab = (name: RegExp) =>
  [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((item) => name.test(item.textContent ?? ''));
const activePanel = () => document.querySelector<HTMLElement>('[role="tabpanel"]:not([aria-hidden="true"])')!;
const typeInto = (element: HTMLTextAreaElement | HTMLInputElement, value: string) =>
  act(async () => {
    const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });

const upcoming = meetingFixture({ id: 'up', title: 'Coffee with Ada' });
const ended = meetingFixture({
  id: 'ended',
  title: 'Intro call with Grace',
  contactName: 'Grace Hopper',
  startTime: new Date(Date.now() - 3 * hour).toISOString(),
});
const done = meetingFixture({
  id: 'done',
  title: 'Follow-up with Alan',
  contactName: 'Alan Turing',
  status: 'done',
  startTime: new Date(Date.now() - 48 * hour).toISOString(),
});

describe('the meetings page', { timeout: lazyCodeTestTimeoutMs }, () => {
  it('keeps its empty state when there are no meetings', async () => {
    await show({ meetings: [] });
    await untilPasses(() => expect(document.body.textContent).toContain('No meetings scheduled'));
    expect(document.body.textContent).toContain('Meetings you schedule with your contacts appear here, soonest first.');
    expect(buttonNamed('Book meeting')).toBeDefined();
  });

  it('lists upcoming meetings apart from past ones, each with its time in the user zone, link and invitation', async () => {
    await show({
      meetings: [
        done,
        ended,
        upcoming,
        meetingFixture({
          id: 'nolink',
          title: 'Lunch with Ada',
          startTime: new Date(Date.now() + 72 * hour).toISOString(),
          zoomJoinUrl: undefined,
          zoomMeetingId: undefined,
          zoomError: 'Zoom could not create a meeting link, so this meeting has none yet. The meeting is saved.',
          invitation: {
            status: 'skipped',
            method: 'REQUEST',
            sequence: 0,
            error: 'This contact has no e-mail address, so no invitation was sent.',
          },
        }),
      ],
    });
    await untilPasses(() => expect(card('up')).not.toBeNull());
    expect(tab(/Upcoming/)?.textContent).toBe('Upcoming (2)');
    expect(tab(/Past/)?.textContent).toBe('Past and cancelled (2)');
    const panel = activePanel();
    expect(panel.querySelector('[data-testid="meeting-ended"]')).toBeNull();
    // soonest first
    expect([...panel.querySelectorAll('.meeting-card')].map((item) => item.getAttribute('data-testid'))).toEqual([
      'meeting-up',
      'meeting-nolink',
    ]);
    const first = card('up')!;
    expect(first.textContent).toContain('Ada Lovelace');
    expect(first.textContent).toContain('Scheduled');
    expect(first.textContent).toContain('Europe/Paris (GMT');
    expect(first.textContent).toContain('30 min');
    expect(first.textContent).toContain('Invitation sent');
    const join = [...first.querySelectorAll('a')].find((link) => link.textContent === 'Join Zoom meeting')!;
    expect(join.getAttribute('href')).toBe('https://zoom.example/j/123');
    expect(join.getAttribute('target')).toBe('_blank');
    const second = card('nolink')!;
    expect(second.textContent).toContain('Zoom could not create a meeting link');
    expect(second.textContent).toContain('Invitation not sent');
    expect(second.textContent).toContain('This contact has no e-mail address');

    await click(tab(/Past/));
    await untilPasses(() => expect(activePanel().querySelector('[data-testid="meeting-ended"]')).not.toBeNull());
    // latest first; a past scheduled meeting can be marked done, not rescheduled
    expect(
      [...activePanel().querySelectorAll('.meeting-card')].map((item) => item.getAttribute('data-testid')),
    ).toEqual(['meeting-ended', 'meeting-done']);
    expect(buttonNamed('Mark as done', card('ended')!)).toBeDefined();
    expect(buttonNamed('Reschedule', card('ended')!)).toBeUndefined();
    expect(card('done')!.textContent).toContain('Done');
  });

  it('shows each meeting on its day of the month calendar in the user zone, and opens it when clicked', async () => {
    // late in the evening in UTC is already the next day in Paris; mid-month, so the month shown holds both days
    const start = new Date();
    start.setUTCDate(14);
    start.setUTCHours(23, 30, 0, 0);
    await show({ meetings: [meetingFixture({ id: 'late', startTime: start.toISOString() })] });
    await untilPasses(() => expect(tab(/Calendar/)).toBeDefined());
    await click(tab(/Calendar/));
    const parisDay = dayKeyAt(start, 'Europe/Paris');
    // 00:30 in winter, 01:30 in summer time
    const parisClock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(start);
    expect(['00:30', '01:30']).toContain(parisClock);
    const cell = await untilPasses(() => {
      const found = document.querySelector<HTMLElement>(`td[title="${parisDay}"]`);
      expect(found?.textContent).toContain(parisClock);
      return found;
    }).then(() => document.querySelector<HTMLElement>(`td[title="${parisDay}"]`)!);
    expect(cell.textContent).toContain('Ada Lovelace');
    await click(cell.querySelector<HTMLButtonElement>('.meetings-calendar__meeting'));
    await untilPasses(() =>
      expect(document.querySelector('[data-testid="meeting-drawer"] [data-testid="meeting-late"]')).not.toBeNull(),
    );
  });

  it('reschedules with a new length, saying the contact gets an updated invitation', async () => {
    const request = await show({ meetings: [meetingFixture({ id: 'up', startTime: upcoming.startTime })] });
    await untilPasses(() => expect(card('up')).not.toBeNull());
    await click(buttonNamed('Reschedule', card('up')!));
    await untilPasses(() =>
      expect(document.querySelector('.ant-modal')?.textContent).toContain(
        'The contact gets an updated invitation with the new time.',
      ),
    );
    const duration = document.querySelector<HTMLInputElement>('.ant-modal input[aria-label="Duration (minutes)"]')!;
    expect(duration.value).toBe('30');
    await typeInto(duration, '45');
    await click(buttonNamed('Save new time'));
    await untilPasses(() => expect(callsTo(request, 'PATCH /api/meetings/{id}')).toHaveLength(1));
    expect(callsTo(request, 'PATCH /api/meetings/{id}')[0]).toEqual({
      params: { id: 'up' },
      // the time was left as it was: only the length changes
      body: { durationMinutes: 45 },
    });
    await untilPasses(() => expect(card('up')!.textContent).toContain('Updated invitation queued'));
    expect(card('up')!.textContent).toContain('45 min');
  });

  it('cancels after a confirmation that the contact gets a cancellation', async () => {
    const request = await show({ meetings: [meetingFixture({ id: 'up' })] });
    await untilPasses(() => expect(card('up')).not.toBeNull());
    await click(buttonNamed('Cancel meeting', card('up')!));
    await untilPasses(() =>
      expect(document.querySelector('.ant-popconfirm')?.textContent).toContain('The contact gets a cancellation'),
    );
    expect(callsTo(request, 'DELETE /api/meetings/{id}')).toHaveLength(0);
    await click(buttonNamed('Yes, cancel it'));
    await untilPasses(() => expect(tab(/Upcoming/)?.textContent).toBe('Upcoming (0)'));
    expect(callsTo(request, 'DELETE /api/meetings/{id}')).toEqual([{ params: { id: 'up' } }]);
    // it leaves Upcoming for the past and cancelled ones, greyed and tagged
    expect(activePanel().textContent).toContain('No upcoming meetings');
    expect(tab(/Past/)?.textContent).toBe('Past and cancelled (1)');
    await click(tab(/Past/));
    await untilPasses(() => expect(activePanel().querySelector('[data-testid="meeting-up"]')).not.toBeNull());
    expect(card('up')!.classList.contains('meeting-card--cancelled')).toBe(true);
    expect(card('up')!.textContent).toContain('Cancelled');
    expect(card('up')!.textContent).toContain('Cancellation queued');
    // a cancelled meeting offers no link and no actions
    expect(buttonNamed('Reschedule', card('up')!)).toBeUndefined();
    expect([...card('up')!.querySelectorAll('a')].some((link) => link.textContent === 'Join Zoom meeting')).toBe(false);
  });

  it('marks a meeting that has begun as done and saves its notes', async () => {
    const request = await show({ meetings: [meetingFixture({ ...ended })] });
    await click(await untilPasses(() => expect(tab(/Past/)).toBeDefined()).then(() => tab(/Past/)));
    await untilPasses(() => expect(card('ended')).not.toBeNull());
    await click(buttonNamed('Mark as done', card('ended')!));
    await untilPasses(() => expect(callsTo(request, 'PATCH /api/meetings/{id}')).toHaveLength(1));
    expect(callsTo(request, 'PATCH /api/meetings/{id}')[0]).toEqual({
      params: { id: 'ended' },
      body: { status: 'done' },
    });
    await untilPasses(() => expect(card('ended')!.querySelector('.meeting-summary__status')?.textContent).toBe('Done'));

    const notes = card('ended')!.querySelector<HTMLTextAreaElement>('textarea')!;
    expect(buttonNamed('Save notes', card('ended')!)?.disabled).toBe(true);
    await typeInto(notes, 'Wants an intro to the analytics team.');
    await click(buttonNamed('Save notes', card('ended')!));
    await untilPasses(() => expect(callsTo(request, 'PATCH /api/meetings/{id}')).toHaveLength(2));
    expect(callsTo(request, 'PATCH /api/meetings/{id}')[1]).toEqual({
      params: { id: 'ended' },
      body: { notes: 'Wants an intro to the analytics team.' },
    });
    await untilPasses(() => expect(buttonNamed('Save notes', card('ended')!)?.disabled).toBe(true));
    expect(card('ended')!.querySelector('textarea')!.value).toBe('Wants an intro to the analytics team.');
  });

  it(
    'keeps unsaved notes and says why when the server refuses them',
    async () => {
      const server: MeetingsServer = { meetings: [meetingFixture({ id: 'up' })] };
      await show(server);
      await untilPasses(() => expect(card('up')).not.toBeNull());
      server.failWith = 'This meeting was cancelled and cannot be changed';
      await typeInto(card('up')!.querySelector('textarea')!, 'Agenda');
      await click(buttonNamed('Save notes', card('up')!));
      await untilPasses(() => {
        expect(document.body.textContent).toContain('The notes could not be saved');
        expect(document.body.textContent).toContain('This meeting was cancelled and cannot be changed');
      }, lazyCodeTestTimeoutMs);
      expect(card('up')!.querySelector('textarea')!.value).toBe('Agenda');
      expect(buttonNamed('Save notes', card('up')!)?.disabled).toBe(false);
    },
    lazyCodeTestTimeoutMs + 5_000,
  );

  it('offers to add the Zoom link of a meeting without one only while Zoom is connected', async () => {
    const noLink = () =>
      meetingFixture({
        id: 'up',
        zoomJoinUrl: undefined,
        zoomError: 'Zoom is not connected, so this meeting has no Zoom link. Connect Zoom from the header to add one.',
      });
    const request = await show({ meetings: [noLink()], zoom: zoomConnectionFixture() });
    await untilPasses(() =>
      expect(buttonNamed('Add Zoom link', card('up') ?? document.createElement('div'))).toBeDefined(),
    );
    await click(buttonNamed('Add Zoom link', card('up')!));
    await untilPasses(() => expect(callsTo(request, 'PATCH /api/meetings/{id}')).toHaveLength(1));
    expect(callsTo(request, 'PATCH /api/meetings/{id}')[0]).toEqual({
      params: { id: 'up' },
      body: { addZoomLink: true },
    });
    await untilPasses(() =>
      expect([...card('up')!.querySelectorAll('a')].some((link) => link.textContent === 'Join Zoom meeting')).toBe(
        true,
      ),
    );

    await render(null);
    await show({ meetings: [noLink()], zoom: null });
    await untilPasses(() => expect(card('up')?.textContent).toContain('Connect Zoom from the header'));
    expect(buttonNamed('Add Zoom link', card('up')!)).toBeUndefined();
  });

  it('books from the page and keeps showing the booked meeting while the lists are read again', async () => {
    const request = await show({
      meetings: [meetingFixture({ id: 'up' })],
      contacts: [{ id: 'c7', name: 'Grace Hopper' }],
    });
    await untilPasses(() => expect(card('up')).not.toBeNull());
    await click(buttonNamed('Book meeting'));
    const selector = await untilPasses(() =>
      expect(document.querySelector('.ant-modal .ant-select')).not.toBeNull(),
    ).then(() => document.querySelector<HTMLElement>('.ant-modal .ant-select')!);
    await act(async () => selector.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    await untilPasses(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    await click(document.querySelector<HTMLElement>('.ant-select-item-option'));
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(document.querySelector('[data-testid="meeting-booked"]')).not.toBeNull());
    await untilPasses(() => expect(card('m2')).not.toBeNull());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(document.querySelector('[data-testid="meeting-booked"]')).not.toBeNull();
    expect(callsTo(request, 'POST /api/meetings')).toHaveLength(1);
  });

  it('reads the meetings again when the live channel says one changed', async () => {
    const live = fakeLiveSocket('open');
    const server: MeetingsServer = {
      meetings: [meetingFixture({ id: 'up', invitation: { status: 'queued', method: 'REQUEST', sequence: 0 } })],
    };
    const request = await show(server, live.socket);
    await untilPasses(() => expect(card('up')?.textContent).toContain('Invitation queued'));
    const reads = callsTo(request, 'GET /api/meetings').length;
    server.meetings[0]!.invitation = { status: 'sent', method: 'REQUEST', sequence: 0 };
    await live.send({ type: 'meeting.updated', data: { meetingId: 'up', contactId: 'c1' } });
    await untilPasses(() => expect(card('up')?.textContent).toContain('Invitation sent'));
    expect(callsTo(request, 'GET /api/meetings').length).toBe(reads + 1);
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

describe('the meetings page in German (SPEC §3 language)', { timeout: lazyCodeTestTimeoutMs }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("speaks German: header, tabs, a meeting's date and time, its status, invitation and actions", async () => {
    await loadCatalogue('de');
    await i18n.changeLanguage('de');
    await show({
      meetings: [
        meetingFixture({
          id: 'de',
          title: 'Kaffee mit Ada',
          // a Thursday afternoon in Paris
          startTime: '2037-12-10T15:00:00.000Z',
          invitation: { status: 'queued', method: 'REQUEST', sequence: 1 },
        }),
      ],
    });
    await untilPasses(() => expect(card('de')).not.toBeNull());
    expect(document.querySelector('h1')?.textContent).toBe('Meetings');
    expect(document.body.textContent).toContain('Die Gespräche und Kaffeetreffen, die aus Ihrem Outreach entstehen.');
    expect(tab(/^Anstehend/)?.textContent).toBe('Anstehend (1)');
    expect(tab(/^Vergangen/)?.textContent).toBe('Vergangen und abgesagt (0)');
    const shown = card('de')!;
    expect(shown.querySelector('time')?.textContent).toBe('Do., 10. Dez. 2037, 16:00–16:30');
    expect(shown.textContent).toContain('30 Min.');
    expect(shown.textContent).toContain('Geplant');
    expect(shown.textContent).toContain('Aktualisierte Einladung in Warteschlange');
    expect(buttonNamed('Zoom-Meeting beitreten', shown)).toBeUndefined();
    expect([...shown.querySelectorAll('a')].map((link) => link.textContent)).toContain('Zoom-Meeting beitreten');
    expect(buttonNamed('Verschieben', shown)).toBeDefined();
    expect(buttonNamed('Meeting absagen', shown)).toBeDefined();
    expect(buttonNamed('Notizen speichern', shown)).toBeDefined();
    expect(shown.querySelector('textarea')?.getAttribute('aria-label')).toBe('Notizen: Kaffee mit Ada');
    expect(buttonNamed('Meeting vereinbaren')).toBeDefined();

    // a text left in English shows as its English catalogue text (the German catalogue has its own)
    const said = [
      document.body.textContent ?? '',
      ...[...document.querySelectorAll('[aria-label], [placeholder]')].flatMap((element) => [
        element.getAttribute('aria-label') ?? '',
        element.getAttribute('placeholder') ?? '',
      ]),
    ].join('\n');
    const german = new Set(cataloguePieces(germanMeetings));
    const english = cataloguePieces(englishMeetings).filter((piece) => !german.has(piece));
    expect(english.filter((piece) => said.includes(piece))).toEqual([]);
  });
});
