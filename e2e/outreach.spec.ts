import { expect, test } from './fixtures/test';
import { ContactsPage } from './pages/ContactsPage';
import { OutreachPage } from './pages/OutreachPage';
import { ProfilePage } from './pages/ProfilePage';
import { stackEnv } from './stack-env';
import { openOptions, pickOption } from './pages/selectOption';
import { toast } from './pages/toast';

const sandbox = `http://localhost:${stackEnv.LOCAL_SANDBOX_PORT}`;

const people = [
  { url: 'https://www.linkedin.com/in/barbara-liskov-1939', name: /barbara liskov/i },
  { url: 'https://www.linkedin.com/in/alan-turing-1912', name: /alan turing/i },
  { url: 'https://www.linkedin.com/in/grace-hopper-1906', name: /grace hopper/i },
  { url: 'https://www.linkedin.com/in/katherine-johnson-1918', name: /katherine johnson/i },
  { url: 'https://www.linkedin.com/in/edsger-dijkstra-1930', name: /edsger dijkstra/i },
];
/** the one whose e-mail is edited */
const edited = /barbara liskov/i;

test.describe('Outreach', () => {
  test.afterEach(async ({ request }) => {
    await request.post(`${sandbox}/_sandbox/openai/behaviour`, { data: { holdMarked: false } });
  });

  test('generates e-mails for five contacts at once, watches them arrive, edits one and makes it primary', async ({
    page,
    request,
    signedInUser,
    capture,
    appShell,
  }) => {
    void signedInUser;
    // five contacts found and verified, a résumé, a batch of five, a template and edits
    test.setTimeout(300_000);
    const contacts = new ContactsPage(page);
    const outreach = new OutreachPage(page);

    await test.step('has five contacts', async () => {
      await contacts.goto();
      await contacts.openAdd('Many URLs');
      await contacts
        .addModal()
        .getByLabel('LinkedIn profile URLs, one per line')
        .fill(people.map((person) => person.url).join('\n'));
      await contacts.addModal().getByRole('button', { name: 'Add 5 contacts' }).click();
      await expect(page.getByTestId('add-many-progress')).toContainText('5 of 5 added', { timeout: 45_000 });
      await contacts.addModal().getByRole('button', { name: 'Close' }).click();
      await expect(contacts.rows()).toHaveCount(5);
      // a batch writes for the contacts with an address that is sent to (DESIGN §9): their lookups end first
      for (const person of people)
        await expect(contacts.row(person.name).getByTestId('email-state')).toHaveAttribute('data-state', 'valid', {
          timeout: 45_000,
        });
    });

    await test.step('has a résumé, which the settings attach to the first e-mail of each conversation', async () => {
      const profile = new ProfilePage(page);
      await profile.goto();
      await profile.uploadAndWait('resume', {
        name: 'ada-lovelace-resume.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Ada Lovelace\nAnalyst of the Analytical Engine\n'),
      });
    });

    await test.step('writes a template and previews it on a contact', async () => {
      await page.goto('/templates');
      await page.getByRole('button', { name: 'New template' }).first().click();
      await page.getByLabel('Name', { exact: true }).fill('A question about their work');
      await page.getByLabel('Subject', { exact: true }).fill('A question for {{firstName}} about {{company}}');
      const body = page.getByLabel('Body', { exact: true });
      await body.fill(
        'Hi {{firstName}},\n\nI admire what you do as {{jobTitle}}. We at {{myCompany}} would love to learn from you.\n\nBest,\n',
      );
      await body.press('End');
      await page.getByRole('button', { name: 'My name', exact: true }).click();
      await expect(body).toHaveValue(/Best,\n\{\{myName\}\}$/);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Template saved')).toBeVisible();
      await page.getByLabel('Preview on contact').click();
      await pickOption(openOptions(page).filter({ hasText: 'Grace Hopper' }));
      await expect(page.getByTestId('template-preview-subject')).toHaveText(/^A question for Grace about \S/);
      await expect(page.getByTestId('template-preview-body')).toContainText('Hi Grace,');
      await capture('outreach-template-preview');
    });

    await test.step('sees them on the Outreach page, none with a draft yet', async () => {
      await outreach.goto();
      await expect(outreach.rows()).toHaveCount(5);
      for (const person of people) await expect(outreach.state(outreach.row(person.name))).toHaveText('No draft');
      await capture('outreach-no-drafts');
    });

    await test.step('generates e-mails for all five at once and watches them arrive', async () => {
      // the model holds this batch's answers (its instructions carry the sandbox's hold marker) until the journey has
      // watched the e-mails being written, however long the page takes to show it on a loaded machine
      await request.post(`${sandbox}/_sandbox/openai/behaviour`, { data: { holdMarked: true } });
      await outreach.select(people.map((person) => person.name));
      await expect(page.getByTestId('outreach-selection')).toHaveText('5 selected');
      await outreach.openBatch('Generate with AI');
      await outreach.batchDialog().getByLabel('Instructions').fill('Keep it short. sandbox:hold');
      await outreach.batchDialog().getByRole('button', { name: 'Generate' }).click();
      const progress = outreach.progress();
      await expect(progress).toBeVisible();
      await expect(progress).toContainText('Writing e-mails: 0 of 5');
      await expect(progress.getByTestId('progress-current')).toContainText('Now: ');
      await expect(outreach.batchDialog()).toBeHidden();
      await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText('Generating 5 e-mails');
      await expect(
        outreach
          .rows()
          .getByText(/Writing…|Queued/)
          .first(),
      ).toBeVisible();
      await capture('outreach-generating');
      await request.post(`${sandbox}/_sandbox/openai/behaviour`, { data: { holdMarked: false } });
      await expect(progress.getByTestId('progress-completed')).toHaveText('5 completed', { timeout: 60_000 });
      await expect(progress.getByTestId('progress-failed')).toHaveText('0 failed');
      for (const person of people)
        await expect(outreach.state(outreach.row(person.name))).toHaveText('Draft ready', { timeout: 15_000 });
      await expect(outreach.row(edited).getByTestId('draft-cell')).not.toBeEmpty();
      await expect(progress).toBeHidden({ timeout: 15_000 });
      // the table's stream counted each e-mail on the batch's action, and the last one finished it
      const batchActivity = appShell.activityItem('Generating 5 e-mails');
      await expect(appShell.activityStatus(batchActivity)).toHaveAccessibleName('Completed', { timeout: 15_000 });
      await capture('outreach-generated');
    });

    await test.step('applies the template to one contact', async () => {
      await outreach.select([/grace hopper/i]);
      await outreach.openBatch('Apply template');
      await outreach.chooseTemplate('A question about their work');
      await outreach.batchDialog().getByRole('button', { name: 'Apply template' }).click();
      const row = outreach.row(/grace hopper/i);
      await expect(row.getByTestId('draft-cell')).toContainText('A question for Grace about', { timeout: 15_000 });
      await expect(outreach.state(row)).toHaveText('Draft ready');
    });

    await test.step('opens a written e-mail and closes it untouched: nothing to save, nothing asked', async () => {
      await outreach.open(edited);
      const editor = outreach.editor();
      await expect(editor.getByLabel('Subject')).not.toHaveValue('');
      await expect(outreach.attachments()).toHaveCount(1);
      await expect(outreach.attachments()).toContainText(/ada-lovelace-resume\.txt\s*\d+ B/);
      await expect(editor.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
      await expect(outreach.recipientState()).toHaveText('Valid');
      await page.keyboard.press('Escape');
      await expect(outreach.drawer()).toBeHidden();
      await expect(outreach.discardDialog()).toHaveCount(0);
    });

    await test.step('edits one e-mail and saves it', async () => {
      await outreach.open(edited);
      const editor = outreach.editor();
      await expect(editor.getByLabel('Subject')).not.toHaveValue('');
      await expect(editor.getByRole('button', { name: 'Primary' })).toBeDisabled();
      const body = editor.getByLabel('Body');
      await body.fill(`${await body.inputValue()}\n\nP.S. Your talk on CLU stayed with me.`);
      await expect(editor.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
      // closing with the change not saved asks first; Keep editing keeps it
      await page.keyboard.press('Escape');
      await expect(outreach.discardDialog()).toBeVisible();
      await outreach.discardDialog().getByRole('button', { name: 'Keep editing' }).click();
      await expect(outreach.discardDialog()).toBeHidden();
      await expect(body).toHaveValue(/Your talk on CLU stayed with me\.$/);
      const patch = page.waitForRequest(
        (request) => request.method() === 'PATCH' && request.url().includes('/api/drafts/'),
      );
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      expect((await patch).postDataJSON()).toMatchObject({ body: expect.stringContaining('Your talk on CLU') });
      await expect(toast(page, 'Draft saved')).toBeVisible();
      await expect(outreach.editor().getByLabel('Body')).toHaveValue(/Your talk on CLU stayed with me\.$/);
    });

    await test.step('keeps that one, saves an edited copy as a new draft and makes it primary', async () => {
      const editor = outreach.editor();
      await editor.getByLabel('Subject').fill('Your work on data abstraction');
      await capture('outreach-editor');
      await editor.getByRole('button', { name: 'Save as new draft' }).click();
      await expect(page.getByText('Saved as a new draft')).toBeVisible();
      const drawer = outreach.drawer();
      await expect(drawer.getByRole('button', { name: 'Draft 2' })).toHaveClass(/ant-btn-primary/);
      await expect(outreach.editor().getByLabel('Subject')).toHaveValue('Your work on data abstraction');
      // the list still shows the primary one
      await expect(outreach.row(edited).getByTestId('draft-cell')).not.toContainText('Your work on data abstraction');
      await outreach.editor().getByRole('button', { name: 'Make primary' }).click();
      await expect(page.getByText('Primary draft changed')).toBeVisible();
      await expect(outreach.editor().getByRole('button', { name: 'Primary' })).toBeDisabled();
      await expect(outreach.editor().getByLabel('Subject')).toHaveValue('Your work on data abstraction');
      // Escape still closes the drawer after a question was asked and answered over it (the discard question above)
      await page.keyboard.press('Escape');
      await expect(outreach.drawer()).toBeHidden();
      await expect(outreach.row(edited).getByTestId('draft-cell')).toContainText('Your work on data abstraction');
    });

    await test.step('writes one from the template with AI and picks a phrase for the spot it could not fill', async () => {
      // the last step's toast sits over the drawer's top right (and stays while the pointer rests on it)
      await expect(page.getByText('Primary draft changed')).toBeHidden();
      await outreach.open(/katherine johnson/i);
      await outreach.drawer().getByRole('button', { name: 'Rewrite with AI' }).click();
      await outreach.chooseTemplate('A question about their work');
      await outreach.batchDialog().getByRole('button', { name: 'Generate' }).click();
      const spots = outreach.editor().getByTestId('placeholder-spots');
      await expect(spots).toContainText('{{myCompany}}', { timeout: 30_000 });
      await capture('outreach-editor-spots');
      await spots.getByLabel('Fill myCompany').click();
      await pickOption(openOptions(page).first());
      await expect(spots).toBeHidden();
      await expect(outreach.editor().getByLabel('Body')).not.toHaveValue(/\{\{myCompany\}\}/);
      await outreach.editor().getByRole('button', { name: 'Save', exact: true }).click();
      await expect(toast(page, 'Draft saved')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(outreach.row(/katherine johnson/i).getByTestId('draft-cell')).toContainText(
        'A question for Katherine',
      );
    });

    await test.step('sees the primary draft in the contact drawer of the dashboard', async () => {
      await contacts.goto();
      await contacts.open(edited);
      await expect(contacts.drawer().getByTestId('drawer-draft')).toContainText('Your work on data abstraction');
      await capture('outreach-contact-drawer');
      await contacts.drawer().getByRole('link', { name: 'Edit on the Outreach page' }).click();
      await expect(outreach.editor().getByLabel('Subject')).toHaveValue('Your work on data abstraction');
    });
  });

  test("a contact's e-mail language: set to German in the contact's drawer, the AI writes her e-mail in German", async ({
    page,
    signedInUser,
    capture,
  }) => {
    test.setTimeout(180_000);
    const contacts = new ContactsPage(page);
    const outreach = new OutreachPage(page);
    const grace = { url: 'https://www.linkedin.com/in/grace-hopper-1906', name: /grace hopper/i };

    await test.step('has Grace Hopper, her address verified', async () => {
      await contacts.goto();
      await contacts.addByUrlVerified(grace, 45_000);
    });

    await test.step("sets her e-mail language to German in her drawer ('Same as mine' until then)", async () => {
      await contacts.open(grace.name);
      const language = contacts.drawer().getByRole('combobox', { name: 'E-mail language' });
      const shown = contacts.drawer().locator('.contact-details__email-language');
      await expect(shown).toContainText('Same as mine (English)');
      await language.click();
      // saved at once, as the drawer's other edits ('Contact saved'): the contact's update is answered
      const saved = page.waitForResponse(
        (response) =>
          /\/api\/contacts\/[^/?]+$/.test(new URL(response.url()).pathname) &&
          ['PUT', 'PATCH'].includes(response.request().method()),
      );
      await pickOption(openOptions(page).filter({ hasText: /^German$/ }));
      expect((await saved).ok()).toBe(true);
      await expect(shown).toContainText('German');
      await capture('contact-drawer-email-language');
      // reloaded, the page opens her drawer again (the address names the open contact) with the choice read back from
      // the server; a full load of the app from the dev server, as SignInPage.goto allows
      await page.reload();
      await expect(contacts.drawer()).toBeVisible({ timeout: 30_000 });
      await expect(contacts.drawer().getByTestId('drawer-name')).toHaveText(grace.name);
      await expect(contacts.drawer().locator('.contact-details__email-language')).toContainText('German');
      await page.keyboard.press('Escape');
    });

    await test.step('generates her e-mail with AI: it is written in German', async () => {
      await outreach.goto();
      await outreach.select([grace.name]);
      await outreach.openBatch('Generate with AI');
      await outreach.batchDialog().getByRole('button', { name: 'Generate' }).click();
      await expect(outreach.state(outreach.row(grace.name))).toHaveText('Draft ready', { timeout: 60_000 });
      await outreach.open(grace.name);
      const body = outreach.editor().getByLabel('Body');
      await expect(body).toHaveValue(/^Hallo Grace,/);
      await expect(outreach.editor().getByLabel('Subject')).toHaveValue(/zu Ihrer Arbeit/);
      // in German throughout: the sender introduces herself by her own name, asks for a call and signs off
      const written = await body.inputValue();
      expect(written).toContain(`mein Name ist ${signedInUser.name}`);
      expect(written).toContain('Hätten Sie in den nächsten Wochen 15 Minuten Zeit für ein kurzes Gespräch?');
      expect(written).toMatch(/Viele Grüße\n/);
      await capture('outreach-editor-german-email');
    });
  });
});
