// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadCatalogue } from '@/i18n';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { callsTo, fakeMeetingsApi, type MeetingsServer, zoomConnectionFixture } from '@/test/meetingFixtures';
import { mountPerTest } from '@/test/mountPerTest';
import { lazyCodeTestTimeoutMs, untilPasses } from '@/test/untilPasses';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { formatClock } from '../utils/zonedTime';
import { BookMeetingModal } from './BookMeetingModal';

const { render } = mountPerTest();

const ada = { id: 'c1', name: 'Ada Lovelace' };

const show = async (server: MeetingsServer, contact: { id: string; name: string } | null = ada) => {
  server.settings ??= { timeZone: 'Europe/Paris', meetingDuration: 45 };
  const { api, request } = fakeMeetingsApi(server);
  const onBooked = vi.fn();
  const onClose = vi.fn();
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={api as ApiClient}>
        <ConfigProvider wave={{ disabled: true }}>
          <AppFeedbackProvider>
            <BookMeetingModal open contact={contact} onClose={onClose} onBooked={onBooked} />
          </AppFeedbackProvider>
        </ConfigProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
  await untilPasses(() => expect(field('title')).not.toBeNull());
  return { request, onBooked, onClose };
};

const modal = () => document.querySelector<HTMLElement>('.ant-modal')!;
const field = (name: string) => document.querySelector<HTMLInputElement>(`.ant-modal #${name}`);
const duration = () => document.querySelector<HTMLInputElement>('.ant-modal input[aria-label="Duration (minutes)"]')!;
const startInput = () => document.querySelector<HTMLInputElement>('.ant-modal input[aria-label="Date and time"]')!;
const invitationBox = () => document.querySelector<HTMLInputElement>('.ant-modal input[type="checkbox"]')!;
const buttonNamed = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('.ant-modal button')].find(
    (button) => button.textContent?.trim() === name,
  );
const click = (element: HTMLElement | null | undefined) =>
  act(async () => {
    if (!element) throw new Error('nothing to click');
    element.click();
  });
const typeInto = (element: HTMLInputElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });

const focus = (element: HTMLInputElement) =>
  act(async () => {
    element.focus();
    element.dispatchEvent(new FocusEvent('focus', { bubbles: false }));
    element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  });
const blur = (element: HTMLInputElement) =>
  act(async () => {
    element.blur();
    element.dispatchEvent(new FocusEvent('blur', { bubbles: false }));
    element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
/** Enter in `element`: the event, to see whether the browser's default (sending the form) was prevented */
const pressEnter = async (element: HTMLInputElement) => {
  const event = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true });
  await act(async () => {
    element.dispatchEvent(event);
  });
  return event;
};

