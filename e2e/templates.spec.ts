import { expect, test } from './fixtures/test';
import { openPopconfirm } from './fixtures/popups';
import { ContactsPage } from './pages/ContactsPage';
import { TemplatesPage } from './pages/TemplatesPage';

test.describe('Templates', () => {
  test('writes a template with placeholders, previews it on a contact, duplicates and deletes it', async ({
    page,
    signedInUser,
    appShell,
    capture,
  }) => {
    void signedInUser;
    test.setTimeout(120_000);
    const contacts = new ContactsPage(page);
    const templates = new TemplatesPage(page);

    await test.step('adds a contact to write to', async () => {
      await contacts.goto();
      await contacts.addByHand({ name: 'Grace Hopper', company: 'Navy Labs', role: 'Rear Admiral' });
      await expect(contacts.row(/grace hopper/i)).toHaveCount(1);
    });

    await test.step('starts without templates', async () => {
      await appShell.open('Templates');
      await expect(page).toHaveURL(/\/templates$/);
      await expect(page.getByText('No templates yet')).toBeVisible();
      await page.getByRole('button', { name: 'New template' }).click();
    });

    await test.step('is told about a placeholder that does not exist', async () => {
      await templates.name().fill('Coffee chat');
      await templates.body().fill('Hi {{nickname}}');
      await expect(page.getByText(/Unknown placeholder: \{\{nickname\}\}/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
      await capture('templates-unknown-placeholder');
      await templates.body().fill('');
      // a template without a body would make empty e-mails
      await expect(page.getByText('Write the e-mail this template makes')).toBeVisible();
    });

    await test.step('writes subject and body, placeholders put at the cursor by their buttons', async () => {
      await templates.write('subject', ['A question for ', { placeholder: 'First name' }]);
      await templates.write('body', [
        'Hi ',
        { placeholder: 'First name' },
        ', your work at ',
        { placeholder: 'Company' },
        ' caught my eye.\n\nBest,\n',
        { placeholder: 'My name' },
        ', ',
        { placeholder: 'My company' },
      ]);
      // the cursor stays where the text is written: a placeholder goes in the middle too
      await templates.subject().press('Home');
      await templates.placeholderButton('Full name').click();
      await templates.subject().press('Delete');
      await expect(templates.subject()).toHaveValue('{{fullName}} question for {{firstName}}');
      await templates.subject().fill('A question for {{firstName}}');
      await expect(templates.body()).toHaveValue(
        'Hi {{firstName}}, your work at {{company}} caught my eye.\n\nBest,\n{{myName}}, {{myCompany}}',
      );
      await templates.save();
      await expect(templates.listEntry(/Coffee chat/)).toBeVisible();
    });

    await test.step('previews it on the contact, with what has no value named', async () => {
      await templates.previewOn('Grace Hopper');
      await expect(templates.previewSubject()).toHaveText('A question for Grace');
      await expect(templates.previewBody()).toContainText('Hi Grace, your work at Navy Labs caught my eye.');
      await expect(templates.previewBody()).toContainText('Ada Lovelace, {{myCompany}}');
      await expect(templates.preview()).toContainText('Some placeholders have no value for this contact');
      await expect(templates.preview()).toContainText('My company');
      await capture('templates-preview');
    });

    await test.step('sees the preview follow the text as it is written', async () => {
      await templates.write('body', ['\n', { placeholder: 'Job title' }]);
      await expect(templates.previewBody()).toContainText('Rear Admiral');
      await templates.save();
    });

    await test.step('duplicates it and deletes the copy after confirming', async () => {
      await page.getByRole('button', { name: 'Duplicate' }).click();
      await expect(templates.toast('Template duplicated')).toBeVisible();
      await expect(templates.listEntry(/Coffee chat \(copy\)/)).toBeVisible();
      await expect(templates.name()).toHaveValue('Coffee chat (copy)');
      await expect(templates.body()).toHaveValue(/\{\{jobTitle\}\}$/);
      // the preview stays on the chosen contact
      await expect(templates.previewBody()).toContainText('Rear Admiral');
      await capture('templates-duplicated');

      await page.getByRole('button', { name: 'Delete' }).click();
      const confirm = await openPopconfirm(page);
      await expect(confirm).toContainText('Delete this template?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(templates.toast('Template deleted')).toBeVisible();
      await expect(templates.listEntry(/Coffee chat \(copy\)/)).toBeHidden();
      await expect(templates.listEntry(/Coffee chat/)).toHaveCount(1);
    });

    await test.step('finds the template again after a reload', async () => {
      await page.reload();
      await expect(templates.listEntry(/Coffee chat/)).toHaveCount(1);
      await expect(templates.subject()).toHaveValue('A question for {{firstName}}');
    });
  });
});
