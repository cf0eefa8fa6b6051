import type { Locator } from '@playwright/test';
import { instantOf, nextWeekdayIn, personZone, shownStart, typedStart } from './fixtures/clock';
import { expect, test as base } from './fixtures/test';
import { signedInIdentity } from './fixtures/history';
import { draftStatus, isSandboxUrl, sandboxUrl } from './fixtures/sandbox';
import { ContactsPage } from './pages/ContactsPage';
import { MeetingsPage, type PickedTime } from './pages/MeetingsPage';
import { NotificationPanel } from './pages/NotificationPanel';
import { PipelinePage } from './pages/PipelinePage';
import { SandboxConsentPage } from './pages/SandboxConsentPage';
import { stackEnv } from './stack-env';

const test = base.extend<{ consentPage: SandboxConsentPage }>({
  consentPage: async ({ page }, use) => use(new SandboxConsentPage(page)),
});

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;
/** a sandbox person whose e-mail lookup finds a verified address */
const grace = 'https://www.linkedin.com/in/grace-hopper-1906';
/** The push-driven steps (send worker, Gmail push -> webhook -> reply-check worker) take seconds, not minutes. */
const pushed = { timeout: 30_000 };

/** The cells of the table's row whose first cell is `first`. */
const rowCells = (table: Locator, first: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: first, exact: true }) })
    .getByRole('cell');

type SandboxMessage = {
  id: string;
  threadId: string;
  from: string;
  to: string;
  subject: string;
  body: string;
  messageId: string;
  inReplyTo: string | null;
};

