import { expect, test as base } from './fixtures/test';
import { revokeMailboxGrant } from './fixtures/sandbox';
import { AppShell } from './pages/AppShell';
import { SandboxConsentPage } from './pages/SandboxConsentPage';
import { SettingsPage } from './pages/SettingsPage';

const test = base.extend<{ settingsPage: SettingsPage; consentPage: SandboxConsentPage }>({
  settingsPage: async ({ page }, use) => use(new SettingsPage(page)),
  consentPage: async ({ page }, use) => use(new SandboxConsentPage(page)),
});

test.describe('Mailboxes', () => {
  test('a person connects Gmail and Outlook, picks the default, sees a revoked Gmail expire and reconnects it, and a second tab follows every change', async ({
    page,
    context,
    request,
    appShell,
    settingsPage,
    consentPage,
    signedInUser: user,
    capture,
  }) => {
    // three OAuth round trips, a popup and a second tab following each change: 60-100 s on a quiet machine
    test.setTimeout(180_000);
    // the person's own mailboxes, unique to this run
    const gmail = user.email.replace('@', '+gmail@');
    const outlook = user.email.replace('@', '+outlook@');

    // a second tab on Settings, open all along and never reloaded
    const otherTab = await context.newPage();
    const otherSettings = new SettingsPage(otherTab);
    await otherSettings.goto();
    await expect(otherSettings.mailboxesEmpty()).toBeVisible();

    await test.step('connects Gmail from the header: the whole page goes to Google and comes back', async () => {
      await expect(page).toHaveURL(/\/dashboard$/);
      const popover = await appShell.openEmailConnection();
      await expect(popover).toContainText('No email connected');
      await popover.getByRole('button', { name: 'Connect Gmail' }).click();
      await consentPage.allowAs(gmail);
      await expect(page).toHaveURL(/\/gmail-auth\?/);
      await expect(page.getByRole('heading', { name: 'Gmail Authentication' })).toBeVisible();
      // back on the page the flow started from
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      const connected = await appShell.openEmailConnection();
      await expect(connected).toContainText(`Connected: ${gmail}`);
      await expect(connected).toContainText('Gmail');
      await capture('mailboxes-gmail-connected-header');
      await appShell.dismiss();
    });

    await test.step('the other tab lists Gmail without a reload', async () => {
      await otherSettings.expectMailbox(gmail, { provider: 'Gmail', isDefault: true, status: 'connected' });
    });

    await test.step('connects Outlook from Settings in a popup that closes itself', async () => {
      await appShell.chooseFromUserMenu('Settings');
      await expect(settingsPage.heading()).toBeVisible();
      await settingsPage.expectMailbox(gmail, { provider: 'Gmail', isDefault: true, status: 'connected' });
      const popupOpened = page.waitForEvent('popup');
      await settingsPage.connectMailboxButton('Outlook').click();
      const popup = await popupOpened;
      const popupConsent = new SandboxConsentPage(popup);
      await popupConsent.expectOpen();
      // SPEC §2 'Connection flows': a 600 x 700 popup
      expect(await popup.evaluate(() => ({ width: innerWidth, height: innerHeight }))).toEqual({
        width: 600,
        height: 700,
      });
      await capture('mailboxes-outlook-consent', popup);
      const closed = popup.waitForEvent('close', { timeout: 20_000 });
      await popupConsent.allowAs(outlook);
      await closed;
      await expect(page).toHaveURL(/\/accountSettings$/);
    });

    await test.step('sees both mailboxes in Settings, in both tabs', async () => {
      for (const settings of [settingsPage, otherSettings]) {
        await settings.expectMailbox(gmail, { provider: 'Gmail', isDefault: true, status: 'connected' });
        await settings.expectMailbox(outlook, { provider: 'Outlook', isDefault: false, status: 'connected' });
        expect(await settings.mailboxAddresses()).toEqual([gmail, outlook]);
      }
      await settingsPage.mailboxes().scrollIntoViewIfNeeded();
      await capture('mailboxes-both-connected');
    });

    await test.step('makes Outlook the default; the header and the other tab follow', async () => {
      expect((await settingsPage.makeDefault(outlook)).ok()).toBe(true);
      for (const settings of [settingsPage, otherSettings]) {
        await settings.expectMailbox(outlook, { provider: 'Outlook', isDefault: true, status: 'connected' });
        await settings.expectMailbox(gmail, { provider: 'Gmail', isDefault: false, status: 'connected' });
        await expect.poll(() => settings.mailboxAddresses()).toEqual([outlook, gmail]);
      }
      const popover = await new AppShell(otherTab).openEmailConnection();
      await expect(popover).toContainText(`Connected: ${outlook}`);
      await new AppShell(otherTab).dismiss();
      await capture('mailboxes-outlook-default');
    });

    await test.step("Gmail's grant is revoked at Google: Settings shows it expired, in both tabs", async () => {
      await revokeMailboxGrant(request, gmail);
      // opening Settings again asks the provider whether each mailbox still works
      await appShell.open('Dashboard');
      await appShell.chooseFromUserMenu('Settings');
      for (const settings of [settingsPage, otherSettings]) {
        await settings.expectMailbox(gmail, { provider: 'Gmail', isDefault: false, status: 'expired' });
        await settings.expectMailbox(outlook, { provider: 'Outlook', isDefault: true, status: 'connected' });
      }
      await settingsPage.mailbox(gmail).scrollIntoViewIfNeeded();
      await capture('mailboxes-gmail-expired');
      await capture('mailboxes-gmail-expired-other-tab', otherTab);
    });

    await test.step('reconnects Gmail: the consent page already names it, and Settings is back', async () => {
      await settingsPage.mailboxAction(gmail, 'Reconnect').click();
      await consentPage.expectOpen();
      await expect(consentPage.email()).toHaveValue(gmail);
      await consentPage.allowAs(gmail);
      await expect(page).toHaveURL(/\/accountSettings$/, { timeout: 20_000 });
      for (const settings of [settingsPage, otherSettings]) {
        await settings.expectMailbox(gmail, { provider: 'Gmail', isDefault: false, status: 'connected' });
        await settings.expectMailbox(outlook, { provider: 'Outlook', isDefault: true, status: 'connected' });
      }
      await capture('mailboxes-gmail-reconnected');
    });

    await test.step('disconnects Gmail after confirming; the other tab drops it too', async () => {
      expect((await settingsPage.disconnect(gmail)).ok()).toBe(true);
      for (const settings of [settingsPage, otherSettings]) {
        await expect(settings.mailbox(gmail)).toHaveCount(0);
        await settings.expectMailbox(outlook, { provider: 'Outlook', isDefault: true, status: 'connected' });
      }
    });
  });
});
