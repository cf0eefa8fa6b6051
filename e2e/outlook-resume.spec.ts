import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, test as base } from './fixtures/test';
import { ContactsPage } from './pages/ContactsPage';
import { OutreachPage } from './pages/OutreachPage';
import { ProfilePage } from './pages/ProfilePage';
import { SandboxConsentPage } from './pages/SandboxConsentPage';
import { SandboxMailPage } from './pages/SandboxMailPage';
import { SettingsPage } from './pages/SettingsPage';

const test = base.extend<{ settingsPage: SettingsPage }>({
  settingsPage: async ({ page }, use) => use(new SettingsPage(page)),
});

const contact = { url: 'https://www.linkedin.com/in/katherine-johnson-1918', name: /katherine johnson/i };

/**
 * A 4 MB résumé as people have them: one page of text and a large embedded file (a portfolio, scans). Its e-mail is
 * over Microsoft Graph's 4 MB `sendMail` once base64-encoded.
 */
const resumePdf = async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  page.drawText('Ada Lovelace - Analyst of the Analytical Engine', {
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  await pdf.attach(randomBytes(4_000_000), 'portfolio.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
};

test.describe('Sending from Outlook', () => {
  test('a person with a 4 MB résumé sends an e-mail from Outlook and sees it sent, the résumé attached', async ({
    page,
    appShell,
    settingsPage,
    signedInUser: user,
    capture,
  }) => {
    // a popup sign-in, a contact found and verified, an AI-written e-mail and a send of 4 MB
    test.setTimeout(240_000);
    const outlook = user.email.replace('@', '+outlook@');
    const resume = await resumePdf();
    expect(resume.length).toBeGreaterThan(4_000_000);

    await test.step('connects Outlook from Settings', async () => {
      await appShell.chooseFromUserMenu('Settings');
      await expect(settingsPage.heading()).toBeVisible();
      const popupOpened = page.waitForEvent('popup');
      await settingsPage.connectMailboxButton('Outlook').click();
      const popup = await popupOpened;
      const closed = popup.waitForEvent('close', { timeout: 20_000 });
      await new SandboxConsentPage(popup).allowAs(outlook);
      await closed;
      await settingsPage.expectMailbox(outlook, { provider: 'Outlook', isDefault: true, status: 'connected' });
    });

    await test.step('uploads a 4 MB résumé, which the settings attach to every e-mail', async () => {
      const profile = new ProfilePage(page);
      // through the sidebar, as a person goes: no reload of the app
      await appShell.open('Profile');
      await expect(profile.heading()).toBeVisible({ timeout: 30_000 });
      await profile.uploadAndWait('resume', {
        name: 'ada-lovelace-resume.pdf',
        mimeType: 'application/pdf',
        buffer: resume,
      });
    });

    const contacts = new ContactsPage(page);
    let address = '';
    await test.step('adds a contact whose address is verified', async () => {
      await appShell.open('Dashboard');
      await expect(contacts.card()).toBeVisible({ timeout: 30_000 });
      await contacts.openAdd('Many URLs');
      await contacts.addModal().getByLabel('LinkedIn profile URLs, one per line').fill(contact.url);
      await contacts.addModal().getByRole('button', { name: 'Add 1 contact' }).click();
      await expect(page.getByTestId('add-many-progress')).toContainText('1 of 1 added', { timeout: 45_000 });
      await contacts.addModal().getByRole('button', { name: 'Close' }).click();
      const row = contacts.row(contact.name);
      await expect(row.getByTestId('email-state')).toHaveAttribute('data-state', 'valid', { timeout: 45_000 });
      address = (await row.getByTestId('contact-email').innerText()).trim();
    });

    const outreach = new OutreachPage(page);
    await test.step('writes the e-mail with the AI and sends it from Outlook: it is sent', async () => {
      await appShell.open('Outreach');
      await outreach.select([contact.name]);
      await outreach.openBatch('Generate with AI');
      await outreach.batchDialog().getByRole('button', { name: 'Generate' }).click();
      await expect(outreach.state(outreach.row(contact.name))).toHaveText('Draft ready', { timeout: 60_000 });
      await outreach.open(contact.name);
      await expect(outreach.drawer()).toContainText(`From ${outlook}`);
      await outreach.sendButton().click();
      await expect(outreach.sendStatus()).toContainText(/^Sent/, { timeout: 60_000 });
      await capture('outlook-large-resume-sent');
    });

    await test.step('the contact got it with the résumé, whole', async () => {
      const mail = new SandboxMailPage(page);
      await mail.goto();
      const sent = mail.messages(outlook, address);
      await expect(sent).toHaveCount(1);
      const original = sent.getByRole('link', { name: 'Show original' });
      await expect(original).toBeVisible();
      await capture('outlook-large-resume-sandbox-mail');
      const raw = await (
        await page.request.get(new URL((await original.getAttribute('href'))!, page.url()).href)
      ).body();
      expect(raw.toString('latin1')).toContain('ada-lovelace-resume.pdf');
      expect(raw.toString('latin1')).toContain(resume.subarray(0, 57).toString('base64'));
    });
  });
});
