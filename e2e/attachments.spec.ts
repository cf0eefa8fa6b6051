import { pdfFile } from './fixtures/files';
import { sandboxUrl } from './fixtures/sandbox';
import { expect, test as base } from './fixtures/test';
import { ContactsPage } from './pages/ContactsPage';
import { OutreachPage } from './pages/OutreachPage';
import { ProfilePage } from './pages/ProfilePage';
import { SandboxConsentPage } from './pages/SandboxConsentPage';

const test = base.extend<{ consentPage: SandboxConsentPage }>({
  consentPage: async ({ page }, use) => use(new SandboxConsentPage(page)),
});

/** a sandbox person whose e-mail lookup finds a verified address */
const contact = { url: 'https://www.linkedin.com/in/katherine-johnson-1918', name: /katherine johnson/i };

type SandboxMessage = { to: string; subject: string; attachments: { fileName: string | null; size: number }[] };

test.use({ viewport: { width: 1280, height: 800 } });

test.describe('Attachments of an e-mail', () => {
  test('a person sees the résumé listed with its size before Send, takes it off this e-mail, and the e-mail arrives without it', async ({
    page,
    request,
    appShell,
    consentPage,
    signedInUser: user,
    capture,
  }) => {
    test.setTimeout(240_000);
    const gmail = user.email.replace('@', '+gmail@');
    const resume = await pdfFile('ada-lovelace-resume.pdf', ['Ada Lovelace', 'Analyst of the Analytical Engine']);
    const profile = new ProfilePage(page);
    const contacts = new ContactsPage(page);
    const outreach = new OutreachPage(page);

    await test.step('connects Gmail and uploads a résumé on the profile', async () => {
      const popover = await appShell.openEmailConnection();
      await popover.getByRole('button', { name: 'Connect Gmail' }).click();
      await consentPage.allowAs(gmail);
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      await profile.goto();
      await profile.uploadAndWait('resume', resume);
    });

    const found = { email: '' };
    await test.step('adds a contact by LinkedIn URL and writes an e-mail with the AI', async () => {
      await appShell.open('Dashboard');
      await contacts.openAdd('Many URLs');
      await contacts.addModal().getByLabel('LinkedIn profile URLs, one per line').fill(contact.url);
      await contacts.addModal().getByRole('button', { name: 'Add 1 contact' }).click();
      await expect(page.getByTestId('add-many-progress')).toContainText('1 of 1 added', { timeout: 45_000 });
      await contacts.addModal().getByRole('button', { name: 'Close' }).click();
      const row = contacts.row(contact.name);
      await expect(row.getByTestId('email-state')).toHaveAttribute('data-state', 'valid', { timeout: 45_000 });
      found.email = (await row.getByTestId('contact-email').innerText()).trim();
      await appShell.open('Outreach');
      await outreach.select([contact.name]);
      await outreach.openBatch('Generate with AI');
      await outreach.batchDialog().getByRole('button', { name: 'Generate' }).click();
      await expect(outreach.state(outreach.row(contact.name))).toHaveText('Draft ready', { timeout: 60_000 });
    });

    await test.step('sees before Send that the first e-mail carries the résumé, with its name and size', async () => {
      await outreach.open(contact.name);
      await expect(outreach.attachments()).toHaveCount(1);
      await expect(outreach.attachments()).toContainText('ada-lovelace-resume.pdf');
      await expect(outreach.attachments()).toContainText(/\d+ (B|KB)/);
      await outreach.attachmentsSection().scrollIntoViewIfNeeded();
      await capture('attachments-resume-listed');
    });

    await test.step('removes the résumé from this e-mail and sends it', async () => {
      await outreach.attachments().getByRole('button', { name: 'Remove ada-lovelace-resume.pdf' }).click();
      await expect(outreach.attachments()).toHaveCount(0);
      await expect(outreach.attachmentsSection()).toContainText('No attachments: this e-mail goes without files.');
      await expect(outreach.attachmentsSection().getByRole('button', { name: 'Attach my résumé' })).toBeVisible();
      await capture('attachments-resume-removed');
      await outreach.sendButton().click();
      await expect(outreach.sendStatus()).toContainText(/^Sent/, { timeout: 30_000 });
      await expect(outreach.attachmentsSection()).toContainText('No attachments.');
    });

    await test.step('the e-mail arrived at the contact without the résumé', async () => {
      const response = await request.get(`${sandboxUrl}/_sandbox/mail/messages?from=${encodeURIComponent(gmail)}`);
      expect(response.ok()).toBe(true);
      const sent = ((await response.json()) as SandboxMessage[]).filter((message) => message.to === found.email);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.attachments).toEqual([]);
    });
  });
});
