import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { signedInIdentity } from './fixtures/history';
import { sandboxUrl } from './fixtures/sandbox';
import { ContactsPage } from './pages/ContactsPage';
import { SandboxConsentPage } from './pages/SandboxConsentPage';
import { stackEnv } from './stack-env';
import { openOptions, pickOption } from './pages/selectOption';

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;

type SandboxMessage = { id: string; from: string; to: string; subject: string; body: string };

/** The product clock's now (DESIGN §9 'A clock for trying it locally'). */
const productNow = async (request: APIRequestContext) =>
  new Date(((await (await request.get(`${apiUrl}/_local/clock`)).json()) as { data: { now: string } }).data.now);

test('a person creates a sequence, enrols three contacts, one answers with interest and one is out of office; a week on, only the third got the follow-up, and the sequence says so', async ({
  page,
  request,
  appShell,
  signedInUser: user,
  capture,
}) => {
  test.setTimeout(360_000);
  const contacts = new ContactsPage(page);
  const gmail = user.email.replace('@', '+gmail@');
  const mailFrom = async () =>
    (await (
      await request.get(`${sandboxUrl}/_sandbox/mail/messages?from=${encodeURIComponent(gmail)}`)
    ).json()) as SandboxMessage[];
  // three people of the sandbox's directory, their slugs this user's own
  const suffix = user.email.split('@')[0]!.replace(/\D/g, '').slice(-6) || '1';
  const people = [
    { name: 'Ada Lovelace', url: `https://www.linkedin.com/in/ada-lovelace-${suffix}` },
    { name: 'Grace Hopper', url: `https://www.linkedin.com/in/grace-hopper-${suffix}` },
    { name: 'Alan Turing', url: `https://www.linkedin.com/in/alan-turing-${suffix}` },
  ];

  await test.step('connects Gmail from the header', async () => {
    await page.goto('/dashboard');
    const popover = await appShell.openEmailConnection();
    await popover.getByRole('button', { name: 'Connect Gmail' }).click();
    await new SandboxConsentPage(page).allowAs(gmail);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(await appShell.openEmailConnection()).toContainText(`Connected: ${gmail}`);
    await appShell.dismiss();
  });

  await test.step('creates a one-step sequence on the Sequences page', async () => {
    await page.goto('/sequences');
    await page.getByRole('button', { name: 'New sequence' }).first().click({ timeout: 30_000 });
    const editor = page.getByRole('dialog', { name: 'New sequence' });
    await editor.getByLabel('Name').fill('Navy follow-ups');
    await editor.getByLabel('Days after the previous e-mail').fill('2');
    await editor.getByLabel('Send time').fill('09:00');
    await capture('sequences-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    // listed once saved (its toast may have come and gone on a loaded machine)
    await expect(page.getByRole('button', { name: 'Navy follow-ups' })).toBeVisible({ timeout: 30_000 });
  });

  const { token } = await signedInIdentity(page);
  const headers = { Authorization: `Bearer ${token}` };

  const addresses = await test.step('adds three contacts, whose addresses are verified', async () => {
    await contacts.goto();
    await contacts.addThroughApi(people.map((person) => ({ linkedin_url: person.url })));
    const listed = async () =>
      (
        (await (await request.get(`${apiUrl}/api/contacts?limit=50`, { headers })).json()) as {
          data: { contacts: { id: string; name: string; email?: string; email_qev_status?: string }[] };
        }
      ).data.contacts;
    await expect
      .poll(async () => (await listed()).filter((contact) => contact.email_qev_status === 'valid').length, {
        timeout: 60_000,
      })
      .toBe(3);
    return Object.fromEntries(
      (await listed()).map((contact) => [contact.name, { id: contact.id, email: contact.email! }]),
    );
  });

  await test.step('selects the three in the contacts table and adds them to the sequence', async () => {
    await contacts.goto();
    for (const person of people) await contacts.row(person.name).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to sequence' }).click();
    const enrol = page.getByRole('dialog', { name: 'Add 3 contacts to a sequence' });
    await enrol.getByRole('combobox').click();
    await pickOption(openOptions(page).filter({ hasText: 'Navy follow-ups' }));
    await expect(enrol.locator('.ant-select-content-has-value')).toHaveText('Navy follow-ups');
    await enrol.getByRole('button', { name: 'Enrol' }).click();
    await expect(page.getByText('3 contacts enrolled in Navy follow-ups')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('the first e-mail goes to each of them', async () => {
    for (const person of people) {
      const written = await request.post(`${apiUrl}/ai/generate-ai-email`, {
        headers,
        data: { contactId: addresses[person.name]!.id },
      });
      expect(written.ok(), await written.text()).toBe(true);
      const draftId = ((await written.json()) as { data: { draftId: string } }).data.draftId;
      const sent = await request.post(`${apiUrl}/api/drafts/${draftId}/send`, { headers, data: {} });
      expect(sent.ok(), await sent.text()).toBe(true);
    }
    // the sending guard spreads a mailbox's sends a few minutes apart: the clock moves on until all three went
    await expect(async () => {
      await request.post(`${apiUrl}/_local/clock`, { data: { advance: 'PT2M' } });
      expect(new Set((await mailFrom()).map((mail) => mail.to)).size).toBe(3);
    }).toPass({ timeout: 90_000, intervals: [2_000] });
  });

  await test.step('Ada answers with interest; Grace is out of the office for a month', async () => {
    const back = new Date((await productNow(request)).getTime() + 30 * 86_400_000);
    const backOn = back.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    const answers = [
      { to: addresses['Ada Lovelace']!.email, body: 'Happy to talk! Could we set up a call next week?' },
      {
        to: addresses['Grace Hopper']!.email,
        body: `I am out of the office until ${backOn} with limited access to e-mail.`,
      },
    ];
    for (const answer of answers) {
      const first = (await mailFrom()).find((mail) => mail.to === answer.to);
      const replied = await request.post(`${sandboxUrl}/_sandbox/mail/reply`, {
        data: { messageId: first?.id, body: answer.body },
      });
      expect(replied.ok(), await replied.text()).toBe(true);
    }
    await page.goto('/pipeline');
    await expect(page.getByText('Interested').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Out of office').first()).toBeVisible({ timeout: 30_000 });
    await capture('sequences-pipeline-labels');
  });

  await test.step("the dashboard's pending tasks ask for a reply to Ada, the interested one, and not to Grace", async () => {
    await page.goto('/dashboard');
    const replies = page.getByTestId('task-replies_waiting');
    await expect(replies.getByRole('link', { name: /Reply to Ada Lovelace/ })).toBeVisible({ timeout: 30_000 });
    await expect(replies.getByTestId('task-label')).toHaveText(['Interested']);
    await expect(replies).not.toContainText('Grace Hopper');
    await capture('sequences-dashboard-reply-task');
  });

  await test.step('a week on (the product clock), only Alan got the follow-up, in the same thread', async () => {
    const alan = addresses['Alan Turing']!.email;
    await expect(async () => {
      await request.post(`${apiUrl}/_local/clock`, { data: { advance: 'PT12H' } });
      expect((await mailFrom()).filter((mail) => mail.to === alan && mail.subject.startsWith('Re: '))).toHaveLength(1);
    }).toPass({ timeout: 120_000, intervals: [3_000] });
    // the rest of the week
    await request.post(`${apiUrl}/_local/clock`, { data: { advance: 'P5D' } });
    const followUps = (await mailFrom()).filter((mail) => mail.subject.startsWith('Re: '));
    expect(followUps.map((mail) => mail.to)).toEqual([alan]);
  });

  await test.step('the sequence shows each contact where it stands, and its numbers', async () => {
    await page.goto('/sequences');
    const listed = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Navy follow-ups' }) });
    // name, steps, enrolled
    await expect(listed.getByRole('cell').nth(2)).toHaveText('3', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Navy follow-ups' }).click();
    const enrolled = page.getByRole('table').filter({ hasText: 'Next e-mail' });
    const rowOf = (name: string) => enrolled.getByRole('row').filter({ hasText: name });
    await expect(rowOf('Ada Lovelace')).toContainText('Stopped: they replied', { timeout: 30_000 });
    await expect(rowOf('Grace Hopper')).toContainText('Paused until');
    await expect(rowOf('Alan Turing')).toContainText('Finished');
    await capture('sequences-detail');
  });
});
