import { expect, type Page } from '@playwright/test';
import { openOptions, pickOption } from './selectOption';
import { toast } from './toast';

/** /templates: the list of templates, the editor with its placeholder buttons, the preview on a contact. */
export class TemplatesPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Templates' });
  readonly list = () => this.page.getByRole('menu', { name: 'Templates' });
  readonly listEntry = (name: string | RegExp) => this.list().getByRole('menuitem', { name });
  readonly name = () => this.page.getByLabel('Name', { exact: true });
  readonly subject = () => this.page.getByLabel('Subject', { exact: true });
  readonly body = () => this.page.getByLabel('Body', { exact: true });
  readonly placeholderButton = (label: string) =>
    this.page.getByRole('group', { name: 'Insert a placeholder' }).getByRole('button', { name: label, exact: true });
  readonly previewContact = () => this.page.getByLabel('Preview on contact');
  readonly preview = () => this.page.getByTestId('template-preview');
  readonly previewSubject = () => this.page.getByTestId('template-preview-subject');
  readonly previewBody = () => this.page.getByTestId('template-preview-body');
  readonly toast = (text: string) => toast(this.page, text);

  async goto() {
    await this.page.goto('/templates');
    await expect(this.heading()).toBeVisible();
  }

  /** Types `text` at the end of a field, then puts the placeholders after it with the buttons, in order. */
  async write(field: 'subject' | 'body', parts: (string | { placeholder: string })[]) {
    const input = field === 'subject' ? this.subject() : this.body();
    await input.click();
    await input.press('End');
    for (const part of parts) {
      if (typeof part === 'string') await input.pressSequentially(part);
      else await this.placeholderButton(part.placeholder).click();
    }
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
    await expect(this.toast('Template saved')).toBeVisible();
  }

  async previewOn(contactName: string) {
    await this.previewContact().click();
    await pickOption(openOptions(this.page).filter({ hasText: contactName }));
    await expect(this.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    await expect(this.preview()).toBeVisible();
  }
}
