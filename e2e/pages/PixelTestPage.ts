import { expect, type Page, type Response } from '@playwright/test';

type Counted = { data: { counts: { name: string; path: string; count: number }[] } };

/** /test/reddit-pixel (SPEC §2 'pixel test page'): tracking's state and the last events this tab sent. */
export class PixelTestPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/test/reddit-pixel');
    await expect(this.page.getByRole('heading', { name: 'Pixel test' })).toBeVisible();
  }

  /**
   * The collector's answer to the batch carrying `event` of `path`, and that event's count for the day: to be awaited
   * after the step that leads there (it starts waiting now).
   */
  countOf(event: string, path: string): Promise<number> {
    const sent = (response: Response) =>
      response.url().endsWith('/api/track') &&
      response.request().method() === 'POST' &&
      (response.request().postData() ?? '').includes(`"name":"${event}","path":"${path}"`);
    return this.page.waitForResponse(sent).then(async (response) => {
      expect(response.status()).toBe(200);
      const { data } = (await response.json()) as Counted;
      return data.counts.find((each) => each.name === event && each.path === path)!.count;
    });
  }

  /** the row of the last events table for `event` of `path` (the newest such) */
  readonly eventRow = (event: string, path: string) =>
    this.page
      .getByRole('table', { name: 'Last events sent' })
      .getByRole('row')
      .filter({ hasText: event })
      .filter({ has: this.page.getByRole('cell', { name: path, exact: true }) })
      .first();

  readonly pixelState = () => this.page.getByTestId('pixel-state');
}
