import type { Locator, Page } from '@playwright/test';
import { historyDb, recordFailedLookup, recordPastConversation, signedInIdentity } from './fixtures/history';
import { expect, test as base } from './fixtures/test';
import { ContactsPage } from './pages/ContactsPage';
import { DashboardPage } from './pages/DashboardPage';
import { OutreachPage } from './pages/OutreachPage';
import { SandboxConsentPage } from './pages/SandboxConsentPage';
import { SandboxMailPage } from './pages/SandboxMailPage';
import { stackEnv } from './stack-env';

const test = base.extend<{ consentPage: SandboxConsentPage }>({
  consentPage: async ({ page }, use) => use(new SandboxConsentPage(page)),
});

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;

/** two sandbox people whose e-mail lookup finds a verified address */
const people = {
  answering: { url: 'https://www.linkedin.com/in/grace-hopper-1906', name: /grace hopper/i },
  drafted: { url: 'https://www.linkedin.com/in/alan-turing-1912', name: /alan turing/i },
};

/** Worker- and stream-driven steps (queues, the Gmail push, the stats aggregator) take seconds; the machine may be busy. */
const pushed = { timeout: 45_000 };

const dayMs = 86_400_000;
/** midday UTC `days` before today: the same UTC day wherever the run starts */
const daysAgo = (days: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days, 12));
};
const utcDay = (date: Date) => Math.floor(date.getTime() / dayMs);

/** A day of the week's series as its table names it ('Tue, Nov 24'). */
const dayLabel = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
/**
 * The week of the quarter's series holding `date`, as its table names it ('Sep 1, 2026'): the quarter is the last 91
 * UTC days ending today, in 13 buckets of 7 days from its first day (the server's definition).
 */
const quarterWeekLabel = (date: Date) => {
  const first = utcDay(new Date()) - 90;
  const start = first + Math.floor((utcDay(date) - first) / 7) * 7;
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(start * dayMs),
  );
};

/**
 * A time zone where a meeting one hour from now still starts today (UTC unless the run is late in the UTC day), so it
 * is both an upcoming meeting and a meeting of today, whenever the run starts.
 */
const zoneWithTodayAfter = (start: Date) =>
  ['UTC', 'America/Los_Angeles', 'Pacific/Honolulu'].find((timeZone) => {
    const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(at);
    return day(start) === day(new Date());
  }) ?? 'UTC';

/** The summary card named `label` (a link to its view): label, value and detail, as a person reads it. */
const summaryCard = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Summary' })
    .getByRole('link')
    .filter({ has: page.getByText(label, { exact: true }) });

/** A pending task's group (a section named by its heading) and its items' links. */
const taskGroup = (page: Page, title: string) => page.getByRole('region', { name: title });

/** A chart card of the analytics: a section named by its caption. */
const chartCard = (page: Page, caption: string) => page.getByRole('region', { name: caption });

/** The cells of the table's row whose first cell is `first`. */
const rowCells = (table: Locator, first: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: first, exact: true }) })
    .getByRole('cell');

test.describe('A new account’s first steps', () => {
  test('the empty dashboard lists the first steps, checks the mailbox once connected, and goes when dismissed', async ({
    page,
    consentPage,
    signedInUser: user,
    capture,
  }) => {
    const dashboard = new DashboardPage(page);
    const guide = dashboard.firstRunGuide();

    await test.step('a new account sees three steps, none done', async () => {
      await dashboard.goto();
      await expect(guide).toBeVisible();
      await expect(guide.getByRole('listitem')).toHaveText([
        /^1Complete your profile/,
        /^2Connect your mailbox/,
        /^3Add your first contacts/,
      ]);
      await expect(guide).toContainText('0 of 3 done');
      await capture('dashboard-first-run');
    });

    await test.step('connecting a mailbox from the guide checks its step', async () => {
      await dashboard.firstRunStep('mailbox').getByRole('button', { name: 'Connect Gmail' }).click();
      await consentPage.allowAs(user.email.replace('@', '+gmail@'));
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      await expect(dashboard.firstRunStep('mailbox')).toHaveAttribute('data-done', 'true');
      await expect(dashboard.firstRunStep('mailbox')).toContainText('(done)');
      await expect(dashboard.firstRunStep('profile')).toHaveAttribute('data-done', 'false');
      await expect(guide).toContainText('1 of 3 done');
      await capture('dashboard-first-run-mailbox');
    });

    await test.step('dismissed, it stays away', async () => {
      await guide.getByRole('button', { name: 'Dismiss the getting started guide' }).click();
      await expect(guide).toBeHidden();
      await page.reload();
      await expect(page.getByTestId('dashboard-summary')).toBeVisible();
      await expect(guide).toBeHidden();
    });
  });
});

