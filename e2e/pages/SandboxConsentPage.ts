import { expect, type Page } from '@playwright/test';
import { isSandboxUrl } from '../fixtures/sandbox';

/**
 * The sandbox's OAuth consent page of Google or Microsoft (DESIGN §8 'Sandbox control'): an e-mail field named `email`
 * (pre-filled from `login_hint`) and a submit button `Allow`. Works in the page it is given: the tab of the Gmail
 * full-page flow or the Outlook popup.
 */
export class SandboxConsentPage {
  constructor(private readonly page: Page) {}

  readonly email = () => this.page.locator('input[name="email"]');
  readonly allowButton = () => this.page.getByRole('button', { name: 'Allow' });

  /** Waits until the page has reached the sandbox's consent page. */
  async expectOpen() {
    await this.page.waitForURL(isSandboxUrl);
    await expect(this.allowButton()).toBeVisible();
  }

  /** Grants access as `email`; the sandbox then redirects to the app's receiver with a code. */
  async allowAs(email: string) {
    await this.expectOpen();
    await this.email().fill(email);
    await this.allowButton().click();
  }
}
