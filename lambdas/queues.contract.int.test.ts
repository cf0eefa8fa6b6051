import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalStack } from '../infra/local/stack.js';
import { withLocalStack } from '../infra/local/test/local-stack.js';
import { consentInSandbox } from '../infra/local/sandbox/oauth-consent.js';
import type { localApi, localUsers } from '../infra/local/test/local-users.js';
import { queueEntries } from '../shared/queues.js';
import { lookupMessage } from './contacts/lookup-rules.js';
import type { DataClient } from './data/client.js';
import { contactKey } from './data/contact.js';
import { addDigestReply } from './data/reply-digest.js';
import { sharedProfileKey } from './data/shared-profile.js';
import { lambdaContext } from './test/api-event.js';
import { partitionSnapshot, readItem, setAttributes } from './test/raw-items.js';
import { sqsRecord } from './test/sqs-event.js';

/**
 * Every queue of the table (DESIGN §4, STYLE §16), present and future, through the local stack's queue runner (the
 * twin of SQS and Lambda's event source mapping: visibility timeout, partial batch failures, `maxReceiveCount`, dead
 * letters) and the queue's real worker:
 * - a poison message (not JSON, not a message of the queue) comes back until its `maxReceiveCount`-th receive and
 *   then waits in the dead letters, rather than vanishing or running;
 * - the same message delivered again changes nothing (the worker kit's idempotency claim on the business key).
 */
let stack: LocalStack;
/** Every queued message worked, then every table change it made counted: the stats aggregator writes the user's
 * counters (STATS items) from the table's stream after the queues are done. */
const settled = async () => {
  await stack.queues.drained();
  await stack.streams.drained();
};
let db: DataClient;
let users: ReturnType<typeof localUsers>;
let api: ReturnType<typeof localApi>;

// visibility timeouts of a few ms to a tenth of a second: a message's receives follow each other at once
const local = withLocalStack({ name: 'queues-contract', queueSpeed: 10_000 });
beforeAll(() => {
  ({ stack, db, users, api } = local);
});

/** Bodies no queue's schema takes (SQS refuses an empty body, so there is none). */
const poison = ['not json', '{"uid":', 'null', '[]', '{}', '"a string"', '42', '{"unexpected": true}'];

/**
 * A message of the queue whose work the product has done once (its first delivery, through the runner), with what
 * that work wrote: `snapshot` reads it, `didWork` checks the first delivery did change it. A new queue needs its entry
 * here: its duplicate test fails until it has one.
 */
