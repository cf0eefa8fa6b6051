import { expect, type Page } from '@playwright/test';
import { paintedScheme } from './colorScheme';

/** What a public page must show: its `<h1>` and its document title. */
export type PublicPageExpectation = { path: string; heading: string; title: string };

// antd, Amplify and SWR belong to the app; a public page that loads them has pulled the app into the first visit
const appBundle = /\/deps\/(antd|aws-amplify|@aws-amplify|swr)[._/]|aws-amplify/;

/** The dark public site: top bar, footer, one heading per page. */
export class PublicSite {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly mainNav = () => this.page.getByRole('navigation', { name: 'Main' });
  readonly menuButton = () => this.page.getByRole('button', { name: 'Open menu' });
  readonly mobileMenu = () => this.page.getByRole('navigation', { name: 'Menu' });
  readonly footer = () => this.page.getByRole('contentinfo');

  /** How the page is painted: by the computed background behind it (SPEC §2: landing pages are dark). */
  colorScheme() {
    return paintedScheme(this.page.locator('body'));
  }

  async open(path: string) {
    await this.page.goto(path);
  }

  async expectPage({ path, heading, title }: PublicPageExpectation) {
    await expect(this.page).toHaveURL((url) => url.pathname === path);
    await expect(this.heading()).toHaveText(heading);
    await expect(this.page).toHaveTitle(title);
  }

  /** Starts recording requests for the app's libraries; call the result to get the URLs seen so far. */
  watchAppBundles() {
    const seen: string[] = [];
    this.page.on('request', (request) => {
      if (appBundle.test(request.url())) seen.push(request.url());
    });
    return () => [...seen];
  }

  /** Horizontal overflow in CSS pixels: 0 when nothing sticks out of the viewport. */
  horizontalOverflow() {
    return this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }
}