test('a day with a reply: Reply on the notification opens the conversation, the AI answers the proposal in the same thread, the proposed time is booked by typing it, and the contacts table, pipeline, dashboard and funnel agree', async ({
  page,
  request,
  appShell,
  consentPage,
  signedInUser: user,
  capture,
}) => {
  test.setTimeout(360_000);
  const gmail = user.email.replace('@', '+gmail@');
  const zoomEmail = user.email.replace('@', '+zoom@');
  const contacts = new ContactsPage(page);
  const meetings = new MeetingsPage(page);
  const notifications = new NotificationPanel(page);
  const proposal = 'Thanks for writing. How about Thursday at 5pm CET?';
  // 5pm CET (UTC+1) is 16:00 on the person's clock: the browser's zone, UTC, is theirs from sign-up
  const thursday: PickedTime = { day: nextWeekdayIn('UTC', 4), hour: 16, minute: 0 };
  const meetingStart = instantOf(thursday, 'UTC');

  await test.step('connects Gmail and Zoom from the header', async () => {
    const popover = await appShell.openEmailConnection();
    await popover.getByRole('button', { name: 'Connect Gmail' }).click();
    await consentPage.allowAs(gmail);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(await appShell.openEmailConnection()).toContainText(`Connected: ${gmail}`);
    await appShell.dismiss();
    const zoom = await appShell.openZoomConnection();
    await zoom.getByRole('button', { name: 'Connect Zoom' }).click();
    await page.waitForURL(isSandboxUrl);
    await consentPage.allowAs(zoomEmail);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect((await appShell.openZoomConnection()).getByText(`Connected: ${zoomEmail}`)).toBeVisible();
    await appShell.dismiss();
  });

  const { token } = await signedInIdentity(page);
  const headers = { Authorization: `Bearer ${token}` };
  const mail = async (query: string) => {
    const response = await request.get(`${sandboxUrl}/_sandbox/mail/messages?${query}`);
    expect(response.ok()).toBe(true);
    return (await response.json()) as SandboxMessage[];
  };

  // Sandbox people are shared by every test of the run: only this user's mail is this test's.
  const fromUserTo = (address: string) => `from=${encodeURIComponent(gmail)}&to=${encodeURIComponent(address)}`;

  let contactEmail = '';
  let first: SandboxMessage | undefined;
  await test.step('an e-mail to a verified contact went out, and the contact proposes a time', async () => {
    const added = await request.post(`${apiUrl}/api/contacts`, { headers, data: { linkedin_url: grace } });
    expect(added.status()).toBe(201);
    const contactId = (await added.json()).data.id as string;
    await expect
      .poll(
        async () => {
          const contact = (await (await request.get(`${apiUrl}/api/contacts/${contactId}`, { headers })).json()).data;
          contactEmail = contact.contact?.email ?? contact.email ?? '';
          return contact.contact?.email_qev_status ?? contact.email_qev_status;
        },
        { timeout: 45_000 },
      )
      .toBe('valid');
    const written = await request.post(`${apiUrl}/ai/generate-ai-email`, { headers, data: { contactId } });
    expect(written.ok()).toBe(true);
    const draftId = (await written.json()).data.draftId as string;
    expect((await request.post(`${apiUrl}/api/drafts/${draftId}/send`, { headers, data: {} })).ok()).toBe(true);
    await expect.poll(async () => (await mail(fromUserTo(contactEmail))).length, pushed).toBe(1);
    await expect
      .poll(() => draftStatus(request, { url: apiUrl, headers }, { id: draftId, contactId }), pushed)
      .toBe('sent');
    first = (await mail(fromUserTo(contactEmail)))[0];
    const replied = await request.post(`${sandboxUrl}/_sandbox/mail/reply`, {
      data: { messageId: first?.id, body: proposal },
    });
    expect(replied.ok()).toBe(true);
    await notifications.expectUnread(1, pushed);
  });

  await test.step("Reply on the notification opens the contact's conversation with a reply composer", async () => {
    await notifications.open();
    await notifications
      .item('Grace')
      .getByRole('button', { name: /^Reply to / })
      .click();
    const drawer = contacts.drawer();
    const thread = drawer.getByRole('region', { name: 'Conversation' });
    await expect(thread.locator('[data-testid="thread-email"][data-kind="reply"]')).toContainText(proposal);
    await expect(drawer.getByTestId('reply-composer')).toBeVisible();
  });

  const composer = contacts.drawer().getByTestId('reply-composer');
  await test.step('writes the answer with the AI from the thread, and edits it', async () => {
    await composer.getByLabel('Instructions for the AI').fill('Say I will send the Zoom link.');
    await composer.getByRole('button', { name: 'Write with AI' }).click();
    const body = composer.getByRole('textbox', { name: /body/i });
    await expect(body).toHaveValue(/Thursday at 5pm CET works/i, { timeout: 30_000 });
    await expect(composer.getByRole('textbox', { name: /subject/i })).toHaveValue(/^Re: /);
    await body.press('ControlOrMeta+End');
    await body.pressSequentially('\nSee you then.');
    await capture('replies-composer');
  });

  await test.step("sends it: the contact's mailbox has it in the same thread, answering their message", async () => {
    await composer.getByRole('button', { name: /^(send )?Send$/ }).click();
    await expect.poll(async () => (await mail(fromUserTo(contactEmail))).length, pushed).toBe(2);
    const [answer] = await mail(fromUserTo(contactEmail));
    const [theirs] = await mail(`to=${encodeURIComponent(gmail)}`);
    expect(answer?.from).toBe(gmail);
    expect(answer?.threadId).toBe(first?.threadId);
    expect(answer?.subject).toMatch(/^Re: /);
    expect(answer?.inReplyTo).toBe(theirs?.messageId);
    expect(answer?.body).toContain('See you then.');
    const thread = contacts.drawer().getByRole('region', { name: 'Conversation' });
    await expect(thread.getByTestId('thread-email')).toHaveCount(3, pushed);
    await capture('replies-thread-answered');
  });

  await test.step('books the time Grace proposed by typing it, and sees it in her time zone before booking', async () => {
    const drawer = contacts.drawer();
    await drawer.getByRole('button', { name: /^Book meeting with / }).click();
    const dialog = page.getByRole('dialog', { name: /^Book meeting with / });
    await expect(dialog).toBeVisible();
    await meetings.typeStart(dialog, typedStart(thursday));
    await expect(meetings.startField(dialog)).toHaveValue(typedStart(thursday));
    await expect(meetings.booked()).toBeHidden();
    await expect(meetings.startInZones(dialog).first()).toContainText(`${shownStart(meetingStart, 'UTC')} your time`);
    await expect(meetings.startInZones(dialog).last()).toContainText(`${shownStart(meetingStart, personZone)} for`);
    await capture('replies-book-proposed-time');
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(meetings.booked()).toBeVisible({ timeout: 20_000 });
    await expect(meetings.time(meetings.booked())).toHaveAttribute('datetime', meetingStart.toISOString());
    await meetings.booked().getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('the contacts table says Meeting scheduled and that the conversation awaits Grace, as the pipeline does', async () => {
    // no reload: the contact added through the API and its stage after the booking came over the live channel
    const row = contacts.row(/grace hopper/i);
    await expect(row).toContainText('Meeting scheduled');
    await expect(row.getByTestId('contact-conversation')).toHaveText('Awaiting reply');
    await appShell.open('Pipeline');
    await expect(new PipelinePage(page).cardIn('meeting_scheduled', 'Grace Hopper')).toBeVisible();
  });

  await test.step('the dashboard counts the reply and the meeting, with no reply left waiting; the funnel agrees', async () => {
    await appShell.open('Dashboard');
    await expect(page.getByTestId('summary-value-replies')).toHaveText('1');
    await expect(page.getByTestId('summary-value-meetings')).toHaveText('1');
    await expect(page.getByRole('region', { name: 'Replies waiting for you' })).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Dashboard view' })
      .getByRole('link', { name: 'Network analytics' })
      .click();
    const funnel = page.getByRole('region', { name: 'Outreach funnel' });
    await funnel
      .getByRole('radiogroup', { name: 'Show Outreach funnel as' })
      .getByText('Table', { exact: true })
      .click();
    const table = funnel.getByRole('table');
    for (const step of ['Drafted', 'E-mailed', 'Replied', 'Meeting booked'])
      await expect(rowCells(table, step)).toHaveText([step, '1', '100%']);
    await capture('replies-day-funnel');
  });
});
