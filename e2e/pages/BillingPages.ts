import { expect, type Page } from '@playwright/test';
import { isSandboxUrl } from '../fixtures/sandbox';

export type PaidPlan = 'Starter' | 'Pro';

/** /subscribe inside the app (SPEC §2): the current plan with its status, the period's usage, the three plans. */
export class SubscribePage {
  constructor(private readonly page: Page) {}

  readonly currentTier = () => this.page.getByTestId('current-plan-tier');
  readonly currentStatus = () => this.page.getByTestId('current-plan-status');
  readonly renewal = () => this.page.getByTestId('current-plan-renewal');
  readonly usageCount = () => this.page.getByTestId('plan-usage-count');
  readonly planCard = (plan: 'Free' | PaidPlan) => this.page.getByTestId(`plan-${plan.toLowerCase()}`);
  readonly manageBilling = () => this.page.getByRole('button', { name: 'Manage billing' });

  async goto() {
    await this.page.goto('/subscribe');
    await expect(this.currentTier()).toBeVisible();
  }
}

/** /pricing for a signed-in person: each plan's button checks out (or marks the current plan). */
export class PricingPage {
  constructor(private readonly page: Page) {}

  readonly upgradeTo = (plan: PaidPlan) => this.page.getByRole('button', { name: `Upgrade to ${plan}` });
}

/** /success?session_id=...: what the server verified of the Checkout Session, never an unverified success. */
export class SuccessPage {
  constructor(private readonly page: Page) {}

  readonly paid = () => this.page.getByTestId('checkout-paid');
  readonly notFound = () => this.page.getByTestId('checkout-not-found');
  readonly received = () => this.page.getByText('Payment received');

  async goto(sessionId: string) {
    await this.page.goto(`/success?session_id=${encodeURIComponent(sessionId)}`);
  }

  /** The Checkout Session id the page was opened with. */
  sessionId() {
    return new URL(this.page.url()).searchParams.get('session_id') ?? '';
  }
}

/**
 * The sandbox's hosted Stripe pages (DESIGN §8 'Sandbox control'): Checkout (fields `email` and `card`, buttons `Pay`
 * and `Decline`) and the Customer Portal (`Return to app`).
 */
export class SandboxStripePage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly email = () => this.page.getByLabel('Email');
  readonly card = () => this.page.getByLabel('Card number');
  readonly payButton = () => this.page.getByRole('button', { name: 'Pay', exact: true });
  readonly returnToApp = () => this.page.getByRole('link', { name: 'Return to app' });

  /** Waits until the browser is on the sandbox Checkout page of `plan`. */
  async expectCheckout(plan: PaidPlan) {
    await this.page.waitForURL((url) => isSandboxUrl(url) && url.pathname.startsWith('/stripe/checkout/'));
    await expect(this.heading()).toHaveText(`Subscribe to ${plan}`);
    await expect(this.payButton()).toBeVisible();
  }

  async expectPortal() {
    await this.page.waitForURL((url) => isSandboxUrl(url) && url.pathname.startsWith('/stripe/portal/'));
    await expect(this.heading()).toHaveText('Manage billing');
  }
}