type Delivered = { body: string; snapshot: () => Promise<unknown>; didWork: (snapshot: unknown) => void };
const deliveredOnce: Record<string, () => Promise<Delivered>> = {
  'email-lookup': async () => {
    const user = await users.signUp('lookup');
    // adding a contact from a LinkedIn URL queues its first lookup (SPEC §5)
    const created = await api('POST', '/api/contacts', {
      token: user.idToken,
      body: { linkedin_url: `https://www.linkedin.com/in/queue-contract-${randomUUID().slice(0, 8)}` },
    });
    expect(created.status, created.text).toBe(201);
    const contact = created.body?.data as { id: string; canonical_linkedin_url: string };
    const snapshot = async () => ({
      partition: await partitionSnapshot(db, user.sub),
      shared: await readItem(db, sharedProfileKey(contact.canonical_linkedin_url)),
    });
    return {
      body: JSON.stringify(lookupMessage({ uid: user.sub, contactId: contact.id })),
      snapshot,
      didWork: (written) => {
        const item = (written as Awaited<ReturnType<typeof snapshot>>).partition.find(
          (stored) => stored.sk === `CONTACT#${contact.id}`,
        );
        expect(item).toMatchObject({ emailLookupAttempts: 1, emailLookupStatus: expect.stringMatching(/^found_/) });
      },
    };
  },
  'ai-generation': async () => {
    const user = await users.signUp('generating');
    const added = await api('POST', '/api/contacts', { token: user.idToken, body: { name: 'Grace Hopper' } });
    expect(added.status, added.text).toBe(201);
    const contactId = (added.body!.data as { id: string }).id;
    const started = await api('POST', '/api/outreach/generate', {
      token: user.idToken,
      // a contact added by hand has no address: the batch writes for it only when asked to (DESIGN §9)
      body: { contactIds: [contactId], includeUnverified: true },
    });
    expect(started.status, started.text).toBe(200);
    const { batchId } = started.body!.data as { batchId: string };
    return {
      body: JSON.stringify({ uid: user.sub, batchId, contactId }),
      snapshot: () => partitionSnapshot(db, user.sub),
      didWork: (written) => {
        const items = written as Awaited<ReturnType<typeof partitionSnapshot>>;
        expect(items.find((item) => item.sk === `GENBATCH#${batchId}`)).toMatchObject({ total: 1 });
        expect(items.find((item) => item.sk === `GENBATCH#${batchId}#${contactId}`)).toMatchObject({
          status: 'completed',
          draftId: expect.any(String),
        });
        expect(items.filter((item) => String(item.sk).startsWith('DRAFT#'))).toHaveLength(1);
      },
    };
  },
  send: async () => {
    const user = await users.signUp('sending');
    const token = user.idToken;
    // a Gmail mailbox connected on the sandbox's consent page, a contact with a verified address, a draft sent
    const mailbox = `${user.sub.slice(0, 8)}@gmail.com`;
    const init = await api('POST', '/api/email-connections/oauth/init', {
      token,
      body: { provider: 'gmail', origin: stack.urls.web },
    });
    expect(init.status, init.text).toBe(200);
    const redirect = await consentInSandbox((init.body!.data as { authUrl: string }).authUrl, { email: mailbox });
    const connected = await api('POST', '/api/email-connections/oauth/callback-public', {
      body: { provider: 'gmail', code: redirect.code, state: redirect.state, origin: stack.urls.web },
    });
    expect(connected.status, connected.text).toBe(200);
    const address = `grace.${user.sub.slice(0, 8)}@navy.example`;
    const added = await api('POST', '/api/contacts', { token, body: { name: 'Grace Hopper', email: address } });
    expect(added.status, added.text).toBe(201);
    const contactId = (added.body!.data as { id: string }).id;
    // a typed address is verified by the e-mail lookup worker: let it finish, then make the address usable (the
    // sandbox's verdict on this random address may be either)
    await settled();
    await setAttributes(db, contactKey(user.sub, contactId), { emailQevStatus: 'valid' });
    const draft = await api('POST', '/api/drafts', { token, body: { contactId, subject: 'Compilers', body: 'Hello' } });
    expect(draft.status, draft.text).toBe(201);
    const draftId = (draft.body!.data as { id: string }).id;
    const sent = await api('POST', `/api/drafts/${draftId}/send`, { token });
    expect(sent.status, sent.text).toBe(200);
    const arrived = async () => {
      const response = await fetch(`${stack.urls.sandbox}/_sandbox/mail/messages?to=${encodeURIComponent(address)}`);
      return (await response.json()) as { messageId: string }[];
    };
    // what sending writes (the reply checks it starts keep their own state, which their schedule moves on)
    const sendingItems = /^(DRAFT|DRAFTSOF|CONTACT|CONVERSATION|CONVMAIL|CONVTHREAD|SENDGUARD)#/;
    const snapshot = async () => ({
      partition: (await partitionSnapshot(db, user.sub)).filter((item) => sendingItems.test(String(item.sk))),
      arrived: await arrived(),
    });
    return {
      body: JSON.stringify({ uid: user.sub, draftId }),
      snapshot,
      didWork: (written) => {
        const { partition, arrived: messages } = written as Awaited<ReturnType<typeof snapshot>>;
        expect(partition.find((item) => item.sk === `DRAFT#${draftId}`)).toMatchObject({ status: 'sent' });
        expect(messages).toEqual([
          expect.objectContaining({ messageId: expect.stringContaining(draftId.toLowerCase()) }),
        ]);
      },
    };
  },
  'reply-check': async () => {
    const user = await users.signUp('replying');
    const token = user.idToken;
    // a Gmail mailbox connected on the sandbox's consent page sends a contact an e-mail, which the contact answers
    const mailbox = `${user.sub.slice(0, 8)}@gmail.com`;
    const init = await api('POST', '/api/email-connections/oauth/init', {
      token,
      body: { provider: 'gmail', origin: stack.urls.web },
    });
    expect(init.status, init.text).toBe(200);
    const redirect = await consentInSandbox((init.body!.data as { authUrl: string }).authUrl, { email: mailbox });
    const connected = await api('POST', '/api/email-connections/oauth/callback-public', {
      body: { provider: 'gmail', code: redirect.code, state: redirect.state, origin: stack.urls.web },
    });
    expect(connected.status, connected.text).toBe(200);
    const mailboxId = (connected.body!.data as { connection: { id: string } }).connection.id;
    const address = `ada.${user.sub.slice(0, 8)}@engine.example`;
    const added = await api('POST', '/api/contacts', { token, body: { name: 'Ada Lovelace', email: address } });
    expect(added.status, added.text).toBe(201);
    const contactId = (added.body!.data as { id: string }).id;
    // a typed address is verified by the e-mail lookup worker: let it finish, then make the address usable (the
    // sandbox's verdict on this random address may be either)
    await settled();
    await setAttributes(db, contactKey(user.sub, contactId), { emailQevStatus: 'valid' });
    const draft = await api('POST', '/api/drafts', { token, body: { contactId, subject: 'Engines', body: 'Hello' } });
    expect(draft.status, draft.text).toBe(201);
    const sent = await api('POST', `/api/drafts/${(draft.body!.data as { id: string }).id}/send`, { token });
    expect(sent.status, sent.text).toBe(200);
    const arrived = await vi.waitFor(
      async () => {
        const response = await fetch(`${stack.urls.sandbox}/_sandbox/mail/messages?to=${encodeURIComponent(address)}`);
        const messages = (await response.json()) as { id: string }[];
        expect(messages).toHaveLength(1);
        return messages[0]!;
      },
      { timeout: 20_000, interval: 100 },
    );
    // the send queued the mailbox's first check (cursor, watch): once it is done, the Gmail client is loaded and a
    // check is one history read, well within the runner's fast visibility timeouts
    await vi.waitFor(
      async () =>
        expect(await readItem(db, { pk: `USER#${user.sub}`, sk: `MAILSYNC#${mailboxId}` })).toMatchObject({
          watchId: expect.any(String),
        }),
      { timeout: 20_000, interval: 100 },
    );
    await settled();
    const replied = await fetch(`${stack.urls.sandbox}/_sandbox/mail/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: arrived.id, body: 'Gladly: Thursday?' }),
    });
    expect(replied.status, await replied.text()).toBeLessThan(300);
    // what a check records (its mailbox's last-check time and push, which the schedule and push move on, left out)
    const recorded = /^(CONVERSATION|CONVMAIL|CONVTHREAD|NOTIF|PIPELINE|DNC)#/;
    const snapshot = async () => {
      const items = await partitionSnapshot(db, user.sub);
      const sync = items.find((item) => item.sk === `MAILSYNC#${mailboxId}`);
      return {
        partition: items.filter((item) => recorded.test(String(item.sk))),
        sync: sync && { cursor: sync.cursor, error: sync.error, errorCount: sync.errorCount, active: sync.active },
      };
    };
    // the user's check now, through the runner (push and the send's own first check may find the reply as well)
    const body = JSON.stringify({ uid: user.sub, mailboxId, reason: 'manual', checkId: `contract-${randomUUID()}` });
    stack.queues.send('reply-check', body);
    return {
      body,
      snapshot,
      didWork: (written) => {
        const { partition, sync } = written as Awaited<ReturnType<typeof snapshot>>;
        expect(sync).toMatchObject({ cursor: expect.any(String), error: null, active: true });
        expect(partition.filter((item) => String(item.sk).startsWith('NOTIF#'))).toHaveLength(1);
        expect(partition.find((item) => String(item.sk).startsWith('CONVERSATION#'))).toMatchObject({
          replyStatus: 'REPLY_RECEIVED',
        });
      },
    };
  },
  'meeting-invitation': async () => {
    const user = await users.signUp('meeting');
    const token = user.idToken;
    // a Gmail mailbox connected on the sandbox's consent page, a contact with an address, a meeting booked with it
    const mailbox = `${user.sub.slice(0, 8)}@gmail.com`;
    const init = await api('POST', '/api/email-connections/oauth/init', {
      token,
      body: { provider: 'gmail', origin: stack.urls.web },
    });
    expect(init.status, init.text).toBe(200);
    const redirect = await consentInSandbox((init.body!.data as { authUrl: string }).authUrl, { email: mailbox });
    const connected = await api('POST', '/api/email-connections/oauth/callback-public', {
      body: { provider: 'gmail', code: redirect.code, state: redirect.state, origin: stack.urls.web },
    });
    expect(connected.status, connected.text).toBe(200);
    const address = `grace.${user.sub.slice(0, 8)}@navy.example`;
    const added = await api('POST', '/api/contacts', { token, body: { name: 'Grace Hopper', email: address } });
    expect(added.status, added.text).toBe(201);
    const contactId = (added.body!.data as { id: string }).id;
    // the typed address's lookup finishes first, and may call it invalid: the invitation needs it not invalid
    await settled();
    await setAttributes(db, contactKey(user.sub, contactId), { emailQevStatus: 'valid' });
    const booked = await api('POST', '/api/meetings', {
      token,
      body: { contactId, startTime: new Date(Date.now() + 48 * 60 * 60_000).toISOString() },
    });
    expect(booked.status, booked.text).toBe(201);
    const meetingId = (booked.body!.data as { id: string }).id;
    const snapshot = async () => ({
      meeting: await readItem(db, { pk: `USER#${user.sub}`, sk: `MEETING#${meetingId}` }),
      arrived: await (
        await fetch(`${stack.urls.sandbox}/_sandbox/mail/messages?to=${encodeURIComponent(address)}`)
      ).json(),
    });
    return {
      body: JSON.stringify({ uid: user.sub, meetingId, sequence: 0 }),
      snapshot,
      didWork: (written) => {
        const { meeting, arrived } = written as Awaited<ReturnType<typeof snapshot>>;
        expect(meeting).toMatchObject({ invitation: { status: 'sent', method: 'REQUEST', sequence: 0 } });
        expect(arrived).toEqual([expect.objectContaining({ subject: expect.stringMatching(/^Invitation: /) })]);
      },
    };
  },
  'notification-email': async () => {
    const user = await users.signUp('digest');
    const token = user.idToken;
    // reply e-mails on, and a reply in the user's open digest (what the stream consumer keeps of a reply)
    expect((await api('GET', '/api/profiles', { token })).status).toBe(200);
    const on = await api('PUT', '/api/profiles/settings', { token, body: { settings: { emailNotifications: true } } });
    expect(on.status, on.text).toBe(200);
    const windowId = randomUUID();
    await addDigestReply(
      db,
      user.sub,
      {
        notificationId: `<${randomUUID()}@mail.example>#2026-03-02T10:00:00.000Z`,
        name: 'Grace Hopper',
        email: 'grace@navy.example',
        contactId: null,
        conversationId: null,
        at: '2026-03-02T10:00:00.000Z',
      },
      windowId,
    );
    const body = JSON.stringify({ kind: 'reply-digest', uid: user.sub, windowId });
    stack.queues.send('notification-email', body);
    const snapshot = async () => ({
      digest: await readItem(db, { pk: `USER#${user.sub}`, sk: `REPLYDIGEST#${windowId}` }),
      arrived: await (
        await fetch(`${stack.urls.sandbox}/_sandbox/mail/messages?to=${encodeURIComponent(user.email)}`)
      ).json(),
    });
    return {
      body,
      snapshot,
      didWork: (written) => {
        const { digest, arrived } = written as Awaited<ReturnType<typeof snapshot>>;
        expect(digest).toMatchObject({ status: 'sent' });
        expect(arrived).toEqual([expect.objectContaining({ subject: 'Grace Hopper replied to you' })]);
      },
    };
  },
  'account-deletion': async () => {
    const user = await users.signUp('leaving');
    const added = await api('POST', '/api/contacts', { token: user.idToken, body: { name: 'Left Behind' } });
    expect(added.status, added.text).toBe(201);
    const claims = JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString('utf8'));
    const body = JSON.stringify({ uid: user.sub, username: claims['cognito:username'] });
    // the deletion removes what it can at once and queues its later pass, delayed
    const deleted = await api('DELETE', '/api/account', { token: user.idToken, body: { confirm: 'DELETE' } });
    expect(deleted.status, deleted.text).toBe(200);
    await vi.waitFor(
      () => expect(stack.queues.pending('account-deletion').filter((message) => message.body === body)).toEqual([]),
      { timeout: 20_000, interval: 50 },
    );
    return {
      body,
      snapshot: () => partitionSnapshot(db, user.sub),
      didWork: (written) => expect(written).toEqual([]),
    };
  },
};

