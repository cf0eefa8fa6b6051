import { samplePhotoPng } from '../lambdas/documents/test/sample-photos';
import { pdfFile } from './fixtures/files';
import { expect, test as base } from './fixtures/test';
import { DashboardPage } from './pages/DashboardPage';
import { ProfilePage, type TestFile } from './pages/ProfilePage';

const test = base.extend<{ profilePage: ProfilePage }>({
  profilePage: async ({ page }, use) => use(new ProfilePage(page)),
});

const textFile = (name: string, text: string, mimeType = 'text/plain'): TestFile => ({
  name,
  mimeType,
  buffer: Buffer.from(text, 'utf8'),
});

test.describe('The profile', () => {
  test('a person uploads a photo, sees it in the header avatar after a reload, and removes it for the initials', async ({
    page,
    profilePage,
    appShell,
    signedInUser,
    capture,
  }) => {
    // two uploads, two reloads and a removal on a shared machine
    test.slow();
    const initials = signedInUser.name
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word[0])
      .join('')
      .toUpperCase();
    await test.step('starts with the initials in the header', async () => {
      await profilePage.goto();
      await expect(appShell.headerAvatar()).toHaveText(initials);
    });

    await test.step('a page named .png is refused before anything is uploaded', async () => {
      await page.getByTestId('profile-photo-input').setInputFiles(textFile('me.png', '<html>hi</html>', 'image/png'));
      await expect(profilePage.toast('Could not upload the photo')).toContainText(
        'This image could not be read. Please choose a JPEG, PNG or WebP photo.',
      );
      await expect(profilePage.photoImage()).toHaveCount(0);
    });

    await test.step('uploads a photo and sees it on the profile and in the header', async () => {
      const photo = { name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(samplePhotoPng(900, 600)) };
      await profilePage.uploadPhoto(photo);
      await expect(profilePage.photoImage()).toBeVisible();
      await expect.poll(() => appShell.headerPhotoLoaded()).toBe(true);
      await capture('profile-photo-uploaded');
    });

    await test.step('keeps it after a reload', async () => {
      await page.reload();
      await expect(profilePage.photoImage()).toBeVisible();
      await expect.poll(() => appShell.headerPhotoLoaded()).toBe(true);
    });

    await test.step('removes it: the initials are back, also after a reload', async () => {
      await profilePage.removePhoto();
      await expect(appShell.headerAvatar()).toHaveText(initials);
      await page.reload();
      await expect(appShell.headerAvatar()).toHaveText(initials);
      await expect(profilePage.removePhotoButton()).toHaveCount(0);
    });
  });

  test('a person fills in their profile, keeps it after a reload and is told once it is complete', async ({
    page,
    profilePage,
    appShell,
    signedInUser,
    capture,
  }) => {
    await test.step('opens an incomplete profile that says what is missing', async () => {
      await profilePage.goto();
      await expect(profilePage.field('Display name')).toHaveValue(signedInUser.name);
      await profilePage.expectIncomplete('background or a résumé, goals');
      await expect(profilePage.saveButton()).toBeDisabled();
    });

    const about = {
      'First name': 'Ada',
      'Last name': 'Lovelace',
      'Job title': 'Analyst',
      Company: 'Analytical Engines Ltd',
      Location: 'London, United Kingdom',
      'Short bio': 'I write programs for machines that do not exist yet.',
    };
    const lookingFor = {
      Goals: 'Meet engineers who build general-purpose computing machines.',
      'Career interests': 'Mechanical computation, poetry of science',
      'Networking goals': 'Find a patron for the Analytical Engine.',
      'General availability': 'Weekday mornings, London time',
      'Networking notes': 'Mention Charles Babbage only when they bring him up.',
    };

    await test.step('saves only what changed, and sees goals ticked off', async () => {
      await profilePage.fill({ ...about, ...lookingFor });
      await expect(page.getByText('You have unsaved changes')).toBeVisible();
      // held by the unsaved changes, so not `open` (which waits for the page)
      await appShell.navEntry('Dashboard').click();
      const leave = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: 'Stay' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      const sent = await profilePage.save();
      expect(Object.keys(sent).sort()).toEqual(
        [
          'firstName',
          'lastName',
          'jobTitle',
          'company',
          'location',
          'bio',
          'goals',
          'careerInterests',
          'networkingGoals',
          'generalAvailability',
          'networkingNotes',
        ].sort(),
      );
      await profilePage.expectIncomplete('background or a résumé');
    });

    await test.step('adds a background; the profile is complete and its AI summary is refreshed', async () => {
      const normalized = page.waitForResponse(
        (response) => response.url().endsWith('/api/profiles/normalize') && response.request().method() === 'POST',
      );
      await profilePage.fill({ Background: 'Translated and annotated Menabrea on the Analytical Engine (1843).' });
      const sent = await profilePage.save();
      expect(sent).toEqual({ background: 'Translated and annotated Menabrea on the Analytical Engine (1843).' });
      await profilePage.expectComplete();
      expect((await normalized).ok()).toBe(true);
      await expect(page.getByTestId('profile-summary')).not.toBeEmpty();
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture('profile-form');
    });

    await test.step('finds everything again after a reload', async () => {
      await page.reload();
      await expect(profilePage.form()).toBeVisible();
      await profilePage.expectValues({ ...about, ...lookingFor });
      await profilePage.expectComplete();
    });
  });

  test('a new person sent from the getting-started guide goes back to their contacts once the profile is complete', async ({
    page,
    profilePage,
    signedInUser,
  }) => {
    const dashboard = new DashboardPage(page);

    await test.step('the guide on the dashboard opens the profile', async () => {
      await dashboard.goto();
      await dashboard.firstRunStep('profile').getByRole('link', { name: 'Open your profile' }).click();
      await expect(profilePage.form()).toBeVisible();
      await expect(profilePage.field('Display name')).toHaveValue(signedInUser.name);
      await profilePage.expectIncomplete('background or a résumé, goals');
    });

    await test.step('a save that completes the profile takes them on to their contacts, the step checked', async () => {
      await profilePage.fill({
        Goals: 'Meet engineers who build general-purpose computing machines.',
        Background: 'Translated and annotated Menabrea on the Analytical Engine (1843).',
      });
      await profilePage.saveButton().click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(dashboard.firstRunStep('profile')).toHaveAttribute('data-done', 'true');
    });
  });

  test('a résumé is uploaded, read, replaced and removed; wrong files are refused before upload', async ({
    page,
    profilePage,
    signedInUser: _signedIn,
    capture,
  }) => {
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/uploads')) uploads.push(request.url());
    });

    await profilePage.goto();

    await test.step('a PDF résumé shows progress, then its name and its text', async () => {
      const resume = await pdfFile('ada-lovelace-resume.pdf', [
        'Ada Lovelace',
        'Analyst of the Analytical Engine',
        'Notes on Menabrea, 1843',
      ]);
      await profilePage.upload('resume', resume);
      await expect(profilePage.documentProgress('resume')).toBeVisible();
      await expect(profilePage.documentFile('resume')).toContainText('ada-lovelace-resume.pdf', { timeout: 30_000 });
      await expect(profilePage.documentFile('resume')).toContainText(/\d+ (B|KB) · Updated /);
      await expect(profilePage.documentText('resume')).toHaveValue(/Analyst of the Analytical Engine/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture('profile-documents');
    });

    await test.step('View opens the stored file in a new tab, through a fresh signed link', async () => {
      const fileRequest = page
        .context()
        .waitForEvent('request', (request) => request.url().includes('X-Amz-Signature='));
      const tab = await profilePage.view('resume');
      const { url } = { url: (await fileRequest).url() };
      const file = await page.request.get(url);
      expect(file.status()).toBe(200);
      expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await tab.close();
    });

    await test.step('the extracted text can be edited and saved', async () => {
      await profilePage
        .documentText('resume')
        .fill('Ada Lovelace\nAnalyst of the Analytical Engine\nFirst published algorithm, 1843');
      await profilePage.documentCard('resume').getByRole('button', { name: 'Save' }).click();
      await expect(profilePage.toast('Résumé text saved')).toBeVisible();
      await page.reload();
      await expect(profilePage.documentText('resume')).toHaveValue(/First published algorithm, 1843/);
    });

    await test.step('Replace swaps the file and its text', async () => {
      const filePicker = page.waitForEvent('filechooser');
      await profilePage.documentFile('resume').getByRole('button', { name: 'Replace' }).click();
      await (await filePicker).setFiles(
        textFile('resume-2026.txt', 'Ada King, Countess of Lovelace\nMathematician and writer'),
      );
      await expect(profilePage.documentFile('resume')).toContainText('resume-2026.txt', { timeout: 30_000 });
      await expect(profilePage.documentText('resume')).toHaveValue(/Countess of Lovelace/);
    });

    await test.step('Remove deletes the file and its text', async () => {
      await profilePage.remove('resume');
      await expect(profilePage.toast('Résumé removed')).toBeVisible();
      await expect(profilePage.documentText('resume')).toHaveValue('');
    });

    await test.step('a file over 5 MB is refused before anything is sent', async () => {
      const before = uploads.length;
      await profilePage.upload('resume', textFile('huge.txt', 'a'.repeat(5 * 1024 * 1024 + 1)));
      await expect(profilePage.documentError('resume')).toHaveText('File size exceeds the maximum limit of 5MB.');
      await profilePage.upload('resume', textFile('empty.txt', ''));
      await expect(profilePage.documentError('resume')).toHaveText('No file provided');
      expect(uploads.length).toBe(before);
    });

    await test.step('a background file of another type is refused; a résumé of another type is only warned about', async () => {
      await profilePage.upload('background', textFile('portrait.png', 'not really a picture', 'image/png'));
      await expect(profilePage.documentError('background')).toHaveText(
        'Invalid file type. Allowed types: PDF, DOCX, DOC, TXT.',
      );
      await profilePage.upload('resume', textFile('resume.rtf', '{\\rtf1 Ada}', 'application/rtf'));
      await expect(profilePage.documentWarning('resume')).toContainText('.rtf');
      await expect(profilePage.documentError('resume')).toContainText('Invalid file type');
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture('profile-documents-errors');
    });

    await test.step('a background file fills the Background; a cover letter keeps its company', async () => {
      await profilePage.uploadAndWait('background', textFile('background.txt', 'Taught by Augustus De Morgan.'));
      await expect(profilePage.field('Background')).toHaveValue('Taught by Augustus De Morgan.');
      await profilePage
        .documentCard('cover-letter')
        .getByLabel('Company', { exact: true })
        .fill('Difference Engines Inc');
      await profilePage.uploadAndWait(
        'cover-letter',
        textFile('cover-letter.txt', 'Dear Mr Babbage, I would like to help.'),
      );
      await expect(profilePage.documentText('cover-letter')).toHaveValue('Dear Mr Babbage, I would like to help.');
      await page.reload();
      await expect(profilePage.documentCard('cover-letter').getByLabel('Company', { exact: true })).toHaveValue(
        'Difference Engines Inc',
      );
      await expect(profilePage.documentFile('background')).toContainText('background.txt');
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture('profile-documents-all');
    });
  });
});
