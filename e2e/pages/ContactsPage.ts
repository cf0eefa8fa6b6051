import { expect, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import type { WebConfig } from '../../shared/web-config';

export type ImportSummary = { added: number; skipped: number; failed: number };

/** The contact dashboard on /dashboard: add, the table, the drawer, CSV import and export, the limit dialog. */
export class ContactsPage {
  constructor(private readonly page: Page) {}

  readonly card = () => this.page.getByTestId('dashboard-contacts');
  readonly rows = () => this.page.getByTestId('contact-row');
  readonly row = (name: string | RegExp) =>
    this.rows().filter({ has: this.page.getByTestId('contact-name').filter({ hasText: name }) });
  readonly addModal = () => this.page.getByRole('dialog', { name: 'Add contacts' });
  readonly preview = () => this.page.getByTestId('contact-preview');
  readonly drawer = () => this.page.getByRole('dialog').filter({ has: this.page.getByTestId('drawer-name') });
  readonly importModal = () => this.page.getByRole('dialog', { name: 'Import contacts from CSV' });
  readonly report = () => this.page.getByTestId('csv-report');
  readonly limitDialog = () => this.page.getByRole('dialog', { name: 'Contact Limit Reached' });
  readonly quota = () => this.page.getByTestId('quota-summary');

  async goto() {
    await this.page.goto('/dashboard');
    // a full load of the app from the dev server, as SignInPage.goto allows
    await expect(this.card()).toBeVisible({ timeout: 30_000 });
  }

  async openAdd(tab: 'LinkedIn URL' | 'By hand' | 'Many URLs' = 'LinkedIn URL') {
    await this.page.getByTestId('add-contact').click();
    await expect(this.addModal()).toBeVisible();
    // a click that lands while the dialog is still opening can focus the tab without selecting it: click until selected
    const chosen = this.addModal().getByRole('tab', { name: tab });
    await expect(async () => {
      await chosen.click();
      await expect(chosen).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  }

  async previewUrl(url: string) {
    await this.openAdd('LinkedIn URL');
    await this.addModal().getByLabel('LinkedIn profile URL').fill(url);
    await this.addModal().getByRole('button', { name: 'Preview' }).click();
    await expect(this.preview()).toBeVisible({ timeout: 20_000 });
  }

  /**
   * Adds the person at a LinkedIn URL and waits (up to `timeout`: the lookup is queued) until their e-mail is verified;
   * answers the name and address the table shows.
   */
  async addByUrlVerified(person: { name: string | RegExp; url: string }, timeout: number) {
    await this.previewUrl(person.url);
    await expect(this.preview()).toContainText(person.name);
    await this.addModal().getByRole('button', { name: 'Add contact' }).click();
    await expect(this.addModal()).toBeHidden();
    const row = this.row(person.name);
    await expect(row.getByTestId('email-state')).toHaveAttribute('data-state', 'valid', { timeout });
    return {
      name: (await row.getByTestId('contact-name').innerText()).trim(),
      email: (await row.getByTestId('contact-email').innerText()).trim(),
    };
  }

  async addByHand(values: { name: string; company?: string; role?: string; email?: string }) {
    await this.openAdd('By hand');
    const modal = this.addModal();
    await modal.getByLabel('Name').fill(values.name);
    if (values.company) await modal.getByLabel('Company').fill(values.company);
    if (values.role) await modal.getByLabel('Role').fill(values.role);
    if (values.email) await modal.getByLabel('E-mail').fill(values.email);
    await modal.getByRole('button', { name: 'Add contact' }).click();
  }

  async open(name: string | RegExp) {
    await this.row(name).first().getByTestId('contact-name').click();
    await expect(this.drawer()).toBeVisible();
  }

  /** Chooses a CSV file, keeps the detected mapping and imports; resolves once the report shows. */
  async importCsv(file: { name: string; buffer: Buffer }, { onMapping }: { onMapping?: () => Promise<void> } = {}) {
    await this.page.getByTestId('import-csv').click();
    await expect(this.importModal()).toBeVisible();
    await this.importModal()
      .locator('input[type=file]')
      .setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: file.buffer });
    await expect(this.page.getByTestId('csv-mapping')).toBeVisible();
    await onMapping?.();
    await this.importModal()
      .getByRole('button', { name: /^Import \d+ rows?$/ })
      .click();
    await expect(this.report()).toBeVisible({ timeout: 60_000 });
  }

  async expectImportSummary({ added, skipped, failed }: ImportSummary) {
    const summary = this.page.getByTestId('csv-report-summary');
    await expect(summary).toContainText(`${added} added`);
    await expect(summary).toContainText(`${skipped} skipped (duplicate)`);
    await expect(summary).toContainText(`${failed} failed`);
  }

  /** The report's contacts whose file and LinkedIn profile disagree, and the one of a person. */
  readonly disagreements = () => this.report().getByTestId('csv-disagreements');
  readonly disagreement = (name: string | RegExp) =>
    this.disagreements().getByTestId('csv-disagreement').filter({ hasText: name });

  reportRow(rowNumber: number): Locator {
    return this.report()
      .getByTestId('csv-report-row')
      .filter({ has: this.page.getByRole('cell', { name: String(rowNumber), exact: true }) });
  }

  /** Export CSV; answers the downloaded file. */
  async exportCsv() {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('export-csv').click();
    const file = await download;
    return { name: file.suggestedFilename(), buffer: await readFile(await file.path()) };
  }

  /** Adds contacts straight through the API with the signed-in person's ID token (faster than the form). */
  async addThroughApi(bodies: Record<string, string>[]) {
    const config = (await (await this.page.request.get('/config.json')).json()) as WebConfig;
    const token = await this.page.evaluate(() => {
      const key = Object.keys(localStorage).find((candidate) => candidate.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
    if (!token) throw new Error('No ID token in local storage');
    for (const body of bodies) {
      const response = await this.page.request.post(`${config.apiUrl.replace(/\/$/, '')}/api/contacts`, {
        headers: { Authorization: `Bearer ${token}` },
        data: body,
      });
      if (!response.ok()) throw new Error(`POST /api/contacts answered ${response.status()}: ${await response.text()}`);
    }
  }
}
