import type { APIRequestContext } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { connectSandboxMailbox } from '../infra/local/sandbox/mail-testing';
import { dayIn, instantOf, offsetAt, personZone, shownStart, typedStart } from './fixtures/clock';
import { isSandboxUrl, sandboxUrl } from './fixtures/sandbox';
import { expect, test as base } from './fixtures/test';
import { openPopconfirm } from './fixtures/popups';
import { ContactsPage } from './pages/ContactsPage';
import { MeetingsPage, type PickedTime } from './pages/MeetingsPage';
import { PipelinePage } from './pages/PipelinePage';
import { SandboxConsentPage } from './pages/SandboxConsentPage';
import { SandboxMailPage } from './pages/SandboxMailPage';
import { SettingsPage } from './pages/SettingsPage';

const test = base.extend<{ consentPage: SandboxConsentPage }>({
  consentPage: async ({ page }, use) => use(new SandboxConsentPage(page)),
});

/** a sandbox person whose e-mail lookup finds a verified address */
const person = { url: 'https://www.linkedin.com/in/grace-hopper-1906', name: /grace hopper/i };

/** the user's zone for this journey: not the browser's (UTC), so a wrong zone shows in every time */
const zone = 'Europe/Berlin';

/** Worker-driven steps (the meeting-invitation queue, the sandbox mailbox) take seconds, not minutes. */
const queued = { timeout: 45_000 };

/** '20261125T090000Z': an iCalendar UTC date-time. */
const icsTime = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

type SandboxZoomMeeting = { id: number; hostEmail: string; topic: string; startTime: string; deleted: boolean };

const zoomMeetingsOf = async (request: APIRequestContext, host: string) => {
  const response = await request.get(`${sandboxUrl}/_sandbox/zoom/meetings?email=${encodeURIComponent(host)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SandboxZoomMeeting[];
};

/**
 * The invitations `mailbox` sent to `to`, oldest first, with their calendar part (text/calendar): read from the
 * sender's Sent copies through the sandbox's Gmail API (the mail page and its JSON show only the text).
 */
const invitationsSent = async (mailbox: string, to: string) => {
  const { accessToken } = await connectSandboxMailbox(sandboxUrl, 'gmail', mailbox);
  const gmail = `${sandboxUrl}/gmail/v1/users/me/messages`;
  const headers = { Authorization: `Bearer ${accessToken}` };
  const listed = (await (await fetch(`${gmail}?q=${encodeURIComponent(`to:${to}`)}`, { headers })).json()) as {
    messages?: { id: string }[];
  };
  const found = [];
  for (const { id } of (listed.messages ?? []).reverse()) {
    const { raw } = (await (await fetch(`${gmail}/${id}?format=raw`, { headers })).json()) as { raw: string };
    const parsed = await simpleParser(Buffer.from(raw, 'base64url'));
    // RFC 6047: the calendar is the text's text/calendar alternative, and attached besides as a file for the others
    const calendar = parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar');
    const file = parsed.attachments.find(
      (attachment) => /^(text\/calendar|application\/ics)$/.test(attachment.contentType) && attachment.filename,
    );
    found.push({
      subject: parsed.subject ?? '',
      from: parsed.from?.value[0]?.address ?? '',
      calendarFile: file?.filename ?? null,
      ics: calendar?.content.toString('utf8').replace(/\r\n[ \t]/g, '') ?? '',
    });
  }
  return found;
};

/** the value of an iCalendar property line (`UID:...`, `DTSTART:...`) of the invitation's VEVENT */
const icsValue = (ics: string, property: string) =>
  ics
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${property}:`) || line.startsWith(`${property};`))
    ?.replace(/^[^:]*:/, '') ?? null;

