import { expect, type Locator, type Page } from '@playwright/test';
import { sandboxUrl } from '../fixtures/sandbox';

/**
 * The sandbox's mail page `GET /_sandbox/mail` (DESIGN §8 'Sandbox control'): every mailbox and the mail it got, each
 * message an <article> ('From <sender> to <recipient>') with a form to answer it as its recipient, and one to bounce it;
 * an invitation also with Accept, Tentative and Decline.
 */
export class SandboxMailPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Sandbox mail' });
  /** the messages `from` sent to `to` (newest first) */
  readonly messages = (from: string, to: string) =>
    this.page.locator('article').filter({ hasText: `From ${from} to ${to}` });

  async goto() {
    await this.page.goto(`${sandboxUrl}/_sandbox/mail`);
    await expect(this.heading()).toBeVisible();
  }

  /** Answers the invitation `message` as its recipient's calendar does (an iTIP REPLY); the page comes back. */
  async answerInvitation(message: Locator, answer: 'Accept' | 'Tentative' | 'Decline') {
    const back = this.page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/_sandbox/mail' && response.request().method() === 'GET',
    );
    await message.getByRole('group', { name: 'Answer the invitation' }).getByRole('button', { name: answer }).click();
    expect((await back).ok()).toBe(true);
    await expect(this.heading()).toBeVisible();
  }

  /** Answers `message` as its recipient `as`; the form posts and the page comes back, listing the answer. */
  async reply(message: Locator, as: string, body: string) {
    await message.getByLabel(`Reply as ${as}`).fill(body);
    const back = this.page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/_sandbox/mail' && response.request().method() === 'GET',
    );
    await message.getByRole('button', { name: 'Send reply' }).click();
    expect((await back).ok()).toBe(true);
    await expect(this.heading()).toBeVisible();
  }
}