describe('booking a meeting', { timeout: lazyCodeTestTimeoutMs }, () => {
  it('starts from the contact and the settings: title, length, the user zone, an invitation, and says Zoom is missing', async () => {
    await show({ meetings: [], zoom: null });
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Book meeting with Ada Lovelace');
    expect(field('title')!.value).toBe('Meeting with Ada Lovelace');
    expect(duration().value).toBe('45');
    // the suggested start, as the user's clock reads it (Ada's place is not known here)
    expect(modal().textContent).toMatch(/\d\d:\d\d your time · Europe\/Paris \(GMT/);
    expect(invitationBox().checked).toBe(true);
    expect(modal().textContent).toContain('Send calendar invitation');
    await untilPasses(() => expect(modal().textContent).toContain('Connect Zoom from the header to add a Zoom link.'));
    expect(modal().textContent).not.toContain('A Zoom link will be created');
  });

  it('books at the picked time in the user zone, and shows why the meeting has no Zoom link while keeping it', async () => {
    const zoomError = 'Zoom could not create a meeting link, so this meeting has none yet. The meeting is saved.';
    const { request, onBooked } = await show({
      meetings: [],
      zoom: zoomConnectionFixture(),
      booked: { zoomJoinUrl: undefined, zoomError },
    });
    await untilPasses(() => expect(modal().textContent).toContain('A Zoom link will be created for this meeting.'));
    const shown = startInput().value;
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(callsTo(request, 'POST /api/meetings')).toHaveLength(1));
    const { body } = callsTo(request, 'POST /api/meetings')[0] as { body: Record<string, unknown> };
    expect(body).toMatchObject({
      contactId: 'c1',
      title: 'Meeting with Ada Lovelace',
      durationMinutes: 45,
      timeZone: 'Europe/Paris',
      sendInvitation: true,
    });
    // what the picker showed is the Paris clock of the instant sent
    const start = new Date(body.startTime as string);
    expect(start.getTime()).toBeGreaterThan(Date.now());
    expect(shown.endsWith(formatClock(start, 'Europe/Paris', 'en'))).toBe(true);

    await untilPasses(() => expect(document.querySelector('[data-testid="meeting-booked"]')).not.toBeNull());
    const result = document.querySelector<HTMLElement>('[data-testid="meeting-booked"]')!;
    expect(result.textContent).toContain('Meeting booked');
    expect(result.querySelector('.ant-alert-warning')?.textContent).toContain(zoomError);
    expect(result.textContent).toContain('Invitation queued');
    expect([...result.querySelectorAll('a')].some((link) => link.textContent === 'Join Zoom meeting')).toBe(false);
    expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1', zoomError }));
  });

  it('books a typed date and time: Enter keeps it without sending the form, and both clocks show it', async () => {
    const { request } = await show({
      meetings: [],
      settings: { timeZone: 'Europe/Paris', meetingDuration: 45, language: 'en-GB' },
      contacts: [{ id: 'c1', name: 'Ada Lovelace', location: 'New York, New York, United States' }],
    });
    await untilPasses(() => expect(modal().textContent).toContain('for Ada Lovelace in New York'));
    await focus(startInput());
    // day first in British English: 10 December
    await typeInto(startInput(), '10/12/2037 16:00');
    const enter = await pressEnter(startInput());
    // Enter stays in the picker: the browser's own submit of the form on Enter is prevented
    expect(enter.defaultPrevented).toBe(true);
    await untilPasses(() => expect(startInput().value).toBe('Thu 10 Dec 2037, 16:00'));
    await blur(startInput());
    expect(callsTo(request, 'POST /api/meetings')).toHaveLength(0);
    const zones = modal().querySelector('[aria-label="The start in each time zone"]')!;
    expect([...zones.querySelectorAll('li')].map((line) => line.textContent)).toEqual([
      'Thu, 10 Dec 2037, 16:00 your time · Europe/Paris (GMT+01:00)',
      'Thu, 10 Dec 2037, 10:00 for Ada Lovelace in New York · America/New York (GMT-05:00)',
    ]);

    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(callsTo(request, 'POST /api/meetings')).toHaveLength(1));
    expect(callsTo(request, 'POST /api/meetings')[0]).toMatchObject({
      body: { startTime: '2037-12-10T15:00:00.000Z', timeZone: 'Europe/Paris' },
    });
  });

  it('reads a typed date in the order of the language: month first in American English', async () => {
    const { request } = await show({
      meetings: [],
      settings: { timeZone: 'UTC', meetingDuration: 30, language: 'en' },
    });
    expect(modal().textContent).toContain('12/10/2026 16:00 (month first)');
    await focus(startInput());
    await typeInto(startInput(), '12/10/2037 4:30 pm');
    await blur(startInput());
    await untilPasses(() => expect(startInput().value).toBe('Thu 10 Dec 2037, 16:30'));
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(callsTo(request, 'POST /api/meetings')).toHaveLength(1));
    expect(callsTo(request, 'POST /api/meetings')[0]).toMatchObject({
      body: { startTime: '2037-12-10T16:30:00.000Z' },
    });
  });

  it('on Enter with text it cannot read, sends nothing, says so, and books the time it shows', async () => {
    const { request } = await show({ meetings: [] });
    const shown = startInput().value;
    await focus(startInput());
    await typeInto(startInput(), 'next thursday at 4');
    const enter = await pressEnter(startInput());
    expect(enter.defaultPrevented).toBe(true);
    await untilPasses(() =>
      expect(modal().textContent).toContain('"next thursday at 4" is not a date and time the picker can read'),
    );
    expect(callsTo(request, 'POST /api/meetings')).toHaveLength(0);
    await blur(startInput());
    await untilPasses(() => expect(startInput().value).toBe(shown));
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(callsTo(request, 'POST /api/meetings')).toHaveLength(1));
    const { body } = callsTo(request, 'POST /api/meetings')[0] as { body: { startTime: string } };
    expect(shown.endsWith(formatClock(new Date(body.startTime), 'Europe/Paris', 'en'))).toBe(true);
  });

  it("says gently when the contact's time zone is not known", async () => {
    await show({ meetings: [], contacts: [{ id: 'c1', name: 'Ada Lovelace', location: 'United States' }] });
    await untilPasses(() =>
      expect(modal().textContent).toContain(
        "Ada Lovelace's time zone is not known from their profile: their calendar shows the invitation at their own time.",
      ),
    );
  });

  it('shows the join link of the Zoom meeting it created, opening in a new tab', async () => {
    await show({ meetings: [], zoom: zoomConnectionFixture() });
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(document.querySelector('[data-testid="meeting-booked"]')).not.toBeNull());
    const join = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="meeting-booked"] a')].find(
      (link) => link.textContent === 'Join Zoom meeting',
    )!;
    expect(join.href).toBe('https://zoom.example/j/123');
    expect(join.target).toBe('_blank');
  });

  it('books without an invitation when the box is unticked', async () => {
    const { request } = await show({ meetings: [] });
    await click(invitationBox());
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(callsTo(request, 'POST /api/meetings')).toHaveLength(1));
    expect(callsTo(request, 'POST /api/meetings')[0]).toMatchObject({ body: { sendInvitation: false } });
  });

  it('refuses an empty title and a missing length, sending nothing', async () => {
    const { request } = await show({ meetings: [] });
    await typeInto(field('title')!, '  ');
    await typeInto(duration(), '');
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => {
      expect(modal().textContent).toContain('Give the meeting a title');
      expect(modal().textContent).toContain('Between 5 and 480 minutes');
    });
    expect(callsTo(request, 'POST /api/meetings')).toHaveLength(0);
  });

  it('asks for a contact when opened without one, and names the meeting after the one picked', async () => {
    const { request } = await show({ meetings: [], contacts: [{ id: 'c7', name: 'Grace Hopper' }] }, null);
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Book meeting');
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(modal().textContent).toContain('Choose the contact you meet'));
    expect(callsTo(request, 'POST /api/meetings')).toHaveLength(0);

    const selector = document.querySelector<HTMLElement>('.ant-modal .ant-select')!;
    await act(async () => selector.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    const option = await untilPasses(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) =>
        item.textContent?.includes('Grace Hopper'),
      );
      expect(found).toBeDefined();
    }).then(
      () =>
        [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) =>
          item.textContent?.includes('Grace Hopper'),
        )!,
    );
    await click(option);
    await untilPasses(() => expect(field('title')!.value).toBe('Meeting with Grace Hopper'));
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(callsTo(request, 'POST /api/meetings')).toHaveLength(1));
    expect(callsTo(request, 'POST /api/meetings')[0]).toMatchObject({
      body: { contactId: 'c7', title: 'Meeting with Grace Hopper' },
    });
  });

  it('says why a booking was refused and keeps the form', async () => {
    const { request } = await show({ meetings: [], failWith: 'A meeting cannot start in the past' });
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(modal().textContent).toContain('A meeting cannot start in the past'));
    expect(callsTo(request, 'POST /api/meetings')).toHaveLength(1);
    expect(modal().textContent).toContain('The meeting could not be booked');
    expect(field('title')).not.toBeNull();
  });
});

