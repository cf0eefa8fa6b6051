import { expect, test as base } from './fixtures/test';
import { signedInIdentity } from './fixtures/history';
import { sandboxUrl } from './fixtures/sandbox';
import { ContactsPage } from './pages/ContactsPage';
import { NotificationPanel } from './pages/NotificationPanel';
import { SandboxConsentPage } from './pages/SandboxConsentPage';
import { stackEnv } from './stack-env';

const test = base.extend<{ consentPage: SandboxConsentPage }>({
  consentPage: async ({ page }, use) => use(new SandboxConsentPage(page)),
});

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;
/** a sandbox person whose e-mail lookup finds a verified address */
const grace = 'https://www.linkedin.com/in/grace-hopper-1906';
/** The push-driven steps (send worker, Gmail push -> webhook -> reply-check worker) take seconds, not minutes. */
const pushed = { timeout: 30_000 };

type SandboxMessage = {
  id: string;
  threadId: string;
  from: string;
  to: string;
  subject: string;
  body: string;
  messageId: string;
  inReplyTo: string | null;
};

test('a reply is answered where it is read: Reply on the notification opens the conversation, the AI answers the proposal, and the answer goes in the same thread', async ({
  page,
  request,
  appShell,
  consentPage,
  signedInUser: user,
  capture,
}) => {
  test.setTimeout(240_000);
  const gmail = user.email.replace('@', '+gmail@');
  const contacts = new ContactsPage(page);
  const notifications = new NotificationPanel(page);
  const proposal = 'Thanks for writing. How about Thursday at 5pm CET?';

  await test.step('connects Gmail from the header', async () => {
    const popover = await appShell.openEmailConnection();
    await popover.getByRole('button', { name: 'Connect Gmail' }).click();
    await consentPage.allowAs(gmail);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(await appShell.openEmailConnection()).toContainText(`Connected: ${gmail}`);
    await appShell.dismiss();
  });

  const { token } = await signedInIdentity(page);
  const headers = { Authorization: `Bearer ${token}` };
  const mail = async (query: string) => {
    const response = await request.get(`${sandboxUrl}/_sandbox/mail/messages?${query}`);
    expect(response.ok()).toBe(true);
    return (await response.json()) as SandboxMessage[];
  };

  // Sandbox people are shared by every test of the run: only this user's mail is this test's.
  const fromUserTo = (address: string) => `from=${encodeURIComponent(gmail)}&to=${encodeURIComponent(address)}`;

  let contactEmail = '';
  let first: SandboxMessage | undefined;
  await test.step('an e-mail to a verified contact went out, and the contact proposes a time', async () => {
    const added = await request.post(`${apiUrl}/api/contacts`, { headers, data: { linkedin_url: grace } });
    expect(added.status()).toBe(201);
    const contactId = (await added.json()).data.id as string;
    await expect
      .poll(
        async () => {
          const contact = (await (await request.get(`${apiUrl}/api/contacts/${contactId}`, { headers })).json()).data;
          contactEmail = contact.contact?.email ?? contact.email ?? '';
          return contact.contact?.email_qev_status ?? contact.email_qev_status;
        },
        { timeout: 45_000 },
      )
      .toBe('valid');
    const written = await request.post(`${apiUrl}/ai/generate-ai-email`, { headers, data: { contactId } });
    expect(written.ok()).toBe(true);
    const draftId = (await written.json()).data.draftId as string;
    expect((await request.post(`${apiUrl}/api/drafts/${draftId}/send`, { headers, data: {} })).ok()).toBe(true);
    await expect.poll(async () => (await mail(fromUserTo(contactEmail))).length, pushed).toBe(1);
    first = (await mail(fromUserTo(contactEmail)))[0];
    const replied = await request.post(`${sandboxUrl}/_sandbox/mail/reply`, {
      data: { messageId: first?.id, body: proposal },
    });
    expect(replied.ok()).toBe(true);
    await notifications.expectUnread(1, pushed);
  });

  await test.step("Reply on the notification opens the contact's conversation with a reply composer", async () => {
    await notifications.open();
    await notifications
      .item('Grace')
      .getByRole('button', { name: /^Reply to / })
      .click();
    const drawer = contacts.drawer();
    const thread = drawer.getByRole('region', { name: 'Conversation' });
    await expect(thread.locator('[data-testid="thread-email"][data-kind="reply"]')).toContainText(proposal);
    await expect(drawer.getByTestId('reply-composer')).toBeVisible();
  });

  const composer = contacts.drawer().getByTestId('reply-composer');
  await test.step('writes the answer with the AI from the thread, and edits it', async () => {
    await composer.getByLabel('Instructions for the AI').fill('Say I will send the Zoom link.');
    await composer.getByRole('button', { name: 'Write with AI' }).click();
    const body = composer.getByRole('textbox', { name: /body/i });
    await expect(body).toHaveValue(/Thursday at 5pm CET works/i, { timeout: 30_000 });
    await expect(composer.getByRole('textbox', { name: /subject/i })).toHaveValue(/^Re: /);
    await body.press('ControlOrMeta+End');
    await body.pressSequentially('\nSee you then.');
    await capture('replies-composer');
  });

  await test.step("sends it: the contact's mailbox has it in the same thread, answering their message", async () => {
    await composer.getByRole('button', { name: /^(send )?Send$/ }).click();
    await expect.poll(async () => (await mail(fromUserTo(contactEmail))).length, pushed).toBe(2);
    const [answer] = await mail(fromUserTo(contactEmail));
    const [theirs] = await mail(`to=${encodeURIComponent(gmail)}`);
    expect(answer?.from).toBe(gmail);
    expect(answer?.threadId).toBe(first?.threadId);
    expect(answer?.subject).toMatch(/^Re: /);
    expect(answer?.inReplyTo).toBe(theirs?.messageId);
    expect(answer?.body).toContain('See you then.');
    const thread = contacts.drawer().getByRole('region', { name: 'Conversation' });
    await expect(thread.getByTestId('thread-email')).toHaveCount(3, pushed);
    await capture('replies-thread-answered');
  });

  await test.step("the contacts table's Relationship says Replied, as the pipeline does", async () => {
    await page.keyboard.press('Escape');
    await expect(contacts.drawer()).toBeHidden();
    // the contact was added through the API before the page was read, so the table is read again
    await page.reload();
    await expect(contacts.row(/grace hopper/i)).toBeVisible();
    await expect(contacts.row(/grace hopper/i)).toContainText('Replied');
  });
});
