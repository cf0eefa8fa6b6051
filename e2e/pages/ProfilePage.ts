import { expect, type Locator, type Page } from '@playwright/test';
import { openPopconfirm } from '../fixtures/popups';
import { toast } from './toast';

export type DocumentKind = 'resume' | 'cover-letter' | 'background';

/** A file made in the test, handed to a file input. */
export type TestFile = { name: string; mimeType: string; buffer: Buffer };

/** /profile: the profile form (About you, What you're looking for, Background), the documents and completeness. */
export class ProfilePage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Profile' });
  readonly form = () => this.page.getByTestId('profile-form');
  readonly section = (id: 'about' | 'lookingFor' | 'background') => this.page.getByTestId(`profile-section-${id}`);
  readonly completeness = () => this.page.getByTestId('profile-completeness');
  readonly completenessStatus = () => this.page.getByTestId('profile-completeness-status');
  readonly saveButton = () => this.form().getByRole('button', { name: 'Save changes' });
  readonly toast = (text: string) => toast(this.page, text);

  /** A field of the profile form by its label. */
  readonly field = (label: string): Locator => this.form().getByLabel(label, { exact: true });

  readonly document = (kind: DocumentKind) => this.page.getByTestId(`document-${kind}`);
  readonly documentFile = (kind: DocumentKind) => this.page.getByTestId(`document-${kind}-file`);
  readonly documentDropzone = (kind: DocumentKind) => this.page.getByTestId(`document-${kind}-dropzone`);
  readonly documentError = (kind: DocumentKind) => this.page.getByTestId(`document-${kind}-error`);
  readonly documentWarning = (kind: DocumentKind) => this.page.getByTestId(`document-${kind}-warning`);
  readonly documentProgress = (kind: DocumentKind) => this.page.getByTestId(`document-${kind}-progress`);
  /** the editable extracted text of the résumé or cover letter (the background file's is the Background field) */
  readonly documentText = (kind: 'resume' | 'cover-letter') => this.page.getByTestId(`document-${kind}-text`);
  readonly documentCard = (kind: 'resume' | 'cover-letter') => this.page.getByTestId(`profile-${kind}`);

  /** The Photo card (SPEC §3 photoURL): its avatar, Upload or Change photo, Remove photo. */
  readonly photoCard = () => this.page.getByTestId('profile-photo');
  readonly photoImage = () => this.photoCard().getByRole('img', { name: 'Your photo' });
  readonly removePhotoButton = () => this.photoCard().getByRole('button', { name: 'Remove photo' });

  /** Chooses a photo in the Photo card and waits for 'Photo updated'. */
  async uploadPhoto(file: TestFile) {
    await this.page.getByTestId('profile-photo-input').setInputFiles(file);
    await expect(this.toast('Photo updated')).toBeVisible();
  }

  async removePhoto() {
    await this.removePhotoButton().click();
    await expect(this.toast('Photo removed')).toBeVisible();
  }

  async goto() {
    await this.page.goto('/profile');
    await expect(this.heading()).toBeVisible();
    await expect(this.form()).toBeVisible();
  }

  /** Fills form fields by label. */
  async fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  /** Saves the form; resolves with the body the PUT sent. */
  async save() {
    const put = this.page.waitForRequest(
      (request) => request.url().endsWith('/api/profiles') && request.method() === 'PUT',
    );
    await this.saveButton().click();
    const body = (await put).postDataJSON() as Record<string, unknown>;
    await expect(this.toast('Profile saved')).toBeVisible();
    await expect(this.saveButton()).toBeDisabled();
    return body;
  }

  async expectValues(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await expect(this.field(label)).toHaveValue(value);
  }

  async expectComplete() {
    await expect(this.completenessStatus()).toHaveText('Profile complete');
    await expect(this.page.getByTestId('profile-missing')).toHaveCount(0);
  }

  async expectIncomplete(missing: string) {
    await expect(this.completenessStatus()).toHaveText('Profile incomplete');
    await expect(this.page.getByTestId('profile-missing')).toHaveText(`Missing: ${missing}.`);
  }

  /** Picks a file for a document, as the browse dialog would. */
  async upload(kind: DocumentKind, file: TestFile) {
    await this.page.getByTestId(`document-${kind}-input`).setInputFiles(file);
  }

  /** Uploads and waits for the file to be processed and listed. */
  async uploadAndWait(kind: DocumentKind, file: TestFile) {
    await this.upload(kind, file);
    await expect(this.documentFile(kind)).toContainText(file.name, { timeout: 30_000 });
  }

  async remove(kind: DocumentKind) {
    // in mid-window: a button scrolled just under the sticky header opens its confirmation above it, off-screen,
    // and antd flips it below a moment later, so a click aimed at the first place can land in between
    await this.documentFile(kind).evaluate((file) => file.scrollIntoView({ block: 'center' }));
    await this.documentFile(kind).getByRole('button', { name: 'Remove' }).click();
    await (await openPopconfirm(this.page)).getByRole('button', { name: 'Remove' }).click();
    await expect(this.documentDropzone(kind)).toBeVisible();
  }

  /** View opens the stored file in a new tab; resolves with that tab. */
  async view(kind: DocumentKind) {
    const popup = this.page.waitForEvent('popup');
    await this.documentFile(kind).getByRole('button', { name: 'View' }).click();
    return popup;
  }
}