test.describe('Dashboard and network analytics', () => {
  test('a person with history reads the summary, opens a pending task, switches analytics from week to quarter and reads a chart and its table, and sees what they did in Recent Activity', async ({
    page,
    context,
    request,
    appShell,
    consentPage,
    signedInUser: user,
    capture,
  }) => {
    // a mailbox, two contacts found and verified, two drafts written, a send and its reply, older history, a meeting
    test.setTimeout(480_000);
    const gmail = user.email.replace('@', '+gmail@');
    const contacts = new ContactsPage(page);
    const outreach = new OutreachPage(page);
    const { token, uid } = await signedInIdentity(page);
    const headers = { Authorization: `Bearer ${token}` };
    const reply = 'Thank you for writing. Happy to talk on Thursday.';

    await test.step('connects Gmail from the header', async () => {
      const popover = await appShell.openEmailConnection();
      await popover.getByRole('button', { name: 'Connect Gmail' }).click();
      await consentPage.allowAs(gmail);
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      await expect(await appShell.openEmailConnection()).toContainText(`Connected: ${gmail}`);
      await appShell.dismiss();
    });

    // proves 'Verified e-mails' 2 and (with the three below) 'Contacts' 5: two people found and verified by the lookup
    const found = { answering: { name: '', email: '', id: '' }, drafted: { name: '', email: '', id: '' } };
    await test.step('adds two contacts by LinkedIn URL and waits for their verified e-mails', async () => {
      await contacts.openAdd('Many URLs');
      await contacts
        .addModal()
        .getByLabel('LinkedIn profile URLs, one per line')
        .fill([people.answering.url, people.drafted.url].join('\n'));
      await contacts.addModal().getByRole('button', { name: 'Add 2 contacts' }).click();
      await expect(page.getByTestId('add-many-progress')).toContainText('2 of 2 added', pushed);
      await contacts.addModal().getByRole('button', { name: 'Close' }).click();
      for (const key of ['answering', 'drafted'] as const) {
        const row = contacts.row(people[key].name);
        await expect(row.getByTestId('email-state')).toHaveAttribute('data-state', 'valid', pushed);
        found[key].name = (await row.getByTestId('contact-name').innerText()).trim();
        found[key].email = (await row.getByTestId('contact-email').innerText()).trim();
      }
      const listed = await request.get(`${apiUrl}/api/contacts`, { headers });
      expect(listed.status()).toBe(200);
      for (const contact of (await listed.json()).data.contacts as { id: string; email: string }[]) {
        if (contact.email === found.answering.email) found.answering.id = contact.id;
        if (contact.email === found.drafted.email) found.drafted.id = contact.id;
      }
      expect(found.answering.id).not.toBe('');
      expect(found.drafted.id).not.toBe('');
    });

    // proves 'Drafts ready' 1 and the 'Drafts ready to send' task: Alan's draft stays unsent
    await test.step('writes an e-mail for each with the AI on the Outreach page', async () => {
      await appShell.open('Outreach');
      await expect(outreach.rows()).toHaveCount(2);
      await outreach.select([people.answering.name, people.drafted.name]);
      await outreach.openBatch('Generate with AI');
      await outreach.batchDialog().getByLabel('Instructions').fill('Keep it short.');
      await outreach.batchDialog().getByRole('button', { name: 'Generate' }).click();
      for (const key of ['answering', 'drafted'] as const)
        await expect(outreach.state(outreach.row(people[key].name))).toHaveText('Draft ready', { timeout: 90_000 });
    });

    // proves 'Sent this week' 1, the week's series (today: 1 sent) and Recent Activity's send
    await test.step("sends Grace's e-mail from Outreach through the connected sandbox mailbox", async () => {
      await outreach.open(people.answering.name);
      await expect(outreach.drawer()).toContainText(`From ${gmail}`);
      await outreach.sendButton().click();
      await expect(outreach.sendStatus()).toContainText(/^Sent/, pushed);
      await page.keyboard.press('Escape');
      await expect(outreach.drawer()).toBeHidden();
    });

    // proves one of 'Replies' 2, today's reply in the week's series and the 'Replies waiting for you' task
    await test.step('the contact answers in the sandbox mail page', async () => {
      const mailTab = await context.newPage();
      const mail = new SandboxMailPage(mailTab);
      await mail.goto();
      const sent = mail.messages(gmail, found.answering.email);
      await expect(sent).toHaveCount(1);
      await mail.reply(sent, found.answering.email, reply);
      await expect(mail.messages(found.answering.email, gmail)).toContainText(reply);
      await mailTab.close();
    });

    const earlier = {
      // started 20 days ago and answered the next day: in the quarter (and the month), not in the week; the second
      // of 'Replies' 2, so the reply rate is 2 of 3 conversations, 1 of 3 positive (Grace's)
      answered: { sentAt: daysAgo(20), repliedAt: daysAgo(19) },
      // started 40 days ago, never answered: in the quarter only; its follow-up is due (the 'Follow-ups due' task)
      unanswered: { sentAt: daysAgo(40) },
    };
    const history = { katherine: '', dorothy: '', mary: '' };
    await test.step('older history: conversations of weeks ago and a failed lookup, written by the data functions', async () => {
      const add = async (body: Record<string, string>) => {
        const created = await request.post(`${apiUrl}/api/contacts`, { headers, data: body });
        expect(created.status()).toBe(201);
        return (await created.json()).data.id as string;
      };
      // no e-mail and no LinkedIn URL: no lookup runs for them, so 'Verified e-mails' stays 2
      history.katherine = await add({ name: 'Katherine Johnson', company: 'NASA', job_title: 'Mathematician' });
      history.dorothy = await add({ name: 'Dorothy Vaughan', company: 'NASA', job_title: 'Supervisor' });
      history.mary = await add({ name: 'Mary Jackson', company: 'NASA', job_title: 'Engineer' });
      const db = historyDb();
      await recordPastConversation(db, uid, {
        contactId: history.katherine,
        to: 'katherine.johnson@nasa.example',
        from: gmail,
        ...earlier.answered,
      });
      await recordPastConversation(db, uid, {
        contactId: history.dorothy,
        to: 'dorothy.vaughan@nasa.example',
        from: gmail,
        ...earlier.unanswered,
      });
      // proves the 'Failed lookups' task: Mary's lookup failed at the provider
      await recordFailedLookup(db, uid, history.mary);
    });

    const meetingStart = new Date(Math.ceil((Date.now() + 60 * 60_000) / 60_000) * 60_000);
    await test.step('books a meeting with Grace later today', async () => {
      const timeZone = zoneWithTodayAfter(meetingStart);
      const saved = await request.put(`${apiUrl}/api/profiles/settings`, { headers, data: { settings: { timeZone } } });
      expect(saved.status()).toBe(200);
      // proves 'Upcoming meetings' 1, the 'Meetings today' task and Recent Activity's booking
      const booked = await request.post(`${apiUrl}/api/meetings`, {
        headers,
        data: { contactId: found.answering.id, title: 'Coffee with Grace', startTime: meetingStart.toISOString() },
      });
      expect(booked.status(), await booked.text()).toBe(201);
    });

    await test.step('the dashboard shows the summary of all of it', async () => {
      await page.goto('/dashboard');
      // the counters follow the table's stream: the cards show the final numbers within seconds
      await expect(summaryCard(page, 'Contacts')).toHaveText('Contacts5in your list', pushed);
      await expect(summaryCard(page, 'Verified e-mails')).toHaveText('Verified e-mails240% of contacts', pushed);
      await expect(summaryCard(page, 'Drafts ready')).toHaveText('Drafts ready1to review and send', pushed);
      await expect(summaryCard(page, 'Sent this week')).toHaveText('Sent this week1in the last 7 days', pushed);
      await expect(summaryCard(page, 'Replies')).toHaveText('Replies267% reply rate · 33% positive', pushed);
      await expect(summaryCard(page, 'Upcoming meetings')).toHaveText('Upcoming meetings1coming up', pushed);
      // the contact slots show once, in the page header
      await expect(page.getByTestId('quota-used')).toHaveText(/^5 \/ \d+ used$/, pushed);
      await expect(summaryCard(page, 'Contact slots')).toHaveCount(0);
      // the table below says the same per contact: Alan's draft waits, Grace's e-mail left
      await expect(contacts.row(found.drafted.name)).toContainText('Draft ready');
      await expect(contacts.row(found.answering.name)).toContainText('Sent');
    });

    await test.step('the pending tasks list what is waiting, each with its count', async () => {
      await expect(taskGroup(page, 'Drafts ready to send')).toContainText(found.drafted.name, pushed);
      await expect(page.getByTestId('task-count-drafts_ready')).toHaveText('1');
      // Grace's 'Happy to talk' is labelled interested: it asks for a reply and comes first (DESIGN §9 'Triage')
      const first = taskGroup(page, 'Replies waiting for you').getByRole('link').first();
      await expect(first).toContainText(`Reply to ${found.answering.name}`, pushed);
      await expect(first.getByTestId('task-label')).toHaveText('Interested');
      await expect(taskGroup(page, 'Replies waiting for you')).toContainText('Katherine Johnson');
      await expect(page.getByTestId('task-count-replies_waiting')).toHaveText('2');
      // Dorothy's e-mail of 40 days ago was never answered: its follow-up is long due
      await expect(taskGroup(page, 'Follow-ups due')).toContainText('Dorothy Vaughan', pushed);
      await expect(page.getByTestId('task-count-follow_ups_due')).toHaveText('1');
      await expect(taskGroup(page, 'Meetings today')).toContainText('Coffee with Grace', pushed);
      await expect(page.getByTestId('task-count-meetings_today')).toHaveText('1');
      await expect(taskGroup(page, 'Failed lookups')).toContainText('Mary Jackson', pushed);
      await expect(page.getByTestId('task-count-failed_lookups')).toHaveText('1');
      await expect(taskGroup(page, 'Failed sends')).toHaveCount(0);
      await capture('dashboard-summary-and-tasks');
    });

    await test.step('opens the reply waiting from Grace: her drawer shows the conversation with the reply', async () => {
      await taskGroup(page, 'Replies waiting for you')
        .getByRole('link', { name: new RegExp(found.answering.name) })
        .click();
      await expect(page).toHaveURL(new RegExp(`[?&]contact=${found.answering.id}`));
      const drawer = contacts.drawer();
      await expect(drawer.getByTestId('drawer-name')).toHaveText(found.answering.name);
      await expect(drawer.getByRole('region', { name: 'Conversation' })).toContainText(reply);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    });

    await test.step("opens Alan's draft ready: Outreach shows his draft to send", async () => {
      await taskGroup(page, 'Drafts ready to send')
        .getByRole('link', { name: new RegExp(found.drafted.name) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/outreach\\?contact=${found.drafted.id}`));
      await expect(outreach.drawer()).toBeVisible();
      await expect(outreach.drawer()).toContainText(found.drafted.name);
      await expect(outreach.sendButton()).toBeVisible();
      await page.keyboard.press('Escape');
      await appShell.open('Dashboard');
    });

    const today = new Date();
    await test.step("opens the network analytics: the week's numbers, a chart and its table", async () => {
      // a person who prefers reduced motion: the charts draw their bars at once (no growing animation), so the
      // screenshots show them
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page
        .getByRole('navigation', { name: 'Dashboard view' })
        .getByRole('link', { name: 'Network analytics' })
        .click();
      await expect(page).toHaveURL(/\/dashboard\?view=analytics$/);
      // the view's code (and its chart library) arrives now, the first time it opens
      await expect(page.getByRole('heading', { level: 2, name: 'Network analytics' })).toBeVisible(pushed);
      const period = page.getByRole('radiogroup', { name: 'Period' });
      await expect(period.getByRole('radio', { name: 'Week' })).toBeChecked();
      const headline = page.getByRole('list', { name: 'Headline numbers' });
      await expect(headline.getByRole('listitem')).toHaveText(
        [
          'E-mails sent1follow-ups included',
          'Replies1conversations answered',
          'Reply rate100%of 1 conversation started',
          /^Median time to reply/,
        ],
        pushed,
      );
      const series = chartCard(page, 'E-mails sent and replies');
      await expect(series.getByRole('figure', { name: 'E-mails sent and replies' })).toBeVisible();
      await capture('dashboard-analytics-week-chart');
      await series
        .getByRole('radiogroup', { name: 'Show E-mails sent and replies as' })
        .getByText('Table', { exact: true })
        .click();
      const table = series.getByRole('table');
      await expect(table).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveText(['Day', 'E-mails sent', 'Replies']);
      // one row per day of the last 7; today: Grace's e-mail and her reply; nothing from the weeks before
      await expect(table.getByRole('row')).toHaveCount(8);
      await expect(rowCells(table, dayLabel(today))).toHaveText([dayLabel(today), '1', '1']);
      await capture('dashboard-analytics-week-table');
    });

    await test.step('switches to the quarter: the older conversations count too', async () => {
      // a Segmented control: the person clicks the option's text (its radio input is visually hidden)
      const period = page.getByRole('radiogroup', { name: 'Period' });
      await period.getByText('Quarter', { exact: true }).click();
      await expect(period.getByRole('radio', { name: 'Quarter' })).toBeChecked();
      await expect(page).toHaveURL(/\/dashboard\?view=analytics&period=quarter$/);
      const headline = page.getByRole('list', { name: 'Headline numbers' });
      await expect(headline.getByRole('listitem')).toHaveText(
        [
          'E-mails sent3follow-ups included',
          'Replies2conversations answered',
          'Reply rate66.7%of 3 conversations started',
          /^Median time to reply/,
        ],
        pushed,
      );
      // the chart card keeps the person's choice of Table across periods: the quarter's table shows at once
      const series = chartCard(page, 'E-mails sent and replies');
      const table = series.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(['Week of', 'E-mails sent', 'Replies']);
      // 13 weeks; Katherine's e-mail and reply in one, Dorothy's e-mail in another, Grace's in the last
      await expect(table.getByRole('row')).toHaveCount(14);
      const answeredWeek = quarterWeekLabel(earlier.answered.sentAt);
      const unansweredWeek = quarterWeekLabel(earlier.unanswered.sentAt);
      const thisWeek = quarterWeekLabel(today);
      await expect(rowCells(table, answeredWeek)).toHaveText([answeredWeek, '1', '1']);
      await expect(rowCells(table, unansweredWeek)).toHaveText([unansweredWeek, '1', '0']);
      await expect(rowCells(table, thisWeek)).toHaveText([thisWeek, '1', '1']);
      await capture('dashboard-analytics-quarter-table');
      // the table the person chose stays while they read it
      await expect(
        series
          .getByRole('radiogroup', { name: 'Show E-mails sent and replies as' })
          .getByRole('radio', { name: 'Table' }),
      ).toBeChecked();
      await expect(table).toBeVisible();
      await series
        .getByRole('radiogroup', { name: 'Show E-mails sent and replies as' })
        .getByText('Chart', { exact: true })
        .click();
      await expect(series.getByRole('figure', { name: 'E-mails sent and replies' })).toBeVisible();
      await expect(table).toHaveCount(0);
      await capture('dashboard-analytics-quarter-chart');
    });

    await test.step('Recent Activity in the sidebar shows the send and the booking', async () => {
      const sending = appShell.activityItem(`Sending to ${found.answering.name}`);
      await expect(sending).toHaveCount(1, pushed);
      await expect(appShell.activityStatus(sending)).toHaveAccessibleName('Completed');
      await expect(sending).toContainText('Sent');
      const meeting = appShell.activityItem(`Meeting booked with ${found.answering.name}`);
      await expect(meeting).toHaveCount(1, pushed);
      await expect(appShell.activityStatus(meeting)).toHaveAccessibleName('Completed');
      await capture('dashboard-recent-activity', page);
    });

    await test.step('long after the last write, a reload shows the same summary: nothing was counted twice', async () => {
      await page.reload();
      await expect(summaryCard(page, 'Contacts')).toHaveText('Contacts5in your list');
      await expect(summaryCard(page, 'Verified e-mails')).toHaveText('Verified e-mails240% of contacts');
      await expect(summaryCard(page, 'Drafts ready')).toHaveText('Drafts ready1to review and send');
      await expect(summaryCard(page, 'Sent this week')).toHaveText('Sent this week1in the last 7 days');
      await expect(summaryCard(page, 'Replies')).toHaveText('Replies267% reply rate · 33% positive');
      await expect(summaryCard(page, 'Upcoming meetings')).toHaveText('Upcoming meetings1coming up');
    });
  });
});
