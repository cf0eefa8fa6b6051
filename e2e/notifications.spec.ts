import { expect, test } from './fixtures/test';
import { signedInIdentity } from './fixtures/history';
import { draftStatus, sandboxUrl } from './fixtures/sandbox';
import { SandboxConsentPage } from './pages/SandboxConsentPage';
import { NotificationPanel } from './pages/NotificationPanel';
import { SettingsPage } from './pages/SettingsPage';
import { stackEnv } from './stack-env';

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;

type SandboxMessage = { id: string; from: string; to: string; subject: string; body: string };

test("a meeting reminder: 60 minutes before, it rings the bell and arrives by e-mail; the e-mail's unsubscribe link turns reminders off", async ({
  page,
  request,
  signedInUser: user,
  capture,
}) => {
  test.setTimeout(180_000);
  const settings = new SettingsPage(page);
  const notifications = new NotificationPanel(page);

  await test.step('turns reminders on in Settings', async () => {
    await page.goto('/accountSettings');
    // the profile's first read waits on a loaded machine
    await expect(settings.heading()).toBeVisible({ timeout: 30_000 });
    await expect(settings.switch('Reminder notifications')).toBeEnabled({ timeout: 30_000 });
    await settings.switch('Reminder notifications').click();
    await expect(settings.switch('Reminder notifications')).toBeChecked();
  });

  const { token } = await signedInIdentity(page);
  const headers = { Authorization: `Bearer ${token}` };
  const title = 'Coffee chat';

  await test.step('books a meeting with Grace 62 minutes from now (the product clock)', async () => {
    const clock = ((await (await request.get(`${apiUrl}/_local/clock`)).json()) as { data: { now: string } }).data;
    const added = await request.post(`${apiUrl}/api/contacts`, {
      headers,
      data: { name: 'Grace Hopper', email: `grace.${user.email.split('@')[0]}@navy.example` },
    });
    expect(added.status()).toBe(201);
    const contactId = ((await added.json()) as { data: { id: string } }).data.id;
    const startTime = new Date(Date.parse(clock.now) + 62 * 60_000);
    startTime.setUTCSeconds(0, 0);
    const booked = await request.post(`${apiUrl}/api/meetings`, {
      headers,
      data: { contactId, title, startTime: startTime.toISOString(), sendInvitation: false },
    });
    expect(booked.status()).toBe(201);
  });

  await test.step('the clock moves on until the reminder is due: the bell shows it', async () => {
    await page.goto('/dashboard');
    // a minute at a time: the meeting reaches the reminders' index through the table's stream meanwhile
    await expect(async () => {
      const moved = await request.post(`${apiUrl}/_local/clock`, { data: { advance: 'PT1M' } });
      expect(moved.ok()).toBe(true);
      const listed = await request.get(`${apiUrl}/api/notifications`, { headers });
      const { notifications: items } = ((await listed.json()) as { data: { notifications: { reminder?: unknown }[] } })
        .data;
      expect(items.filter((item) => item.reminder)).toHaveLength(1);
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    await notifications.expectUnread(1, { timeout: 20_000 });
    await notifications.open();
    await expect(notifications.item(`${title} with Grace Hopper starts at`)).toBeVisible();
    await capture('notifications-meeting-reminder-bell');
  });

  const reminder = await test.step('the reminder e-mail is in the sandbox mail under the account address', async () => {
    let found: SandboxMessage | undefined;
    await expect(async () => {
      const listed = await request.get(`${sandboxUrl}/_sandbox/mail/messages?to=${encodeURIComponent(user.email)}`);
      found = ((await listed.json()) as SandboxMessage[]).find(
        (mail) => mail.subject === `Starting in 60 minutes: ${title}`,
      );
      expect(found).toBeDefined();
    }).toPass({ timeout: 20_000 });
    expect(found!.body).toContain(`${title} with Grace Hopper starts at`);
    await page.goto(`${sandboxUrl}/_sandbox/mail`);
    await expect(page.getByText(`Starting in 60 minutes: ${title}`).first()).toBeVisible();
    await capture('notifications-reminder-email-sandbox');
    return found!;
  });

  await test.step('following its unsubscribe link turns reminders off', async () => {
    const raw = (await (await request.get(`${sandboxUrl}/_sandbox/mail/messages/${reminder.id}/raw`)).text()).replace(
      /\r\n(?=[ \t])/g,
      '',
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)?.[1];
    expect(link).toMatch(/\/api\/notification-emails\/unsubscribe\?token=/);
    await page.goto(link!);
    await expect(page.getByText('You will no longer get reminder e-mails.')).toBeVisible();
    await capture('notifications-unsubscribed');
    await page.getByRole('button', { name: 'Back to settings' }).click();
    await expect(settings.switch('Reminder notifications')).not.toBeChecked();
  });
});

test("a reply digest: with reply e-mails on, a contact's reply arrives as an e-mail 15 minutes later, with a link into the app; its one-click unsubscribe turns reply e-mails off", async ({
  page,
  request,
  appShell,
  signedInUser: user,
  capture,
}) => {
  test.setTimeout(240_000);
  const settings = new SettingsPage(page);
  const notifications = new NotificationPanel(page);
  const gmail = user.email.replace('@', '+gmail@');

  await test.step('connects Gmail from the header', async () => {
    await page.goto('/dashboard');
    const popover = await appShell.openEmailConnection();
    await popover.getByRole('button', { name: 'Connect Gmail' }).click();
    await new SandboxConsentPage(page).allowAs(gmail);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(await appShell.openEmailConnection()).toContainText(`Connected: ${gmail}`);
    await appShell.dismiss();
  });

  await test.step("turns 'E-mail notifications' on in Settings", async () => {
    await page.goto('/accountSettings');
    await expect(settings.heading()).toBeVisible({ timeout: 30_000 });
    await expect(settings.switch('E-mail notifications')).toBeEnabled({ timeout: 30_000 });
    await settings.switch('E-mail notifications').click();
    await expect(settings.switch('E-mail notifications')).toBeChecked();
  });

  const { token } = await signedInIdentity(page);
  const headers = { Authorization: `Bearer ${token}` };
  const mailTo = async (query: string) =>
    (await (await request.get(`${sandboxUrl}/_sandbox/mail/messages?${query}`)).json()) as SandboxMessage[];

  const contactId = await test.step('e-mails Grace Hopper, and she replies', async () => {
    const added = await request.post(`${apiUrl}/api/contacts`, {
      headers,
      data: { linkedin_url: 'https://www.linkedin.com/in/grace-hopper-1906' },
    });
    expect(added.status()).toBe(201);
    const id = ((await added.json()) as { data: { id: string } }).data.id;
    let address = '';
    await expect
      .poll(
        async () => {
          const contact = (await (await request.get(`${apiUrl}/api/contacts/${id}`, { headers })).json()).data;
          address = contact.contact?.email ?? contact.email ?? '';
          return contact.contact?.email_qev_status ?? contact.email_qev_status;
        },
        { timeout: 45_000 },
      )
      .toBe('valid');
    const written = await request.post(`${apiUrl}/ai/generate-ai-email`, { headers, data: { contactId: id } });
    expect(written.ok()).toBe(true);
    const draftId = ((await written.json()) as { data: { draftId: string } }).data.draftId;
    expect((await request.post(`${apiUrl}/api/drafts/${draftId}/send`, { headers, data: {} })).ok()).toBe(true);
    const sent = `from=${encodeURIComponent(gmail)}&to=${encodeURIComponent(address)}`;
    await expect.poll(async () => (await mailTo(sent)).length, { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => draftStatus(request, { url: apiUrl, headers }, { id: draftId, contactId: id }), { timeout: 30_000 })
      .toBe('sent');
    const [first] = await mailTo(sent);
    const replied = await request.post(`${sandboxUrl}/_sandbox/mail/reply`, {
      data: { messageId: first?.id, body: 'Happy to talk. Next week?' },
    });
    expect(replied.ok()).toBe(true);
    await notifications.expectUnread(1, { timeout: 30_000 });
    return id;
  });

  const digest =
    await test.step('15 minutes on (the product clock), the e-mail is in the sandbox mail under the account address', async () => {
      const subject = 'Grace Hopper replied to you';
      const own = `to=${encodeURIComponent(user.email)}`;
      // the digest waits 900 s from the reply: the clock moves a minute at a time until it has gone out
      let found: SandboxMessage | undefined;
      await expect(async () => {
        const moved = await request.post(`${apiUrl}/_local/clock`, { data: { advance: 'PT1M' } });
        expect(moved.ok()).toBe(true);
        found = (await mailTo(own)).find((mail) => mail.subject === subject);
        expect(found).toBeDefined();
      }).toPass({ timeout: 90_000, intervals: [1_000] });
      expect(found!.body).toContain('Grace Hopper (');
      expect(found!.body).toContain(`Open the conversation: `);
      expect(found!.body).toMatch(new RegExp(`/outreach\\?contact=${contactId}`));
      expect(found!.body).toMatch(/Unsubscribe: \S+\/api\/notification-emails\/unsubscribe\?token=/);
      await page.goto(`${sandboxUrl}/_sandbox/mail`);
      await expect(page.getByText(subject).first()).toBeVisible();
      await capture('notifications-reply-digest-email-sandbox');
      return found!;
    });

  await test.step("the mail client's one-click unsubscribe turns reply e-mails off: Settings shows it off", async () => {
    const raw = (await (await request.get(`${sandboxUrl}/_sandbox/mail/messages/${digest.id}/raw`)).text()).replace(
      /\r\n(?=[ \t])/g,
      '',
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)?.[1];
    expect(link).toMatch(/\/api\/notification-emails\/unsubscribe\?token=/);
    // RFC 8058 §3.2: the client POSTs `List-Unsubscribe=One-Click` to the header's URL
    const unsubscribed = await request.post(link!, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(unsubscribed.ok()).toBe(true);
    await page.goto('/accountSettings');
    await expect(settings.heading()).toBeVisible({ timeout: 30_000 });
    await expect(settings.switch('E-mail notifications')).toBeEnabled({ timeout: 30_000 });
    await expect(settings.switch('E-mail notifications')).not.toBeChecked();
    await capture('notifications-reply-emails-off');
  });
});
