import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from './toast';

export type MeetingsTab = 'Upcoming' | 'Past and cancelled' | 'Calendar';

/** A date and time as the user's clock shows it: day 'YYYY-MM-DD', hour and minute as the picker lists them. */
export type PickedTime = { day: string; hour: number; minute: number };

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * /meetings: the user's meetings (Upcoming, Past, a month Calendar), each an article named by its title
 * with its time, Zoom join link, invitation and actions; the booking and rescheduling dialogs, wherever they open.
 */
export class MeetingsPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Meetings' });
  /** a tab, by the start of its label ('Upcoming (1)') */
  readonly tab = (name: MeetingsTab) => this.page.getByRole('tab', { name: new RegExp(`^${name}\\b`) });
  /** a meeting on the page, by its title */
  readonly meeting = (title: string) => this.page.getByRole('article', { name: title, exact: true });
  /** the month calendar (the Calendar tab) */
  readonly calendar = () => this.page.getByRole('region', { name: 'Meetings by day' });
  /** the meetings listed on one day of the calendar, by its 'YYYY-MM-DD' */
  readonly calendarDay = (day: string) =>
    this.calendar().getByRole('list', {
      name: new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
        timeZone: 'UTC',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      exact: true,
    });
  /** the drawer a meeting opens in from the calendar */
  readonly meetingDrawer = () => this.page.getByRole('dialog', { name: 'Meeting', exact: true });
  /** the booking dialog opened for a contact ('Book meeting with {name}') */
  readonly bookDialog = (contactName: string) =>
    this.page.getByRole('dialog', { name: `Book meeting with ${contactName}`, exact: true });
  readonly rescheduleDialog = (title: string) =>
    this.page.getByRole('dialog', { name: `Reschedule "${title}"`, exact: true });
  /** what the booking dialog shows once the meeting is booked */
  readonly booked = () => this.page.getByTestId('meeting-booked');
  /** a dialog's 'Date and time' picker */
  readonly startField = (dialog: Locator) => dialog.getByRole('textbox', { name: 'Date and time' });
  /** the start as each clock reads it, under the picker: the user's line, then the contact's */
  readonly startInZones = (dialog: Locator) =>
    dialog.getByRole('list', { name: 'The start in each time zone' }).getByRole('listitem');
  readonly joinLink = (scope: Locator) => scope.getByRole('link', { name: 'Join Zoom meeting' });
  /** the meeting's time as shown ('Wed, 25 Nov 2026, 10:00–10:30') */
  readonly time = (scope: Locator) => scope.locator('time');
  readonly invitation = (scope: Locator) => scope.getByTestId('meeting-invitation');
  /** the contact's answer to the invitation: Accepted, Tentative, Declined */
  readonly rsvp = (scope: Locator) => scope.getByTestId('meeting-rsvp');
  readonly toast = (text: string) => toast(this.page, text);

  async goto() {
    await this.page.goto('/meetings');
    // a full load of the app from the dev server, as SignInPage.goto allows
    await expect(this.heading()).toBeVisible({ timeout: 30_000 });
  }

  /**
   * Types the start into a dialog's 'Date and time' picker and presses Enter, as a person who knows the time does;
   * then closes the picker's panel with a click beside it (Escape would close the dialog too).
   */
  async typeStart(dialog: Locator, typed: string) {
    const input = this.startField(dialog);
    await input.click();
    await input.fill(typed);
    await input.press('Enter');
    await dialog.locator('.ant-modal-title').click();
    await expect(this.page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toBeHidden();
  }

  /**
   * Picks the start in a dialog's 'Date and time' picker the way a person does: the day in the month panel (paging
   * months forward as needed), then the hour and the minute in the time columns. The picker needs no confirmation.
   */
  async pickStart(dialog: Locator, { day, hour, minute }: PickedTime) {
    await dialog.getByRole('textbox', { name: 'Date and time' }).click();
    const panel = this.page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await expect(panel).toBeVisible();
    const cell = panel.locator(`td[title="${day}"]:not(.ant-picker-cell-disabled)`);
    // the panel opens on the month of the shown value; a day in a later month is a page or two away
    for (let page = 0; page < 12 && (await cell.count()) === 0; page += 1)
      await panel.getByRole('button', { name: 'Next month' }).click();
    await cell.first().click();
    const columns = panel.locator('.ant-picker-time-panel-column');
    await columns
      .nth(0)
      .locator('.ant-picker-time-panel-cell-inner')
      .getByText(twoDigits(hour), { exact: true })
      .click();
    await columns
      .nth(1)
      .locator('.ant-picker-time-panel-cell-inner')
      .getByText(twoDigits(minute), { exact: true })
      .click();
    const input = dialog.getByRole('textbox', { name: 'Date and time' });
    await expect(input).toHaveValue(new RegExp(`, ${twoDigits(hour)}:${twoDigits(minute)}$`));
    // a click beside the picker closes its panel (the value is kept: no confirmation needed); Escape would close the
    // dialog too
    await dialog.locator('.ant-modal-title').click();
    await expect(panel).toBeHidden();
    await expect(input).toHaveValue(new RegExp(`, ${twoDigits(hour)}:${twoDigits(minute)}$`));
  }
}