describe('the invitation goes only to an address every e-mail may go to', { timeout: lazyCodeTestTimeoutMs }, () => {
  const blockedNote = () => document.querySelector<HTMLElement>('[data-testid="invitation-blocked"]');

  it('says why before booking, and books without an invitation, for a risky address not confirmed', async () => {
    const { request } = await show({
      meetings: [],
      contacts: [{ id: 'c1', name: 'Ada Lovelace', email: 'ada@engines.example', emailQevStatus: 'accept_all' }],
    });
    await untilPasses(() => expect(blockedNote()).not.toBeNull());
    expect(blockedNote()!.textContent).toContain('No invitation can be sent');
    expect(blockedNote()!.textContent).toContain('ada@engines.example is a risky address');
    expect(invitationBox().checked).toBe(false);
    expect(invitationBox().disabled).toBe(true);
    await click(buttonNamed('Confirm booking'));
    await untilPasses(() => expect(callsTo(request, 'POST /api/meetings')).toHaveLength(1));
    expect((callsTo(request, 'POST /api/meetings')[0] as { body: Record<string, unknown> }).body).toMatchObject({
      sendInvitation: false,
    });
  });

  it.each([
    [{ email: '', emailQevStatus: null }, 'Ada Lovelace has no e-mail address yet'],
    [{ email: 'ada@engines.example', emailQevStatus: 'invalid' }, 'ada@engines.example does not exist'],
    [{ email: 'ada@engines.example', emailQevStatus: null }, 'still being verified'],
  ] as const)('names the reason for %o', async (address, reason) => {
    await show({ meetings: [], contacts: [{ id: 'c1', name: 'Ada Lovelace', ...address }] });
    await untilPasses(() => expect(blockedNote()?.textContent).toContain(reason));
    expect(invitationBox().disabled).toBe(true);
  });

  it('leaves the invitation on for a valid address', async () => {
    const { request } = await show({
      meetings: [],
      contacts: [{ id: 'c1', name: 'Ada Lovelace', email: 'ada@engines.example' }],
    });
    await untilPasses(() => expect(callsTo(request, 'GET /api/contacts/{id}')).not.toEqual([]));
    await act(async () => {});
    expect(blockedNote()).toBeNull();
    expect(invitationBox().checked).toBe(true);
    expect(invitationBox().disabled).toBe(false);
  });
});

