import { expect, test } from './fixtures/test';
import { ContactsPage } from './pages/ContactsPage';
import { wireContact } from '../web/src/test/contactFixtures';
import { writeCsv } from '../web/src/modules/contacts/utils/csv';
import { openOptions, pickOption } from './pages/selectOption';

const limitText =
  "You've used all 25 contact slots available on your Free plan this period. Please upgrade your plan to continue adding and fetching new contacts.";

test.describe('The contact dashboard', () => {
  test('adds a contact by LinkedIn URL, sees the profile and then a verified e-mail', async ({
    page,
    signedInUser,
    capture,
  }) => {
    void signedInUser;
    // the e-mail lookup runs on the queue: a few polls of 3 s
    test.setTimeout(120_000);
    const contacts = new ContactsPage(page);

    await test.step('starts empty, with the free plan’s 25 slots', async () => {
      await contacts.goto();
      await expect(contacts.card()).toContainText('No contacts yet');
      await expect(contacts.quota()).toContainText('0 / 25 used');
      await capture('contacts-empty');
    });

    await test.step('previews the LinkedIn profile before adding it', async () => {
      await contacts.previewUrl('https://www.linkedin.com/in/grace-hopper-1906');
      await expect(contacts.preview()).toContainText(/grace hopper/i);
      await expect(contacts.preview().getByTestId('profile-education').locator('li').first()).toBeVisible();
      await expect(contacts.preview().getByTestId('profile-experience').locator('li').first()).toBeVisible();
      await capture('contacts-preview');
    });

    await test.step('adds it; the row shows the person and a lookup, then a verified address', async () => {
      await contacts.addModal().getByRole('button', { name: 'Add contact' }).click();
      await expect(contacts.addModal()).toBeHidden();
      const row = contacts.row(/grace hopper/i);
      await expect(row).toHaveCount(1);
      await expect(contacts.quota()).toContainText('1 / 25 used');
      await expect(row.getByTestId('email-state')).toHaveAttribute('data-state', 'valid', { timeout: 45_000 });
      await expect(row.getByTestId('contact-email')).toContainText('@');
      await capture('contacts-with-one');
    });

    await test.step('opens the drawer with the full profile', async () => {
      await contacts.open(/grace hopper/i);
      const drawer = contacts.drawer();
      await expect(drawer.getByTestId('drawer-name')).toHaveText(/grace hopper/i);
      await expect(drawer.getByTestId('drawer-role')).not.toBeEmpty();
      await expect(drawer.getByTestId('profile-education').locator('li').first()).toBeVisible();
      await expect(drawer.getByTestId('drawer-email').getByTestId('email-state')).toHaveText('Valid');
      await capture('contacts-drawer');
    });

    await test.step('edits the relationship and notes', async () => {
      await contacts.drawer().getByRole('button', { name: 'Edit' }).click();
      const form = page.getByTestId('contact-edit-form');
      await form.getByLabel('Notes').fill('Met at the compiler meetup');
      await form.getByLabel('Relationship').click();
      await pickOption(openOptions(page).and(page.locator('[title="Contacted"]')));
      const put = page.waitForRequest(
        (request) => request.method() === 'PUT' && request.url().includes('/api/contacts/'),
      );
      await form.getByRole('button', { name: 'Save changes' }).click();
      expect((await put).postDataJSON()).toEqual({
        relationship_status: 'contacted',
        notes: 'Met at the compiler meetup',
      });
      await expect(contacts.drawer()).toContainText('Met at the compiler meetup');
      await page.keyboard.press('Escape');
      await expect(contacts.row(/grace hopper/i)).toContainText('Contacted');
    });

    await test.step('pastes several URLs at once and follows the progress', async () => {
      await contacts.openAdd('Many URLs');
      await contacts
        .addModal()
        .getByLabel('LinkedIn profile URLs, one per line')
        .fill(
          [
            'https://www.linkedin.com/in/ada-lovelace-1815',
            'not a url',
            'https://www.linkedin.com/in/alan-turing-1912/',
            'https://www.linkedin.com/in/someone-not-found-1',
          ].join('\n'),
        );
      await expect(contacts.addModal()).toContainText('3 profiles · 1 line is not a LinkedIn profile URL');
      await contacts.addModal().getByRole('button', { name: 'Add 3 contacts' }).click();
      const progress = page.getByTestId('add-many-progress');
      await expect(progress).toContainText('2 of 3 added', { timeout: 30_000 });
      await expect(contacts.addModal()).toContainText('We could not find this LinkedIn profile');
      await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText('Adding 3 contacts');
      await capture('contacts-add-many');
      await contacts.addModal().getByRole('button', { name: 'Close' }).click();
      await expect(contacts.rows()).toHaveCount(3);
      await expect(contacts.quota()).toContainText('3 / 25 used');
    });
  });

  test('reaches the contact limit and sees the dialog', async ({ page, signedInUser, capture }) => {
    void signedInUser;
    const contacts = new ContactsPage(page);
    await contacts.goto();

    await test.step('uses all 25 slots of the free plan', async () => {
      await contacts.addThroughApi(
        Array.from({ length: 25 }, (_, index) => ({ name: `Limit Person ${index + 1}`, company: 'Contoso' })),
      );
      await page.reload();
      await expect(contacts.quota()).toContainText('25 / 25 used');
      await expect(page.getByTestId('contacts-count')).toContainText('of 25 contacts');
    });

    await test.step('adding one more opens the Contact Limit Reached dialog', async () => {
      await contacts.addByHand({ name: 'One Too Many' });
      await expect(contacts.limitDialog()).toBeVisible();
      await expect(contacts.limitDialog()).toContainText(limitText);
      await capture('contacts-limit-dialog');
    });

    await test.step('Maybe Later closes it; Upgrade Plan goes to the pricing page', async () => {
      await contacts.limitDialog().getByRole('button', { name: 'Maybe Later' }).click();
      await expect(contacts.limitDialog()).toBeHidden();
      await contacts.addModal().getByRole('button', { name: 'Add contact' }).click();
      await expect(contacts.limitDialog()).toBeVisible();
      await contacts.limitDialog().getByRole('button', { name: 'Upgrade Plan' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
    });
  });

  test('imports a CSV with a per-row report, exports it and re-imports it as duplicates', async ({
    page,
    signedInUser,
    capture,
  }) => {
    void signedInUser;
    // the import makes its 18 contacts one after another, each looking up its LinkedIn profile, then the file is
    // exported and read back: more than the default minute when two journeys share a busy 2-core machine
    test.setTimeout(120_000);
    const contacts = new ContactsPage(page);
    await contacts.goto();

    const people = Array.from({ length: 18 }, (_, index) => [
      `https://www.linkedin.com/in/csv-person-${String.fromCharCode(97 + index)}-${index + 100}`,
      '',
      'Met at the "Spring, 2026" fair',
    ]);
    const csv = writeCsv([
      ['LinkedIn URL', 'Company', 'Notes'],
      ...people.slice(0, 9),
      ['https://example.com/in/not-linkedin', '', ''],
      ...people.slice(9),
      ['', 'Nameless Corp', 'no name and no profile'],
    ]);

    await test.step('imports 20 rows: 18 added, 2 failed with the server’s reasons', async () => {
      await contacts.importCsv(
        { name: 'people.csv', buffer: Buffer.from(csv) },
        {
          onMapping: async () => {
            await expect(page.getByTestId('csv-preview')).toContainText('csv-person-a-100');
            await capture('contacts-import-mapping');
          },
        },
      );
      await contacts.expectImportSummary({ added: 18, skipped: 0, failed: 2 });
      await expect(contacts.reportRow(11)).toContainText('Failed');
      await expect(contacts.reportRow(11)).toContainText('LinkedIn URL');
      await expect(contacts.reportRow(21)).toContainText('Give a LinkedIn URL or a name');
      await capture('contacts-import-report');
      await contacts.importModal().getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('contacts-count')).toContainText('of 18 contacts');
      await expect(contacts.quota()).toContainText('18 / 25 used');
    });

    await test.step('exports every contact and re-imports the file: all skipped as duplicates', async () => {
      const file = await contacts.exportCsv();
      expect(file.name).toMatch(/^outreach-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = file.buffer.toString('utf8');
      expect(text.split('\r\n')[0]).toBe(
        '\uFEFFLinkedIn URL,First name,Last name,Name,Company,Job title,E-mail,Notes,Connected On',
      );
      expect(text).toContain('"Met at the ""Spring, 2026"" fair"');
      await contacts.importCsv(file);
      await contacts.expectImportSummary({ added: 0, skipped: 18, failed: 0 });
      await capture('contacts-reimport-report');
      await contacts.importModal().getByRole('button', { name: 'Done' }).click();
      await expect(contacts.importModal()).toBeHidden();
      await expect(page.getByTestId('contacts-count')).toContainText('of 18 contacts');
      await capture('contacts-table');
    });
  });

  test('imports rows that disagree with the LinkedIn profile, shows both and keeps what the person picks', async ({
    page,
    signedInUser,
    capture,
  }) => {
    void signedInUser;
    // the e-mail lookups run on the queue
    test.setTimeout(120_000);
    const contacts = new ContactsPage(page);
    await contacts.goto();
    // the sandbox's profiles are fixed by their slug (infra/local/sandbox/enrichment.ts): tomas-berg is a data
    // scientist at Adventure Works who worked at Fabrikam; ines-duarte a data scientist at Litware
    const csv = writeCsv([
      ['LinkedIn URL', 'Company', 'Job title'],
      ['https://www.linkedin.com/in/tomas-berg-2b8d4', 'Fabrikam', 'Head of Partnerships'],
      ['https://www.linkedin.com/in/ines-duarte-7c2e1', 'Deezer', 'Head of Data'],
    ]);

    await test.step('the report shows the file’s job and LinkedIn’s side by side; the file’s is kept until a pick', async () => {
      await contacts.importCsv({ name: 'stale.csv', buffer: Buffer.from(csv) });
      await contacts.expectImportSummary({ added: 2, skipped: 0, failed: 0 });
      await expect(contacts.disagreements()).toContainText('2 contacts in your file differ from LinkedIn');
      await expect(contacts.disagreement(/tomas berg/i)).toContainText(
        'File: Head of Partnerships at Fabrikam · LinkedIn: Data Scientist at Adventure Works',
      );
      await expect(contacts.disagreement(/ines duarte/i)).toContainText(
        'File: Head of Data at Deezer · LinkedIn: Data Scientist at Litware',
      );
      await expect(contacts.disagreement(/tomas berg/i).getByRole('radio', { name: 'Keep file' })).toBeChecked();
      await capture('contacts-import-disagreements');
    });

    await test.step('picks LinkedIn for one: the contact is saved with the profile’s job', async () => {
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().includes('/api/contacts/'),
      );
      await contacts
        .disagreement(/tomas berg/i)
        .getByText('Use LinkedIn')
        .click();
      const response = await saved;
      expect(response.ok()).toBe(true);
      expect(response.request().postDataJSON()).toEqual({ company: 'Adventure Works', job_title: 'Data Scientist' });
      await expect(contacts.disagreement(/tomas berg/i).getByRole('radio', { name: 'Use LinkedIn' })).toBeChecked();
      await contacts.importModal().getByRole('button', { name: 'Done' }).click();
      await expect(contacts.importModal()).toBeHidden();
    });

    await test.step('the table shows each contact’s kept job, and the lookup found the address at the kept company', async () => {
      const tomas = contacts.row(/tomas berg/i);
      await expect(tomas).toContainText('Data Scientist · Adventure Works');
      await expect(contacts.row(/ines duarte/i)).toContainText('Head of Data · Deezer');
      await expect(tomas.getByTestId('contact-email')).toContainText('@adventure-works.example', { timeout: 45_000 });
      await expect(tomas.getByTestId('contact-email')).not.toContainText('fabrikam');
      await capture('contacts-import-kept-jobs');
    });
  });

  test('scrolls through 5,000 contacts, fetching server pages as the end comes near', async ({
    page,
    signedInUser,
    capture,
  }) => {
    void signedInUser;
    const contacts = new ContactsPage(page);
    const total = 5_000;
    const requested: (string | null)[] = [];
    // a large account is served by the route itself: the list's paging and virtualisation are under test here
    await page.route(/\/api\/contacts\?/, async (route) => {
      const url = new URL(route.request().url());
      const cursor = url.searchParams.get('cursor');
      const limit = Number(url.searchParams.get('limit'));
      requested.push(cursor);
      const start = cursor ? Number(cursor) : 0;
      const end = Math.min(total, start + limit);
      const contactsOfPage = Array.from({ length: end - start }, (_, offset) => {
        const index = start + offset + 1;
        return wireContact({
          id: `bulk-${index}`,
          name: `Bulk Person ${index}`,
          first_name: 'Bulk',
          last_name: `Person ${index}`,
        });
      });
      await route.fulfill({
        json: {
          success: true,
          data: { contacts: contactsOfPage, next_cursor: end < total ? String(end) : null, total },
        },
      });
    });

    await test.step('shows the first page and the total', async () => {
      await contacts.goto();
      await expect(page.getByTestId('contacts-count')).toHaveText('Showing 50 of 5,000 contacts');
      // virtualised: only the rows in view are in the DOM
      expect(await contacts.rows().count()).toBeLessThan(30);
    });

    await test.step('scrolling near the end of the loaded rows fetches the next page', async () => {
      const table = page.getByTestId('contacts-table').locator('.ant-table-body, .ant-table-tbody-virtual').first();
      await table.hover();
      for (let step = 0; step < 12; step += 1) await page.mouse.wheel(0, 1_500);
      await expect(page.getByTestId('contacts-count')).toContainText(/Showing \d{3,} of 5,000 contacts/);
      expect(requested[0]).toBeNull();
      expect(requested).toContain('50');
      expect(await contacts.rows().count()).toBeLessThan(30);
      await capture('contacts-many');
    });

    await test.step("'Load more' fetches the next page too", async () => {
      const before = requested.length;
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => requested.length).toBeGreaterThan(before);
    });
  });
});
