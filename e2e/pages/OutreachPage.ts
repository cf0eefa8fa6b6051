import { expect, type Locator, type Page } from '@playwright/test';
import { openOptions, pickOption } from './selectOption';

/** The Outreach page on /outreach: the contacts with their drafts, batch generation, the draft editor. */
export class OutreachPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByTestId('outreach-table');
  readonly rows = () => this.page.getByTestId('outreach-row');
  readonly row = (name: string | RegExp) =>
    this.rows().filter({ has: this.page.getByTestId('outreach-contact-name').filter({ hasText: name }) });
  readonly state = (row: Locator) => row.getByTestId('row-state');
  readonly progress = () => this.page.getByTestId('generation-progress');
  readonly batchDialog = () => this.page.getByRole('dialog').filter({ has: this.page.getByLabel('Template') });
  readonly drawer = () => this.page.getByRole('dialog').filter({ has: this.page.getByTestId('draft-editor') });
  readonly editor = () => this.page.getByTestId('draft-editor');
  /** the open draft's Send button (its icon's name comes first: 'send Send'), not Send later */
  readonly sendButton = () => this.editor().getByRole('button', { name: /^(send )?Send$/ });
  /** the files the open draft's e-mail will carry, each with its name and size and a Remove button */
  readonly attachments = () => this.editor().getByTestId('draft-attachment');
  readonly attachmentsSection = () => this.editor().getByTestId('draft-attachments');
  /** the open draft's send state in the drawer (Sending…, Queued, Scheduled for …, Sent …, Failed: …) */
  readonly sendStatus = () => this.drawer().getByTestId('draft-send-status');
  /** the contact's follow-ups waiting for their time, in the drawer ('Follow-up scheduled for …') */
  readonly followUps = () => this.drawer().getByTestId('follow-up');
  /** the draft's recipient above it ('To: … · Valid'), and its address's state */
  readonly recipient = () => this.drawer().getByTestId('draft-recipient');
  readonly recipientState = () => this.drawer().getByTestId('draft-recipient-state');
  /** what the batch dialog says of the chosen contacts it would skip (no address that is sent to) */
  readonly batchUnsendable = () => this.batchDialog().getByTestId('batch-unsendable');
  /** the question asked before closing an edited draft */
  readonly discardDialog = () => this.page.getByRole('dialog').filter({ hasText: 'Discard your changes?' });

  async goto() {
    await this.page.goto('/outreach');
    // a full load of the app from the dev server, as SignInPage.goto allows
    await expect(this.page.getByRole('heading', { name: 'Outreach', level: 1 })).toBeVisible({ timeout: 30_000 });
  }

  /** Ticks the rows' checkboxes. */
  async select(names: readonly (string | RegExp)[]) {
    for (const name of names) await this.row(name).getByRole('checkbox').check();
  }

  async openBatch(action: 'Generate with AI' | 'Apply template') {
    await this.page.getByRole('button', { name: action }).click();
    await expect(this.batchDialog()).toBeVisible();
  }

  async chooseTemplate(name: string) {
    await this.batchDialog().getByLabel('Template').click();
    await pickOption(openOptions(this.page).and(this.page.locator(`[title="${name}"]`)));
  }

  async open(name: string | RegExp) {
    await this.row(name)
      .getByRole('button', { name: /Edit draft|Open/ })
      .click();
    // the drawer's code arrives on its first opening (a lazy chunk from the dev server)
    await expect(this.drawer()).toBeVisible({ timeout: 30_000 });
  }
}
