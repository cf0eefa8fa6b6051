import { expect, test as base } from './fixtures/test';
import { openPopconfirm } from './fixtures/popups';
import { ContactsPage } from './pages/ContactsPage';
import { NotificationPanel } from './pages/NotificationPanel';
import { OutreachPage } from './pages/OutreachPage';
import { PipelinePage } from './pages/PipelinePage';
import { SandboxConsentPage } from './pages/SandboxConsentPage';
import { SandboxMailPage } from './pages/SandboxMailPage';

const test = base.extend<{ consentPage: SandboxConsentPage }>({
  consentPage: async ({ page }, use) => use(new SandboxConsentPage(page)),
});

/** two sandbox people whose e-mail lookup finds a verified address */
const people = {
  answering: { url: 'https://www.linkedin.com/in/grace-hopper-1906', name: /grace hopper/i },
  silent: { url: 'https://www.linkedin.com/in/alan-turing-1912', name: /alan turing/i },
};

/** The push-driven steps (send worker, Gmail push -> webhook -> reply-check worker) take seconds, not minutes. */
const pushed = { timeout: 30_000 };

test.describe('Sending and replies', () => {
  test('a person sends an e-mail from Outreach, the contact answers it in the sandbox mail page, and the notification, the pipeline and the follow-ups follow without a reload; an unanswered e-mail keeps its follow-up', async ({
    page,
    context,
    appShell,
    consentPage,
    signedInUser: user,
    capture,
  }) => {
    // a mailbox, two contacts found and verified, two drafts written, two sends and a reply
    test.setTimeout(300_000);
    const gmail = user.email.replace('@', '+gmail@');
    const contacts = new ContactsPage(page);
    const outreach = new OutreachPage(page);
    const notifications = new NotificationPanel(page);
    const reply = 'Thank you for writing. Happy to talk next week, does Tuesday suit you?';

    await test.step('connects Gmail from the header', async () => {
      const popover = await appShell.openEmailConnection();
      await popover.getByRole('button', { name: 'Connect Gmail' }).click();
      await consentPage.allowAs(gmail);
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      await expect(await appShell.openEmailConnection()).toContainText(`Connected: ${gmail}`);
      await appShell.dismiss();
    });

    const found = { answering: { name: '', email: '', id: '' }, silent: { name: '', email: '', id: '' } };
    await test.step('adds two contacts by LinkedIn URL and waits for their verified e-mails', async () => {
      await contacts.openAdd('Many URLs');
      await contacts
        .addModal()
        .getByLabel('LinkedIn profile URLs, one per line')
        .fill([people.answering.url, people.silent.url].join('\n'));
      await contacts.addModal().getByRole('button', { name: 'Add 2 contacts' }).click();
      await expect(page.getByTestId('add-many-progress')).toContainText('2 of 2 added', { timeout: 45_000 });
      await contacts.addModal().getByRole('button', { name: 'Close' }).click();
      for (const key of ['answering', 'silent'] as const) {
        const row = contacts.row(people[key].name);
        await expect(row.getByTestId('email-state')).toHaveAttribute('data-state', 'valid', { timeout: 45_000 });
        found[key].name = (await row.getByTestId('contact-name').innerText()).trim();
        found[key].email = (await row.getByTestId('contact-email').innerText()).trim();
        expect(found[key].email).toMatch(/^\S+@\S+\.\S+$/);
      }
      await capture('sending-contacts-verified');
    });

    await test.step('writes an e-mail for each with the AI on the Outreach page', async () => {
      await appShell.open('Outreach');
      await expect(outreach.rows()).toHaveCount(2);
      await outreach.select([people.answering.name, people.silent.name]);
      await outreach.openBatch('Generate with AI');
      await outreach.batchDialog().getByLabel('Instructions').fill('Keep it short.');
      await outreach.batchDialog().getByRole('button', { name: 'Generate' }).click();
      for (const key of ['answering', 'silent'] as const)
        await expect(outreach.state(outreach.row(people[key].name))).toHaveText('Draft ready', { timeout: 60_000 });
    });

    // a second tab on the pipeline, open all along and never reloaded
    const pipelineTab = await context.newPage();
    const pipeline = new PipelinePage(pipelineTab);
    await test.step('opens the pipeline in a second tab: both contacts are drafted', async () => {
      await pipeline.goto();
      for (const key of ['answering', 'silent'] as const) {
        const card = pipeline.cardIn('drafted', found[key].name);
        await expect(card).toBeVisible();
        found[key].id = ((await card.getAttribute('data-testid')) ?? '').replace('pipeline-card-', '');
        expect(found[key].id).not.toBe('');
      }
    });

    await test.step('sends the first e-mail from Outreach: it is sent and its follow-up is scheduled', async () => {
      await outreach.open(people.answering.name);
      await expect(outreach.drawer()).toContainText(`From ${gmail}`);
      await outreach.sendButton().click();
      await expect(outreach.sendStatus()).toContainText(/^Sent/, pushed);
      await expect(outreach.followUps()).toHaveCount(1, pushed);
      await expect(outreach.followUps()).toContainText('Follow-up scheduled for');
      await expect(outreach.followUps().getByRole('button', { name: 'Cancel follow-up' })).toBeVisible();
      await capture('sending-first-sent');
      await page.keyboard.press('Escape');
      await expect(outreach.drawer()).toBeHidden();
      await expect(outreach.state(outreach.row(people.answering.name))).toHaveText(/^Sent/);
    });

    await test.step('sends the second, which is left unanswered: it too gets its follow-up scheduled', async () => {
      await outreach.open(people.silent.name);
      await outreach.sendButton().click();
      await expect(outreach.sendStatus()).toContainText(/^Sent/, pushed);
      await expect(outreach.followUps()).toHaveCount(1, pushed);
      await expect(outreach.followUps()).toContainText('Follow-up scheduled for');
      await page.keyboard.press('Escape');
      await expect(outreach.drawer()).toBeHidden();
      await expect(outreach.state(outreach.row(people.silent.name))).toHaveText(/^Sent/);
    });

    await test.step('the pipeline tab moved both to Contacted by itself', async () => {
      await expect(pipelineTab.getByTestId(`pipeline-card-${found.answering.id}`)).toBeVisible();
      for (const key of ['answering', 'silent'] as const)
        await expect(pipeline.cardIn('contacted', found[key].name)).toBeVisible(pushed);
      await capture('sending-pipeline-contacted', pipelineTab);
    });

    await test.step("keeps the first contact's e-mail open on Outreach, its follow-up still scheduled", async () => {
      await outreach.open(people.answering.name);
      await expect(outreach.followUps()).toHaveCount(1);
      await notifications.expectUnread(0);
    });

    const mailTab = await context.newPage();
    const mail = new SandboxMailPage(mailTab);
    await test.step('answers the first e-mail as the contact in the sandbox mail page', async () => {
      await mail.goto();
      const sent = mail.messages(gmail, found.answering.email);
      await expect(sent).toHaveCount(1);
      await capture('sending-sandbox-mail', mailTab);
      await mail.reply(sent, found.answering.email, reply);
      await expect(mail.messages(found.answering.email, gmail)).toContainText(reply);
      // the second contact's e-mail arrived too, and stays unanswered
      await expect(mail.messages(gmail, found.silent.email)).toHaveCount(1);
    });

    await test.step('back in the app, without a reload: the follow-up is cancelled and the bell counts the reply', async () => {
      await page.bringToFront();
      await expect(outreach.followUps()).toHaveCount(0, pushed);
      await notifications.expectUnread(1, pushed);
      await capture('sending-reply-followup-cancelled');
      await page.keyboard.press('Escape');
      await expect(outreach.drawer()).toBeHidden();
    });

    await test.step("the pipeline tab, never reloaded, shows the reply under Replied and the silent contact's under Contacted", async () => {
      await pipelineTab.bringToFront();
      const replied = pipeline.stage('replied');
      await expect(replied.getByTestId(`pipeline-card-${found.answering.id}`)).toBeVisible(pushed);
      await expect(pipeline.cardIn('replied', found.answering.name)).toBeVisible();
      await expect(pipeline.stage('contacted').getByTestId(`pipeline-card-${found.silent.id}`)).toBeVisible();
      await expect(pipeline.stage('contacted').getByTestId(`pipeline-card-${found.answering.id}`)).toHaveCount(0);
      await new NotificationPanel(pipelineTab).expectUnread(1, pushed);
      await capture('sending-pipeline-replied', pipelineTab);
    });

    await test.step('reads the notification in the panel and marks all as read', async () => {
      await page.bringToFront();
      await notifications.open();
      await expect(notifications.unread()).toHaveText('1 unread');
      await expect(notifications.items()).toHaveCount(1);
      await expect(notifications.items()).toContainText(
        `Received a reply from ${found.answering.name} (${found.answering.email})`,
      );
      await capture('sending-notification-panel');
      await notifications.markAllRead().click();
      await expect(notifications.unread()).toHaveText('0 unread');
      await notifications.expectUnread(0);
      await expect(notifications.item(found.answering.name).getByRole('img', { name: 'Unread' })).toHaveCount(0);
    });

    await test.step("opens the notification: the contact's drawer shows the conversation with the reply", async () => {
      await notifications
        .item(found.answering.name)
        .getByRole('button', { name: /^Received a reply/ })
        .click();
      const drawer = contacts.drawer();
      await expect(drawer.getByTestId('drawer-name')).toHaveText(found.answering.name);
      const thread = drawer.getByRole('region', { name: 'Conversation' });
      await expect(thread.getByTestId('thread-email')).toHaveCount(2);
      await expect(thread.locator('[data-testid="thread-email"][data-kind="sent"]')).toContainText(`You (${gmail})`);
      await expect(thread.locator('[data-testid="thread-email"][data-kind="reply"]')).toContainText(reply);
      await thread.getByTestId('thread-email').last().scrollIntoViewIfNeeded();
      await capture('sending-contact-conversation');
    });

    await test.step("the contacts table says each contact's conversation: replied, and awaiting the other's reply", async () => {
      await contacts.goto();
      await expect(contacts.row(people.answering.name).getByTestId('contact-conversation')).toHaveText('Replied');
      await expect(contacts.row(people.silent.name).getByTestId('contact-conversation')).toHaveText('Awaiting reply');
      await capture('sending-contacts-table-conversations');
    });
  });

  test('a risky (accept-all) address: a batch skips it and says so, its e-mail says Risky with Confirm, and once confirmed it is sent', async ({
    page,
    appShell,
    consentPage,
    signedInUser: user,
    capture,
  }) => {
    test.setTimeout(240_000);
    const gmail = user.email.replace('@', '+gmail@');
    const contacts = new ContactsPage(page);
    const outreach = new OutreachPage(page);
    // a sandbox slug containing `risky` ends its lookup on an accept-all domain (README)
    const risky = { url: 'https://www.linkedin.com/in/katherine-risky-johnson', name: /katherine/i };
    const valid = people.silent;

    await test.step('connects Gmail and adds a verified contact and a risky one', async () => {
      const popover = await appShell.openEmailConnection();
      await popover.getByRole('button', { name: 'Connect Gmail' }).click();
      await consentPage.allowAs(gmail);
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      await appShell.dismiss();
      await contacts.openAdd('Many URLs');
      await contacts
        .addModal()
        .getByLabel('LinkedIn profile URLs, one per line')
        .fill([valid.url, risky.url].join('\n'));
      await contacts.addModal().getByRole('button', { name: 'Add 2 contacts' }).click();
      await expect(page.getByTestId('add-many-progress')).toContainText('2 of 2 added', { timeout: 45_000 });
      await contacts.addModal().getByRole('button', { name: 'Close' }).click();
      const emailState = (name: RegExp) => contacts.row(name).getByTestId('email-state');
      await expect(emailState(valid.name)).toHaveAttribute('data-state', 'valid', { timeout: 45_000 });
      await expect(emailState(risky.name)).toHaveAttribute('data-state', 'risky', { timeout: 45_000 });
    });

    await test.step('a batch of both says before it starts that it skips the risky one, and after', async () => {
      await appShell.open('Outreach');
      await expect(outreach.rows()).toHaveCount(2);
      await outreach.select([valid.name, risky.name]);
      await outreach.openBatch('Generate with AI');
      await expect(outreach.batchUnsendable()).toContainText(
        '1 of 2 contacts has no address we can send to (1 risky, not confirmed).',
      );
      await capture('outreach-batch-unsendable');
      await outreach.batchDialog().getByRole('button', { name: 'Generate' }).click();
      await expect(outreach.progress().getByTestId('progress-skipped')).toContainText(
        'Skipped: 1 of 2 contacts has no address we can send to (1 risky, not confirmed).',
      );
      await expect(outreach.state(outreach.row(valid.name))).toHaveText('Draft ready', { timeout: 60_000 });
      // the batch ended with the one it wrote for: its card clears, nothing keeps turning
      await expect(outreach.progress()).toBeHidden({ timeout: 15_000 });
      await expect(outreach.state(outreach.row(risky.name))).toHaveText('No draft');
    });

    await test.step('writes for the risky one when asked: its draft is not ready, its address needs confirming', async () => {
      await outreach.select([risky.name]);
      await outreach.openBatch('Generate with AI');
      await outreach.batchUnsendable().getByRole('checkbox').check();
      await outreach.batchDialog().getByRole('button', { name: 'Generate' }).click();
      const state = outreach.state(outreach.row(risky.name));
      await expect(state).toContainText('Confirm the address', { timeout: 60_000 });
      await expect(state).toContainText('confirm it in the e-mail to send');
      await expect(outreach.progress()).toBeHidden({ timeout: 15_000 });
    });

    await test.step('its e-mail says Risky with Confirm, and Send waits for the confirmation', async () => {
      await outreach.open(risky.name);
      await expect(outreach.recipient()).toContainText(/To: \S+@\S+/);
      await expect(outreach.recipientState()).toHaveText('Risky: accepts any address');
      await expect(outreach.sendButton()).toBeDisabled();
      await expect(outreach.editor().getByTestId('send-bar')).toContainText('Confirm the address above to send.');
      await capture('outreach-editor-risky');
    });

    await test.step('confirms the address, and the e-mail is sent', async () => {
      await outreach.recipient().getByRole('button', { name: 'Confirm this address' }).click();
      await (await openPopconfirm(page)).getByRole('button', { name: 'Confirm this address' }).click();
      await expect(outreach.recipientState()).toHaveText('Risky, confirmed by you');
      await capture('outreach-editor-risky-confirmed');
      await expect(outreach.sendButton()).toBeEnabled();
      await outreach.sendButton().click();
      await expect(outreach.sendStatus()).toContainText(/^Sent/, pushed);
      await page.keyboard.press('Escape');
      await expect(outreach.drawer()).toBeHidden();
      await expect(outreach.state(outreach.row(risky.name))).toHaveText(/^Sent/);
    });

    await test.step('the contacts table says the address is confirmed', async () => {
      await contacts.goto();
      await expect(contacts.row(risky.name).getByTestId('email-state')).toHaveAttribute('data-state', 'confirmed');
    });
  });
});
