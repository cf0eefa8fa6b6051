import { beforeAll, describe, expect, it, vi } from 'vitest';
import { consentInSandbox } from '../../infra/local/sandbox/oauth-consent.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { withLocalStack } from '../../infra/local/test/local-stack.js';
import type { localApi, localUsers } from '../../infra/local/test/local-users.js';
import type { DataClient } from '../data/client.js';
import { contactKey } from '../data/contact.js';
import { getMailSync } from '../data/mail-sync.js';
import { setAttributes } from '../test/raw-items.js';

/**
 * The whole loop on the local stack, every piece real: an e-mail sent from a Gmail or Outlook mailbox of the sandbox,
 * the mailbox's first reply check (queued by the send) starts push (Gmail watch; Graph subscription after its
 * validation handshake), the contact answers on the sandbox's mail control, the sandbox pushes (an OIDC-signed Pub/Sub
 * message to /api/webhooks/gmail; a Graph notification with the clientState to /api/webhooks/outlook), the webhook
 * queues a check, and the reply is a notification, the conversation's status and the pipeline's stage.
 */
let stack: LocalStack;
let db: DataClient;
let users: ReturnType<typeof localUsers>;
let api: ReturnType<typeof localApi>;

const local = withLocalStack({ name: 'replies-flow' });
beforeAll(() => {
  ({ stack, db, users, api } = local);
});

describe.each(['gmail', 'outlook'] as const)('a reply through the sandbox (%s)', (provider) => {
  it('reaches the notifications by push, the forged push is refused, and the banner stays clear', async () => {
    const user = await users.signUp(`replies-flow-${provider}`);
    const token = user.idToken;
    const mailbox = `${user.sub.slice(0, 8)}@${provider === 'gmail' ? 'gmail.com' : 'outlook.com'}`;
    const init = await api('POST', '/api/email-connections/oauth/init', {
      token,
      body: { provider, origin: stack.urls.web },
    });
    expect(init.status, init.text).toBe(200);
    const redirect = await consentInSandbox((init.body!.data as { authUrl: string }).authUrl, { email: mailbox });
    const connected = await api('POST', '/api/email-connections/oauth/callback-public', {
      body: { provider, code: redirect.code, state: redirect.state, origin: stack.urls.web },
    });
    expect(connected.status, connected.text).toBe(200);
    const mailboxId = (connected.body!.data as { connection: { id: string } }).connection.id;
    const address = `grace.${user.sub.slice(0, 8)}@navy.example`;
    const added = await api('POST', '/api/contacts', { token, body: { name: 'Grace Hopper', email: address } });
    expect(added.status, added.text).toBe(201);
    const contactId = (added.body!.data as { id: string }).id;
    // a typed address is verified by the e-mail lookup worker: let it finish, then make the address usable (the
    // sandbox's verdict on this random address may be either)
    await stack.queues.drained();
    await setAttributes(db, contactKey(user.sub, contactId), { emailQevStatus: 'valid' });
    const draft = await api('POST', '/api/drafts', { token, body: { contactId, subject: 'Compilers', body: 'Hello' } });
    expect(draft.status, draft.text).toBe(201);
    const sent = await api('POST', `/api/drafts/${(draft.body!.data as { id: string }).id}/send`, { token });
    expect(sent.status, sent.text).toBe(200);

    // the send queued the mailbox's first check, which took the cursor and started the watch
    await vi.waitFor(
      async () => expect(await getMailSync(db, user.sub, mailboxId)).toMatchObject({ watchId: expect.any(String) }),
      { timeout: 20_000, interval: 100 },
    );
    const arrived = (await (
      await fetch(`${stack.urls.sandbox}/_sandbox/mail/messages?to=${encodeURIComponent(address)}`)
    ).json()) as { id: string }[];
    expect(arrived).toHaveLength(1);

    const watchId = (await getMailSync(db, user.sub, mailboxId))!.watchId!;
    const forged =
      provider === 'gmail'
        ? await fetch(`${stack.urls.api}/api/webhooks/gmail`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: 'Bearer not.a.token' },
            body: JSON.stringify({
              message: {
                data: Buffer.from(JSON.stringify({ emailAddress: mailbox, historyId: 1e9 })).toString('base64'),
              },
            }),
          })
        : await fetch(`${stack.urls.api}/api/webhooks/outlook`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ value: [{ subscriptionId: watchId, clientState: 'guess', changeType: 'created' }] }),
          });
    expect(forged.status).toBe(401);

    const replied = await fetch(`${stack.urls.sandbox}/_sandbox/mail/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: arrived[0]!.id, body: 'Happy to talk on Thursday.' }),
    });
    expect(replied.status, await replied.text()).toBeLessThan(300);

    // push, not the 5-minute schedule: the stack's scheduler does not fire within this wait
    const notifications = await vi.waitFor(
      async () => {
        const answer = await api('GET', '/api/notifications', { token });
        const list = (answer.body!.data as { notifications: { contact: { email: string } }[] }).notifications;
        expect(list).toHaveLength(1);
        return list;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(notifications[0]!.contact.email).toBe(address);
    const pipeline = await api('GET', '/api/pipeline', { token });
    expect(JSON.stringify(pipeline.body)).toContain(contactId);
    const status = await api('GET', '/api/reply-checks', { token });
    expect(status.body?.data).toMatchObject({
      mailboxes: [{ mailboxId, email: mailbox, provider, error: null, pushExpiresAt: expect.any(String) }],
    });
  }, 90_000);
});
