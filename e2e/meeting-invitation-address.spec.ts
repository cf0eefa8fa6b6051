import { signedInIdentity } from './fixtures/history';
import { expect, test } from './fixtures/test';
import { MeetingsPage } from './pages/MeetingsPage';
import { stackEnv } from './stack-env';

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;

test('booking a meeting with a contact who has no e-mail address: the dialog says no invitation can be sent before booking, and books without one', async ({
  page,
  request,
  signedInUser: _user,
  capture,
}) => {
  test.setTimeout(120_000);
  const meetings = new MeetingsPage(page);

  await test.step('the person has a contact added by name only', async () => {
    await page.goto('/dashboard');
    const { token } = await signedInIdentity(page);
    const added = await request.post(`${apiUrl}/api/contacts`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Katherine Johnson' },
    });
    expect(added.status()).toBe(201);
  });

  const dialog = page.getByRole('dialog', { name: 'Book meeting', exact: true });
  await test.step('opens Book meeting and picks her', async () => {
    await meetings.goto();
    // the page's own button (its icon is part of its name), not a contact's 'Book meeting with …'
    await page
      .getByRole('button', { name: /^(plus )?Book meeting$/ })
      .first()
      .click();
    await expect(dialog).toBeVisible();
    const picker = dialog.getByRole('combobox', { name: 'Contact' });
    await picker.click();
    await picker.fill('Katherine');
    // the search's first match is the active option: Enter picks it, as a person typing does
    await expect(page.getByRole('option', { name: /Katherine Johnson/ })).toBeAttached();
    await picker.press('Enter');
  });

  await test.step('reads why no invitation can go to her, with the invitation box off', async () => {
    const reason = dialog.getByTestId('invitation-blocked');
    await expect(reason).toContainText('No invitation can be sent');
    await expect(reason).toContainText('Katherine Johnson has no e-mail address yet');
    const box = dialog.getByRole('checkbox', { name: 'Send calendar invitation' });
    await expect(box).not.toBeChecked();
    await expect(box).toBeDisabled();
    await capture('meetings-book-no-invitation-address');
  });

  await test.step('books the meeting, which says its invitation was not sent', async () => {
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(meetings.booked()).toBeVisible({ timeout: 30_000 });
    await expect(meetings.invitation(meetings.booked())).toContainText('Invitation not sent');
  });
});
