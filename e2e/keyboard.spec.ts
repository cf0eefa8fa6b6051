import { expectVisibleFocus, tabTo } from './fixtures/keyboard';
import { expect, test } from './fixtures/test';
import { ContactsPage } from './pages/ContactsPage';
import { PipelinePage } from './pages/PipelinePage';
import { stackEnv } from './stack-env';

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;

test('a person adds a contact, opens it and moves a pipeline card with the keyboard alone, and focus comes back', async ({
  page,
  request,
  appShell,
  signedInUser: _signedIn,
}) => {
  test.setTimeout(120_000);
  const contacts = new ContactsPage(page);
  const pipeline = new PipelinePage(page);
  await expect(contacts.card()).toBeVisible();

  await test.step('Tab reaches Add contact, shown focused; Enter opens the dialog', async () => {
    await tabTo(page, page.getByTestId('add-contact'));
    await expectVisibleFocus(page.getByTestId('add-contact'));
    await page.keyboard.press('Enter');
    // the dialog's code arrives at its first opening
    await expect(contacts.addModal()).toBeVisible({ timeout: 30_000 });
  });

  await test.step('the arrows choose the By hand tab; the fields are typed in and Enter on Add contact adds', async () => {
    const modal = contacts.addModal();
    await tabTo(page, modal.getByRole('tab', { selected: true }), { backwards: true, limit: 10 });
    await page.keyboard.press('ArrowRight');
    const byHand = modal.getByRole('tab', { name: 'By hand' });
    await expect(byHand).toBeFocused();
    // antd's tabs move the focus with the arrows; Enter (or Space) makes the focused tab the open one
    await page.keyboard.press('Enter');
    await expect(byHand).toHaveAttribute('aria-selected', 'true');
    await tabTo(page, modal.getByLabel('Name'), { limit: 10 });
    await page.keyboard.type('Katherine Johnson');
    await tabTo(page, modal.getByLabel('E-mail'), { limit: 10 });
    await page.keyboard.type('katherine.johnson@example.com');
    await tabTo(page, modal.getByRole('button', { name: 'Add contact' }), { limit: 10 });
    await page.keyboard.press('Enter');
    // it closes once the contact is stored
    await expect(modal).toBeHidden({ timeout: 30_000 });
    await expect(contacts.row('Katherine Johnson')).toBeVisible();
  });

  await test.step('the focus is back on Add contact, where it came from', async () => {
    await expect(page.getByTestId('add-contact')).toBeFocused();
  });

  await test.step("Enter on the contact's name opens the drawer; Escape closes it and the focus returns to the name", async () => {
    const name = contacts.row('Katherine Johnson').getByRole('button', { name: 'Katherine Johnson' });
    await tabTo(page, name);
    await expectVisibleFocus(name);
    await page.keyboard.press('Enter');
    await expect(contacts.drawer()).toBeVisible();
    await expect(contacts.drawer().getByTestId('drawer-name')).toHaveText('Katherine Johnson');
    await page.keyboard.press('Escape');
    await expect(contacts.drawer()).toBeHidden();
    await expect(name).toBeFocused();
  });

  await test.step('the sidebar leads to Pipeline by Tab and Enter', async () => {
    // the contact written to before (SPEC §2 pipeline stages), as the person's first e-mail would have put them
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((candidate) => candidate.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
    const headers = { Authorization: `Bearer ${token}` };
    const listed = await request.get(`${apiUrl}/api/contacts`, { headers });
    expect(listed.ok()).toBe(true);
    const { data } = (await listed.json()) as { data: { contacts: { id: string; name: string }[] } };
    const katherine = data.contacts.find((contact) => contact.name === 'Katherine Johnson');
    expect(katherine).toBeDefined();
    const moved = await request.patch(`${apiUrl}/api/pipeline/${katherine?.id}`, {
      headers,
      data: { stage: 'contacted' },
    });
    expect(moved.ok()).toBe(true);

    await tabTo(page, appShell.navEntry('Pipeline'), { backwards: true });
    await expectVisibleFocus(appShell.navEntry('Pipeline'));
    await page.keyboard.press('Enter');
    await expect(appShell.pageHeading('Pipeline')).toBeVisible();
  });

  await test.step('Space picks the card up, an arrow carries it to Replied, Space drops it there', async () => {
    const card = pipeline.cardIn('contacted', 'Katherine Johnson');
    await tabTo(page, card);
    await expectVisibleFocus(card);
    expect((await pipeline.moveWithKeyboard('Katherine Johnson', 1)).ok()).toBe(true);
    await expect(pipeline.cardIn('replied', 'Katherine Johnson')).toBeVisible();
    await expect(pipeline.announcement()).toContainText('Katherine Johnson was moved to Replied.');
  });

  await test.step("Enter on the card opens the contact's drawer; Escape brings the focus back to the card", async () => {
    const card = pipeline.cardIn('replied', 'Katherine Johnson');
    await tabTo(page, card, { limit: 5 });
    await page.keyboard.press('Enter');
    await expect(contacts.drawer()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(contacts.drawer()).toBeHidden();
    await expect(card).toBeFocused();
  });
});
