import { expect, type Locator, type Page } from '@playwright/test';
import { arrived, openUserMenu } from '../fixtures/popups';
import { paintedScheme } from './colorScheme';

export type NavEntry =
  | 'Dashboard'
  | 'Profile'
  | 'Templates'
  | 'Outreach'
  | 'Sequences'
  | 'Pipeline'
  | 'Meetings'
  | 'Referrals';
export type UserMenuEntry = 'Plan' | 'Settings' | 'Log Out';

/** The signed-in layout around every app page: sidebar, header widgets, user menu, 'Desktop Required'. */
export class AppShell {
  constructor(private readonly page: Page) {}

  readonly sidebar = () => this.page.getByTestId('app-sidebar');
  /** The sidebar's page links, in order (the logo's home link is not one of them). */
  readonly navEntries = () => this.sidebar().getByRole('navigation', { name: 'Main' }).getByRole('link');
  readonly navEntry = (name: NavEntry) => this.navEntries().and(this.page.getByRole('link', { name, exact: true }));
  readonly sidebarToggle = () => this.sidebar().getByRole('button', { name: /^(Collapse|Expand) sidebar$/ });
  readonly recentActivity = () => this.sidebar().getByRole('region', { name: 'Recent Activity' });
  /**
   * Recent Activity's entries, newest first (at most 10): each holds an image named by its status ('In progress',
   * 'Completed', 'Failed'), its label ('Generating 5 e-mails'), its detail once finished ('4 written, 1 failed', or the
   * error) and its time, with ' · n/total' while it runs.
   */
  readonly activityItems = () => this.recentActivity().getByRole('listitem');
  /** The entry whose label is exactly `label`. */
  readonly activityItem = (label: string) =>
    this.activityItems().filter({ has: this.page.getByText(label, { exact: true }) });
  /** An entry's status: `toHaveAccessibleName('Completed')`. */
  readonly activityStatus = (item: Locator) => item.getByRole('img', { name: /^(In progress|Completed|Failed)$/ });
  readonly userMenu = () => this.page.getByTestId('user-menu');
  /** The header's avatar: the photo (an image) or the initials. */
  readonly headerAvatar = () => this.userMenu().getByTestId('user-initials');
  /** Whether the header's avatar shows a photo that loaded (the initials show otherwise). */
  async headerPhotoLoaded() {
    const image = this.headerAvatar().locator('img');
    if ((await image.count()) === 0) return false;
    return image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);
  }
  /** The plan under the person's name in the header (SPEC §3 subscriptionTier). */
  readonly planLabel = () => this.userMenu().getByTestId('user-plan');
  readonly pageHeading = (name: string) => this.page.getByRole('heading', { level: 1, name });
  readonly desktopRequired = () => this.page.getByRole('heading', { name: 'Desktop Required' });

  /** How the app is painted now: by the computed background of the page behind the sidebar and of the sidebar. */
  async colorScheme() {
    const [page, sidebar] = await Promise.all([
      paintedScheme(this.page.locator('body')),
      paintedScheme(this.sidebar()),
    ]);
    return page === sidebar ? page : 'mixed';
  }

  /** A header popover (or the notification panel) by its title. */
  readonly popover = (title: string): Locator => this.page.locator('.ant-popover').filter({ hasText: title });

  /** The entry shown as the current page. */
  async expectCurrent(name: NavEntry) {
    await expect(this.navEntry(name)).toHaveAttribute('aria-current', 'page');
  }

  /**
   * Goes to a page from the sidebar, and waits until the app shows it: the router renders a navigation as a
   * transition, so a click elsewhere before it commits (the user menu, say) replaces it, and the page left never
   * unmounts (nor mounts again on the way back).
   */
  async open(name: NavEntry) {
    await this.navEntry(name).click();
    await this.expectCurrent(name);
  }

  /** The sidebar's rendered width once its width transition has settled. */
  async expectSidebarWidth(width: number) {
    await expect.poll(async () => Math.round((await this.sidebar().boundingBox())?.width ?? 0)).toBe(width);
  }

  async chooseFromUserMenu(entry: UserMenuEntry) {
    const menu = await openUserMenu(this.page);
    await menu.getByRole('menuitem', { name: entry }).click();
  }

  /** Opens a header popover by its button, to be answered once it has arrived (e2e/fixtures/popups.ts). */
  private async openPopover(button: Locator, title: string) {
    await button.click();
    return arrived(this.popover(title));
  }

  openNotifications() {
    return this.openPopover(this.page.getByRole('button', { name: /^Notifications/ }), 'Notifications');
  }

  openEmailConnection() {
    return this.openPopover(this.page.getByRole('button', { name: 'Email connection' }), 'Email Connection');
  }

  openZoomConnection() {
    return this.openPopover(this.page.getByRole('button', { name: 'Zoom connection' }), 'Zoom Connection');
  }

  /** Closes whatever popover or menu is open, with a click on the empty left of the header. */
  async dismiss() {
    await this.page.getByRole('banner').click({ position: { x: 12, y: 32 } });
    await expect(this.page.locator('.ant-popover:not(.ant-popover-hidden)')).toHaveCount(0);
  }
}