type QueueWorker = { handler: (event: SQSEvent, context: unknown) => Promise<SQSBatchResponse> };

describe.each(queueEntries())('queue $name', (queue) => {
  it(`moves a poison message to the dead letters after ${queue.maxReceiveCount} receives, having run none`, async () => {
    const sent = poison.map((body) => stack.queues.send(queue.name, body).messageId);

    await vi.waitFor(
      () => {
        const dead = stack.queues.deadLetters(queue.name).map((message) => message.messageId);
        expect(dead).toEqual(expect.arrayContaining(sent));
      },
      { timeout: 20_000, interval: 50 },
    );

    const dead = stack.queues.deadLetters(queue.name).filter((message) => sent.includes(message.messageId));
    expect(dead.map((message) => message.body).sort()).toEqual([...poison].sort());
    for (const message of dead) {
      // each receive was reported back by the worker, and the last one sent it to the dead letters
      expect(message).toMatchObject({
        receiveCount: queue.maxReceiveCount,
        lastError: 'reported in batchItemFailures',
      });
    }
    expect(stack.queues.pending(queue.name).filter((message) => sent.includes(message.messageId))).toEqual([]);
  });

  it('changes nothing when the same message is delivered again, by the runner or straight to the worker', async () => {
    const deliver = deliveredOnce[queue.name];
    if (!deliver) throw new Error(`queue ${queue.name}: add how its work is delivered once to \`deliveredOnce\``);
    const { body, snapshot, didWork } = await deliver();
    await settled();
    const once = await snapshot();
    didWork(once);

    // a producer's retry, or SQS's at-least-once delivery: two more copies of the message, side by side
    const copies = [stack.queues.send(queue.name, body), stack.queues.send(queue.name, body)];
    await settled();
    const ids = copies.map((copy) => copy.messageId);
    expect(stack.queues.pending(queue.name).filter((message) => ids.includes(message.messageId))).toEqual([]);
    expect(stack.queues.deadLetters(queue.name).filter((message) => ids.includes(message.messageId))).toEqual([]);
    expect(await snapshot()).toEqual(once);

    // the very record again (its visibility ran out while the first run finished): same message id, a later receive
    const { handler } = (await import(`./${queue.domain}/${queue.worker}.ts`)) as QueueWorker;
    const again = sqsRecord(body, { messageId: copies[0]!.messageId, receiveCount: 2, queue: queue.name });
    expect(await handler({ Records: [again] }, lambdaContext())).toEqual({ batchItemFailures: [] });
    expect(await snapshot()).toEqual(once);
  });
});