test.describe('Meetings with Zoom', () => {
  test('a person connects Zoom, books a meeting from a contact at a typed time with its join link, reschedules it, the contact gets the invitation and its update, the pipeline shows Meeting scheduled, and a cancelled meeting leaves Upcoming', async ({
    page,
    context,
    request,
    appShell,
    consentPage,
    signedInUser: user,
    capture,
  }) => {
    // a mailbox, a Zoom account, a contact found and verified, a booking and a reschedule with their invitations
    test.setTimeout(300_000);
    const gmail = user.email.replace('@', '+gmail@');
    const zoomEmail = user.email.replace('@', '+zoom@');
    const contacts = new ContactsPage(page);
    const meetings = new MeetingsPage(page);
    const settings = new SettingsPage(page);
    const first: PickedTime = { day: dayIn(zone, 1), hour: 10, minute: 0 };
    const second: PickedTime = { day: dayIn(zone, 2), hour: 15, minute: 30 };
    const firstStart = instantOf(first, zone);
    const secondStart = instantOf(second, zone);

    await test.step(`sets the time zone to ${zone} in Settings`, async () => {
      await appShell.chooseFromUserMenu('Settings');
      await expect(settings.heading()).toBeVisible();
      const saved = await settings.choose('Time zone', zone, 'Berlin');
      expect(saved.ok()).toBe(true);
      await expect(settings.selected('Time zone')).toHaveText(/^Europe\/Berlin \(GMT\+0[12]:00\)$/);
    });

    await test.step('connects Gmail from the header (invitations leave from this mailbox)', async () => {
      await page.goto('/dashboard');
      const popover = await appShell.openEmailConnection();
      await popover.getByRole('button', { name: 'Connect Gmail' }).click();
      await consentPage.allowAs(gmail);
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      await expect(await appShell.openEmailConnection()).toContainText(`Connected: ${gmail}`);
      await appShell.dismiss();
    });

    await test.step('connects Zoom from the header on /meetings and comes back to it, connected', async () => {
      await appShell.open('Meetings');
      await expect(meetings.heading()).toBeVisible();
      await expect(page.getByText('No meetings scheduled')).toBeVisible();
      const popover = await appShell.openZoomConnection();
      await expect(popover.getByText('No Zoom account connected')).toBeVisible();
      await popover.getByRole('button', { name: 'Connect Zoom' }).click();
      await page.waitForURL(isSandboxUrl);
      expect(new URL(page.url()).pathname).toBe('/zoom/oauth/authorize');
      await consentPage.allowAs(zoomEmail);
      // back on the page it started from, the code exchanged and gone from the address
      await expect(page).toHaveURL(/\/meetings$/, { timeout: 20_000 });
      const connected = await appShell.openZoomConnection();
      await expect(connected.getByText(`Connected: ${zoomEmail}`)).toBeVisible();
      await expect(connected.getByText(/^Token expires at \S/)).toBeVisible();
      await expect(connected.getByRole('button', { name: 'Disconnect Zoom' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Zoom connection' })).toContainText('Zoom');
      await capture('meetings-zoom-connected');
      await appShell.dismiss();
    });

    const contact = { name: '', email: '' };
    await test.step('adds a contact by LinkedIn URL and waits for the verified e-mail', async () => {
      await contacts.goto();
      Object.assign(contact, await contacts.addByUrlVerified(person, queued.timeout));
      expect(contact.email).toMatch(/^\S+@\S+\.\S+$/);
    });
    const title = () => `Meeting with ${contact.name}`;

    let joinUrl = '';
    await test.step(`books a meeting from the contact's drawer, typing tomorrow 10:00 (${zone}) and seeing it in Toronto's time too: the Zoom link shows`, async () => {
      await contacts.open(person.name);
      await contacts
        .drawer()
        .getByRole('button', { name: `Book meeting with ${contact.name}` })
        .click();
      const dialog = meetings.bookDialog(contact.name);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Title')).toHaveValue(title());
      await expect(dialog.getByText('A Zoom link will be created for this meeting.')).toBeVisible();
      await expect(dialog.getByRole('checkbox', { name: 'Send calendar invitation' })).toBeChecked();
      await expect(dialog.getByRole('spinbutton', { name: 'Duration (minutes)' })).toHaveValue('30');
      // typed as the picker writes it, then Enter: the picker keeps it, and the form is not sent by the Enter
      await meetings.typeStart(dialog, typedStart(first));
      await expect(meetings.startField(dialog)).toHaveValue(typedStart(first));
      await expect(meetings.booked()).toBeHidden();
      await expect(meetings.startInZones(dialog)).toHaveText([
        `${shownStart(firstStart, zone)} your time · ${zone} (${offsetAt(firstStart, zone)})`,
        `${shownStart(firstStart, personZone)} for ${contact.name} in Toronto · ${personZone} (${offsetAt(firstStart, personZone)})`,
      ]);
      await capture('meetings-book-typed-start');
      await dialog.getByRole('button', { name: 'Confirm booking' }).click();

      const result = meetings.booked();
      await expect(result).toBeVisible({ timeout: 20_000 });
      await expect(result.getByText('Meeting booked')).toBeVisible();
      await expect(result.getByRole('heading', { name: title() })).toBeVisible();
      await expect(meetings.time(result)).toHaveText(`${shownStart(firstStart, zone)}–10:30`);
      await expect(meetings.time(result)).toHaveAttribute('datetime', firstStart.toISOString());
      const link = meetings.joinLink(result);
      await expect(link).toBeVisible();
      joinUrl = (await link.getAttribute('href')) ?? '';
      expect(new URL(joinUrl).pathname).toMatch(/^\/zoom\/j\/\d{11}$/);
      expect(isSandboxUrl(new URL(joinUrl))).toBe(true);
      await expect(result).toContainText(joinUrl);
      await capture('meetings-booked-with-link');
      await result.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      await contacts.drawer().getByRole('button', { name: 'Close', exact: true }).click();
      await expect(contacts.drawer()).toBeHidden();
    });
    const zoomId = Number(new URL(joinUrl).pathname.split('/').pop());

    await test.step('the Zoom meeting starts at the typed time', async () => {
      const held = await zoomMeetingsOf(request, zoomEmail);
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ id: zoomId, deleted: false });
      expect(Date.parse(held[0]!.startTime)).toBe(firstStart.getTime());
    });

    await test.step('the join link opens the sandbox Zoom meeting with its topic', async () => {
      const joinTab = await context.newPage();
      await joinTab.goto(joinUrl);
      await expect(joinTab.getByRole('heading', { level: 1, name: 'Zoom meeting (sandbox)' })).toBeVisible();
      await expect(joinTab.getByRole('heading', { level: 2, name: title() })).toBeVisible();
      await expect(joinTab.locator('time')).toHaveAttribute(
        'datetime',
        firstStart.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      );
      await joinTab.close();
    });

    await test.step('/meetings lists it under Upcoming with the link; its invitation is sent', async () => {
      await appShell.open('Meetings');
      await expect(meetings.heading()).toBeVisible();
      await expect(meetings.tab('Upcoming')).toHaveText('Upcoming (1)');
      await expect(meetings.tab('Upcoming')).toHaveAttribute('aria-selected', 'true');
      const card = meetings.meeting(title());
      await expect(card).toBeVisible();
      await expect(card).toContainText(contact.name);
      await expect(meetings.time(card)).toHaveText(`${shownStart(firstStart, zone)}–10:30`);
      await expect(meetings.joinLink(card)).toHaveAttribute('href', joinUrl);
      await expect(meetings.invitation(card)).toHaveText('Invitation sent', queued);
      await capture('meetings-upcoming');
    });

    await test.step('the calendar view shows it on its day and opens it', async () => {
      await meetings.tab('Calendar').click();
      await expect(meetings.tab('Calendar')).toHaveAttribute('aria-selected', 'true');
      const onItsDay = meetings
        .calendarDay(first.day)
        .getByRole('button', { name: new RegExp(`^10:00 ${contact.name}`) });
      await expect(onItsDay).toBeVisible();
      await capture('meetings-calendar');
      await onItsDay.click();
      const opened = meetings.meetingDrawer();
      await expect(opened).toBeVisible();
      await expect(opened.getByRole('article', { name: title() })).toBeVisible();
      await expect(meetings.joinLink(opened)).toHaveAttribute('href', joinUrl);
      await opened.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(opened).toBeHidden();
      await meetings.tab('Upcoming').click();
      await expect(meetings.tab('Upcoming')).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('reschedules it to the day after tomorrow 15:30: the new time shows, the Zoom meeting moved, the link is the same', async () => {
      const card = meetings.meeting(title());
      await card.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = meetings.rescheduleDialog(title());
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('The contact gets an updated invitation with the new time.')).toBeVisible();
      await meetings.pickStart(dialog, second);
      await dialog.getByRole('button', { name: 'Save new time' }).click();
      await expect(dialog).toBeHidden({ timeout: 20_000 });
      await expect(meetings.toast('Meeting rescheduled')).toBeVisible();
      await expect(meetings.time(card)).toHaveText(`${shownStart(secondStart, zone)}–16:00`);
      await expect(meetings.time(card)).toHaveAttribute('datetime', secondStart.toISOString());
      await expect(meetings.joinLink(card)).toHaveAttribute('href', joinUrl);
      await expect(meetings.invitation(card)).toHaveText('Updated invitation sent', queued);
      await capture('meetings-rescheduled');

      const held = await zoomMeetingsOf(request, zoomEmail);
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ id: zoomId, topic: title(), deleted: false });
      expect(Date.parse(held[0]!.startTime)).toBe(secondStart.getTime());
    });

    await test.step('the sandbox mail page shows the invitation and its update, sent to the contact from the Gmail address', async () => {
      const mailTab = await context.newPage();
      const mail = new SandboxMailPage(mailTab);
      await mail.goto();
      const sent = mail.messages(gmail, contact.email);
      await expect(sent).toHaveCount(2);
      const invitation = mailTab.getByRole('article', { name: /^Invitation: / }).and(sent);
      const update = mailTab.getByRole('article', { name: /^Updated invitation: / }).and(sent);
      await expect(invitation).toHaveCount(1);
      await expect(update).toHaveCount(1);
      await expect(invitation).toContainText(`Invitation: ${title()} @ ${shownStart(firstStart, zone)} `);
      await expect(invitation).toContainText(`Join Zoom: ${joinUrl}`);
      await expect(update).toContainText(`Updated invitation: ${title()} @ ${shownStart(secondStart, zone)} `);
      await expect(update).toContainText('The new details:');
      await expect(update).toContainText(`Join Zoom: ${joinUrl}`);
      await update.scrollIntoViewIfNeeded();
      await capture('meetings-sandbox-mail', mailTab);
      await mailTab.close();
    });

    await test.step('the contact accepts the updated invitation in their mailbox: the meeting shows Accepted, the bell says so, and it is no reply', async () => {
      const mailTab = await context.newPage();
      const mail = new SandboxMailPage(mailTab);
      await mail.goto();
      const update = mailTab
        .getByRole('article', { name: /^Updated invitation: / })
        .and(mail.messages(gmail, contact.email));
      await mail.answerInvitation(update, 'Accept');
      const answer = mailTab.getByRole('article', { name: /^Accepted: / }).and(mail.messages(contact.email, gmail));
      await expect(answer).toHaveCount(1);
      await expect(answer).toContainText('has accepted this invitation');
      await answer.scrollIntoViewIfNeeded();
      await capture('meetings-sandbox-accept', mailTab);
      await mailTab.close();

      const card = meetings.meeting(title());
      await expect(meetings.rsvp(card)).toHaveText('Accepted', queued);
      await expect(meetings.invitation(card)).toContainText('Updated invitation sent');
      await capture('meetings-accepted');
      const panel = await appShell.openNotifications();
      await expect(panel.getByRole('listitem').filter({ hasText: `${contact.name} accepted: ${title()}` })).toHaveCount(
        1,
      );
      await expect(panel.getByText(/^Received a reply from/)).toHaveCount(0);
      await capture('meetings-accepted-notification');
      await appShell.dismiss();
    });

    await test.step('their calendar parts are one event: METHOD REQUEST, the same UID, SEQUENCE 0 then 1, the new time', async () => {
      const sent = await invitationsSent(gmail, contact.email);
      expect(sent.map((message) => message.subject)).toEqual([
        expect.stringMatching(/^Invitation: /),
        expect.stringMatching(/^Updated invitation: /),
      ]);
      const [invitation, update] = sent as [(typeof sent)[0], (typeof sent)[0]];
      for (const message of sent) {
        expect(message.from).toBe(gmail);
        expect(message.calendarFile).toBe('invite.ics');
        expect(icsValue(message.ics, 'METHOD')).toBe('REQUEST');
        expect(icsValue(message.ics, 'LOCATION')).toBe(joinUrl);
      }
      const uid = icsValue(invitation.ics, 'UID');
      expect(uid).toBeTruthy();
      expect(icsValue(update.ics, 'UID')).toBe(uid);
      expect(icsValue(invitation.ics, 'SEQUENCE')).toBe('0');
      expect(icsValue(update.ics, 'SEQUENCE')).toBe('1');
      expect(icsValue(invitation.ics, 'DTSTART')).toBe(icsTime(firstStart));
      expect(icsValue(update.ics, 'DTSTART')).toBe(icsTime(secondStart));
    });

    await test.step("the pipeline shows the contact's card under Meeting scheduled", async () => {
      const pipeline = new PipelinePage(page);
      await appShell.open('Pipeline');
      await expect(pipeline.cardIn('meeting_scheduled', contact.name)).toBeVisible();
      await expect(pipeline.cardIn('drafted', contact.name)).toHaveCount(0);
      await capture('meetings-pipeline');
    });

    await test.step('cancels it: it leaves Upcoming for Past and cancelled, greyed, and its Zoom meeting is deleted', async () => {
      await appShell.open('Meetings');
      await expect(meetings.heading()).toBeVisible();
      const card = meetings.meeting(title());
      await card.getByRole('button', { name: 'Cancel meeting' }).click();
      await (await openPopconfirm(page)).getByRole('button', { name: 'Yes, cancel it' }).click();
      await expect(meetings.toast('Meeting cancelled')).toBeVisible();
      await expect(meetings.tab('Upcoming')).toHaveText('Upcoming (0)');
      await expect(page.getByText('No upcoming meetings')).toBeVisible();
      await expect(meetings.meeting(title())).toBeHidden();
      await meetings.tab('Past and cancelled').click();
      await expect(meetings.tab('Past and cancelled')).toHaveText('Past and cancelled (1)');
      const cancelled = meetings.meeting(title());
      await expect(cancelled).toContainText('Cancelled');
      await expect(cancelled.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
      await capture('meetings-cancelled');
      const held = await zoomMeetingsOf(request, zoomEmail);
      expect(held).toMatchObject([{ id: zoomId, deleted: true }]);
    });
  });
});

test.describe('Meetings from an Outlook mailbox', () => {
  test('a person whose mailbox is Outlook books a meeting, the contact accepts the invitation in their mailbox, and the meeting and the bell say so, with no reply counted', async ({
    page,
    context,
    request,
    appShell,
    signedInUser: user,
    capture,
  }) => {
    // a mailbox, a contact found and verified, a booking and its invitation, the answer read back through Graph
    test.setTimeout(180_000);
    const outlook = user.email.replace('@', '+outlook@');
    const contacts = new ContactsPage(page);
    const meetings = new MeetingsPage(page);
    const settings = new SettingsPage(page);
    const start: PickedTime = { day: dayIn('UTC', 1), hour: 10, minute: 0 };

    await test.step('connects Outlook from Settings in its popup (invitations leave from this mailbox)', async () => {
      await appShell.chooseFromUserMenu('Settings');
      await expect(settings.heading()).toBeVisible();
      const popupOpened = page.waitForEvent('popup');
      await settings.connectMailboxButton('Outlook').click();
      const popup = await popupOpened;
      const closed = popup.waitForEvent('close', queued);
      await new SandboxConsentPage(popup).allowAs(outlook);
      await closed;
      await settings.expectMailbox(outlook, { provider: 'Outlook', isDefault: true, status: 'connected' });
    });
    const contact = { name: '', email: '' };
    await test.step('adds a contact by LinkedIn URL and waits for the verified e-mail', async () => {
      // through the sidebar, as a person goes: no reload of the app
      await appShell.open('Dashboard');
      await expect(contacts.card()).toBeVisible({ timeout: 30_000 });
      Object.assign(contact, await contacts.addByUrlVerified(person, queued.timeout));
    });
    const title = () => `Meeting with ${contact.name}`;
    await test.step("books a meeting from the contact's drawer for tomorrow 10:00, without Zoom: its invitation is sent", async () => {
      await contacts.open(person.name);
      await contacts
        .drawer()
        .getByRole('button', { name: `Book meeting with ${contact.name}` })
        .click();
      const dialog = meetings.bookDialog(contact.name);
      await expect(dialog.getByRole('checkbox', { name: 'Send calendar invitation' })).toBeChecked();
      await meetings.typeStart(dialog, typedStart(start));
      await dialog.getByRole('button', { name: 'Confirm booking' }).click();
      const result = meetings.booked();
      await expect(result.getByText('Meeting booked')).toBeVisible({ timeout: 20_000 });
      await result.getByRole('button', { name: 'Done' }).click();
      await contacts.drawer().getByRole('button', { name: 'Close', exact: true }).click();
      await appShell.open('Meetings');
      await expect(meetings.invitation(meetings.meeting(title()))).toHaveText('Invitation sent', queued);
      // the send started the mailbox's reply checks: the first takes its cursor (a Graph delta from now), and an
      // answer older than that would not be read
      await expect
        .poll(async () => {
          const usage = await (
            await request.get(`${sandboxUrl}/_sandbox/mail/usage?email=${encodeURIComponent(outlook)}`)
          ).json();
          return usage[`outlook:${outlook}`]?.calls?.delta ?? 0;
        }, queued)
        .toBeGreaterThan(0);
    });
    await test.step('the contact accepts the invitation in their mailbox: the meeting shows Accepted, the bell says so, and it is no reply', async () => {
      const mailTab = await context.newPage();
      const mail = new SandboxMailPage(mailTab);
      await mail.goto();
      const invitation = mailTab
        .getByRole('article', { name: /^Invitation: / })
        .and(mail.messages(outlook, contact.email));
      await expect(invitation).toHaveCount(1);
      await mail.answerInvitation(invitation, 'Accept');
      const answer = mailTab.getByRole('article', { name: /^Accepted: / }).and(mail.messages(contact.email, outlook));
      await expect(answer).toHaveCount(1);
      await answer.scrollIntoViewIfNeeded();
      await capture('meetings-outlook-sandbox-accept', mailTab);
      await mailTab.close();

      const card = meetings.meeting(title());
      await expect(meetings.rsvp(card)).toHaveText('Accepted', queued);
      await capture('meetings-outlook-accepted');
      const panel = await appShell.openNotifications();
      await expect(panel.getByRole('listitem').filter({ hasText: `${contact.name} accepted: ${title()}` })).toHaveCount(
        1,
      );
      await expect(panel.getByText(/^Received a reply from/)).toHaveCount(0);
      await capture('meetings-outlook-accepted-notification');
      await appShell.dismiss();
    });
  });
});