describe('booking a meeting in German (SPEC §3 language)', { timeout: lazyCodeTestTimeoutMs }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('asks in German and writes the start on both clocks as German does', async () => {
    await loadCatalogue('de');
    await i18n.changeLanguage('de');
    await show({
      meetings: [],
      zoom: null,
      settings: { timeZone: 'Europe/Paris', meetingDuration: 45, language: 'de' },
      contacts: [{ id: 'c1', name: 'Ada Lovelace', location: 'New York, New York, United States' }],
    });
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Meeting mit Ada Lovelace vereinbaren');
    expect(field('title')!.value).toBe('Meeting mit Ada Lovelace');
    await untilPasses(() =>
      expect(modal().textContent).toContain('Verbinden Sie Zoom über die Kopfzeile, um einen Zoom-Link hinzuzufügen.'),
    );
    expect(modal().textContent).toContain('Kalendereinladung senden');
    expect(modal().textContent).toContain('10/12/2026 16:00 (Tag zuerst)');
    expect(modal().querySelector('input[aria-label="Dauer (Minuten)"]')).not.toBeNull();

    const start = modal().querySelector<HTMLInputElement>('input[aria-label="Datum und Uhrzeit"]')!;
    await focus(start);
    await typeInto(start, '10.12.2037 16:00');
    await pressEnter(start);
    await blur(start);
    const zones = modal().querySelector('[aria-label="Der Beginn in jeder Zeitzone"]')!;
    await untilPasses(() =>
      expect([...zones.querySelectorAll('li')].map((line) => line.textContent)).toEqual([
        'Do., 10. Dez. 2037, 16:00 bei Ihnen · Europe/Paris (GMT+01:00)',
        'Do., 10. Dez. 2037, 10:00 bei Ada Lovelace in New York · America/New York (GMT-05:00)',
      ]),
    );
    expect(buttonNamed('Abbrechen')).toBeDefined();
    await click(buttonNamed('Buchung bestätigen'));
    await untilPasses(() => expect(document.querySelector('[data-testid="meeting-booked"]')).not.toBeNull());
    expect(document.querySelector('[data-testid="meeting-booked"]')?.textContent).toContain('Meeting gebucht');
  });
});
