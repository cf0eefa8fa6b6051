import { expect, test } from './fixtures/test';
import { PricingPage, SandboxStripePage, SubscribePage, SuccessPage } from './pages/BillingPages';
import { ContactsPage } from './pages/ContactsPage';

// SPEC §2 'Contact-limit dialog' for a free user
const limitText =
  "You've used all 25 contact slots available on your Free plan this period. Please upgrade your plan to continue adding and fetching new contacts.";

/** Stripe's webhook reaches the app through the sandbox (and is also asked for by /success): seconds, not minutes. */
const webhooked = { timeout: 30_000 };

test.describe('Plans', () => {
  test('a free user hits the contact limit, upgrades to Starter through the sandbox Checkout, lands on a verified success page and adds the next contact', async ({
    page,
    appShell,
    signedInUser: user,
    capture,
  }) => {
    // 25 contacts, a checkout through the sandbox and its webhooks, and page loads on a busy machine
    test.setTimeout(300_000);
    const contacts = new ContactsPage(page);
    const pricing = new PricingPage(page);
    const stripe = new SandboxStripePage(page);
    const success = new SuccessPage(page);
    const subscribe = new SubscribePage(page);

    await test.step('uses all 25 slots of the free plan', async () => {
      // the same POST /api/contacts the add form sends, with the person's own session: 25 forms would take minutes
      await contacts.addThroughApi(
        Array.from({ length: 25 }, (_, index) => ({ name: `Plan Person ${index + 1}`, company: 'Contoso' })),
      );
      await contacts.goto();
      await expect(contacts.quota()).toContainText('25 / 25 used');
      await expect(appShell.planLabel()).toHaveText('Free');
    });

    await test.step('adding one more shows the Contact Limit Reached dialog; Upgrade Plan leads to the plans', async () => {
      await contacts.addByHand({ name: 'Over The Limit' });
      await expect(contacts.limitDialog()).toBeVisible();
      await expect(contacts.limitDialog()).toContainText(limitText);
      await capture('billing-limit-dialog');
      await contacts.limitDialog().getByRole('button', { name: 'Upgrade Plan' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
    });

    await test.step('Upgrade to Starter opens the sandbox Checkout for the person, who pays', async () => {
      await pricing.upgradeTo('Starter').click();
      await stripe.expectCheckout('Starter');
      await expect(stripe.email()).toHaveValue(user.email.toLowerCase());
      await capture('billing-sandbox-checkout');
      await stripe.payButton().click();
    });

    await test.step('back on /success: the payment the server verified, Starter and its 150 slots', async () => {
      await expect(page).toHaveURL(/\/success\?session_id=cs_/);
      await expect(success.paid()).toBeVisible(webhooked);
      await expect(success.paid()).toContainText('Payment received');
      await expect(success.paid()).toContainText('You are now on the Starter plan: 150 new contacts a month.');
      await expect(appShell.planLabel()).toHaveText('Starter');
      await capture('billing-success-paid');
    });

    await test.step('a checkout the server cannot find is never shown as a success', async () => {
      const paidSession = success.sessionId();
      await success.goto('cs_unknown');
      await expect(success.notFound()).toBeVisible();
      await expect(success.notFound()).toContainText('Payment not found');
      await expect(success.received()).toHaveCount(0);
      // the real session again: still paid (the page asks the server each time)
      await success.goto(paidSession);
      await expect(success.paid()).toBeVisible(webhooked);
    });

    await test.step('/subscribe shows Starter as the current plan with the usage of its 150 slots', async () => {
      await subscribe.goto();
      await expect(subscribe.currentTier()).toHaveText('Starter');
      await expect(subscribe.currentStatus()).toHaveText('Active');
      await expect(subscribe.renewal()).toContainText(/^Renews on /);
      await expect(subscribe.usageCount()).toHaveText('25 / 150 contact slots used');
      await expect(subscribe.planCard('Starter').getByRole('button', { name: 'Your current plan' })).toBeDisabled();
      await expect(subscribe.planCard('Pro').getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
      await capture('billing-subscribe-starter');
    });

    await test.step('the next contact is added: no limit dialog, the contact is in the table', async () => {
      await contacts.goto();
      await expect(contacts.quota()).toContainText('25 / 150 used');
      await contacts.addByHand({ name: 'Next After Upgrade' });
      await expect(contacts.row('Next After Upgrade')).toHaveCount(1);
      await expect(contacts.limitDialog()).toHaveCount(0);
      await expect(contacts.quota()).toContainText('26 / 150 used');
    });

    await test.step("Manage billing opens the sandbox Customer Portal on Starter; 'Return to app' comes back", async () => {
      await subscribe.goto();
      await subscribe.manageBilling().click();
      await stripe.expectPortal();
      await expect(page.getByText(/^Starter\s+Active$/)).toBeVisible();
      await stripe.returnToApp().click();
      await expect(page).toHaveURL(/\/subscribe$/);
      await expect(subscribe.currentTier()).toHaveText('Starter');
    });
  });
});
