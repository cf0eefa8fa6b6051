import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/live-events.js';
import type { QueueName } from '../../shared/queues.js';
import { type Draft, draftMessages } from '../../shared/schemas/drafts.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import { settingsDefaults, type Settings } from '../../shared/schemas/profile.js';
import { createLogger } from '../core/logger.js';
import { cursorSigner } from '../core/cursor.js';
import { HttpError } from '../core/errors.js';
import { cutActivityError, getActivity, userActivity } from '../data/activity.js';
import { createDataClient } from '../data/client.js';
import { contactKey, putContacts } from '../data/contact.js';
import { draftKey, dueDrafts, getDraft } from '../data/draft.js';
import { createMailbox, getMailbox, mailboxKey, setDefaultIfNone, type MailboxItem } from '../data/mailbox.js';
import { dailySendCount, utcDay } from '../data/send-guard.js';
import { profileKey } from '../data/user-profile.js';
import { addDoNotContact, getConversation, recordIncomingEmail } from '../conversations/index.js';
import { disconnectMailbox, type MailboxesDeps } from '../mailboxes/index.js';
import { seal } from '../providers/crypto/envelope.js';
import { keyFileDataKeys } from '../providers/crypto/key-file.js';
import { MailApiFailure, type MailAuth } from '../providers/mail/port.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import { lambdaContext } from '../test/api-event.js';
import { partitionSnapshot, readItem, setAttributes } from '../test/raw-items.js';
import { memoryIdempotencyStore } from '../test/memory-idempotency.js';
import { sqsRecord } from '../test/sqs-event.js';
import { queueDueSends } from './due-sends.js';
import { cancelFollowUps } from './index.js';
import { sendWorker } from './send-worker.js';
import type { SendingDeps } from './sending.js';
import * as drafts from './service.js';
import { mailApiDouble } from './test/mail-api-double.js';

const db = createDataClient(process.env.TABLE_NAME!);
const keys = keyFileDataKeys(process.env.TOKEN_KEY_FILE!);
const storage = s3Storage(createS3Client(), process.env.BUCKET_NAME!);
const logger = createLogger('drafts-test');

/** Tests only: a sign-in port whose every renewal finds the grant gone (no test here renews a token otherwise). */
const goneGrant = (provider: MailProvider): MailAuth => {
  const unused = async (): Promise<never> => {
    throw new Error('not a call of sending');
  };
  return {
    provider,
    scopes: [],
    start: unused,
    exchangeCode: unused,
    refresh: async () => {
      const { MailAuthFailure } = await import('../providers/mail/port.js');
      throw new MailAuthFailure('invalid_grant', 'grant revoked');
    },
    mailboxAddress: unused,
    revoke: unused,
  };
};

/** A connected mailbox of the user, as a sign-in keeps it (its tokens sealed). */
const connectedMailbox = async (
  uid: string,
  id: string,
  email: string,
  now: Date,
  provider: MailProvider = 'gmail',
): Promise<MailboxItem> => ({
  uid,
  id,
  provider,
  email,
  status: 'connected',
  expiry: '2030-01-01T00:00:00.000Z',
  refreshError: null,
  connectedAt: now.toISOString(),
  lastSynced: null,
  updatedAt: now.toISOString(),
  version: 1,
  renewable: true,
  tokens: await seal(
    keys,
    { purpose: 'mailbox-tokens', uid, mailbox: id },
    { accessToken: `access-${id}`, refreshToken: `refresh-${id}` },
  ),
});

/**
 * One user with a connected Gmail mailbox (the default), a contact with a verified address, the drafts service with a
 * queue that records what is sent to it, and the send worker with a MailApi double, all on one clock.
 */
const world = async (
  options: {
    provider?: MailProvider;
    mailboxEmail?: string;
    start?: string;
    settings?: Partial<Settings>;
    /** queues that refuse every message (SQS down, or a Lambda not given the queue) */
    refuse?: QueueName[];
  } = {},
) => {
  const uid = randomUUID();
  const clock = { now: new Date(options.start ?? '2026-11-24T09:00:00.000Z') };
  const now = () => new Date(clock.now);
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  const provider = options.provider ?? 'gmail';
  const queued: { queue: QueueName; message: { uid: string; draftId: string }; delaySeconds: number }[] = [];
  const queue = {
    send: async (name: QueueName, message: unknown, sendOptions: { delaySeconds?: number } = {}) => {
      if (options.refuse?.includes(name)) throw new Error(`${name} refused the message`);
      queued.push({ queue: name, message: message as never, delaySeconds: sendOptions.delaySeconds ?? 0 });
    },
    sendMany: async (name: QueueName, messages: unknown[]) => {
      for (const message of messages) queued.push({ queue: name, message: message as never, delaySeconds: 0 });
    },
  };
  const events: LiveEvent[] = [];
  const live = { publish: async (_uid: string, event: LiveEvent) => void events.push(event) };
  const draftsDeps: drafts.DraftsDeps = {
    db,
    now,
    newId: drafts.newDraftId,
    cursors: cursorSigner('test-key'),
    live,
    queue,
  };
  const mailboxesDeps: MailboxesDeps = {
    db,
    keys,
    mail: { gmail: goneGrant('gmail'), outlook: goneGrant('outlook') },
    mailApis: { gmail: { unwatch: async () => {} }, outlook: { unwatch: async () => {} } },
    live,
    now,
    newId: drafts.newDraftId,
    webOrigin: 'http://localhost:5173',
  };
  const mail = mailApiDouble(provider, now);
  const other = mailApiDouble(provider === 'gmail' ? 'outlook' : 'gmail', now);
  const sendingDeps: SendingDeps = {
    db,
    now,
    newId: drafts.newDraftId,
    live,
    logger,
    queue,
    mailboxes: mailboxesDeps,
    mailApis: provider === 'gmail' ? { gmail: mail.api, outlook: other.api } : { gmail: other.api, outlook: mail.api },
    storage,
  };
  const handler = sendWorker(sendingDeps, logger);

  const mailboxId = drafts.newDraftId();
  const mailboxEmail = options.mailboxEmail ?? (provider === 'gmail' ? 'ada@gmail.com' : 'ada@outlook.com');
  const mailbox = await connectedMailbox(uid, mailboxId, mailboxEmail, clock.now, provider);
  expect(await createMailbox(db, mailbox)).toBe('created');
  expect(await setDefaultIfNone(db, uid, mailboxId)).toBe(true);
  await setAttributes(db, profileKey(uid), {
    entity: 'userProfile',
    uid,
    email: mailboxEmail,
    displayName: 'Ada Lovelace',
    settings: { ...settingsDefaults, ...options.settings },
  });

  /** a contact with a verified address (SPEC §5 usable) */
  const addContact = async (
    fields: {
      email?: string;
      emailQevStatus?: 'valid' | 'invalid' | 'accept_all';
      firstName?: string;
      /** the risky address the person confirmed (DESIGN §9) */
      emailConfirmedFor?: string;
    } = {},
  ) => {
    const contactId = drafts.newDraftId();
    await putContacts(db, [
      {
        uid,
        contactId,
        name: `${fields.firstName ?? 'Grace'} Hopper`,
        firstName: fields.firstName ?? 'Grace',
        lastName: 'Hopper',
        email: fields.email ?? `grace.${contactId.toLowerCase()}@navy.example`,
        emailQevStatus: fields.emailQevStatus ?? 'valid',
        ...(fields.emailConfirmedFor ? { emailConfirmedFor: fields.emailConfirmedFor } : {}),
        importedAt: clock.now.toISOString(),
        lastUpdated: clock.now.toISOString(),
      },
    ]);
    return contactId;
  };
  const newDraft = async (contactId: string, fields: Partial<Pick<Draft, 'subject' | 'body'>> = {}) =>
    drafts.createDraft(draftsDeps, uid, {
      contactId,
      subject: fields.subject ?? 'Compilers and the Navy',
      body: fields.body ?? 'Dear Grace, may I ask you about compilers?',
    });
  /** delivers one `send` message to the worker (a record as Lambda's event source mapping gives it) */
  const deliver = async (draftId: string, receiveCount = 1) =>
    handler(
      { Records: [sqsRecord(JSON.stringify({ uid, draftId }), { receiveCount, queue: 'send' })] },
      lambdaContext(),
    );
  const sendsQueued = () => queued.filter((item) => item.queue === 'send');
  const draftOf = async (draftId: string) => (await getDraft(db, uid, draftId))!;
  return {
    uid,
    clock,
    now,
    advance,
    queued,
    sendsQueued,
    events,
    draftsDeps,
    sendingDeps,
    mail,
    mailboxId,
    mailboxEmail,
    addContact,
    newDraft,
    deliver,
    draftOf,
  };
};

/** the error a call fails with (a test failing on an unexpected success) */
const failure = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message, code: error.code };
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('POST /api/drafts/{id}/send', () => {
  it('moves the draft to sending, queues it once, and the worker sends it once and records it', async () => {
    const w = await world();
    const contactId = await w.addContact();
    const draft = await w.newDraft(contactId);

    const answered = await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    expect(answered).toMatchObject({ id: draft.id, status: 'sending', mailboxId: w.mailboxId });
    expect(answered).not.toHaveProperty('dueAt');
    expect(answered).not.toHaveProperty('scheduledSendTime');
    expect(w.sendsQueued()).toEqual([{ queue: 'send', message: { uid: w.uid, draftId: draft.id }, delaySeconds: 0 }]);

    expect(await w.deliver(draft.id)).toEqual({ batchItemFailures: [] });
    expect(w.mail.sent).toHaveLength(1);
    const [sent] = w.mail.sent;
    expect(sent!.accessToken).toBe(`access-${w.mailboxId}`);
    expect(sent!.mail).toMatchObject({
      from: w.mailboxEmail,
      fromName: 'Ada Lovelace',
      to: expect.stringMatching(/^grace\./),
      subject: 'Compilers and the Navy',
      body: 'Dear Grace, may I ask you about compilers?',
      messageId: `<draft-${draft.id.toLowerCase()}@gmail.com>`,
      headers: { 'X-Outreach-Draft-Id': draft.id },
      attachments: [],
    });
    expect(sent!.mail).not.toHaveProperty('inReplyTo');

    const stored = await w.draftOf(draft.id);
    expect(stored).toMatchObject({
      status: 'sent',
      sentAt: w.clock.now.toISOString(),
      sentMessageId: sent!.result.messageId,
      sendAttempts: 1,
    });
    expect(stored).not.toHaveProperty('dueAt');
    const conversation = await getConversation(db, w.uid, draft.id);
    expect(conversation).toMatchObject({
      contactId,
      emailCount: 1,
      replyStatus: 'awaiting_reply',
      threadId: sent!.result.threadId,
      mailboxId: w.mailboxId,
    });
    // the contact shows the conversation and the e-mail (SPEC §3; the table's Conversation column)
    expect(await readItem(db, contactKey(w.uid, contactId))).toMatchObject({
      emailStatus: 'sent',
      lastEmailStatus: 'sent',
      emailSentAt: w.clock.now.toISOString(),
      lastEmailSentAt: w.clock.now.toISOString(),
      emailCount: 1,
      emailProvider: 'gmail',
      conversationStatus: 'awaiting_reply',
      hasActiveDraft: false,
    });
    expect(w.events).toContainEqual({
      type: 'email.sent',
      data: { draftId: draft.id, contactId, conversationId: draft.id },
    });
    // the mailbox is on the reply checks: its first check is queued
    expect(w.queued.filter((item) => item.queue === 'reply-check')).toHaveLength(1);
    // its activity action: one e-mail to the contact, started by the route, completed by the worker
    expect(await userActivity(db, w.uid, w.now())).toEqual([
      expect.objectContaining({
        id: stored.sendActivityId,
        actionType: 'send_emails',
        status: 'completed',
        recipients: [{ name: 'Grace Hopper' }],
        profileCount: 1,
        completedCount: 1,
        failedCount: 0,
        error: null,
      }),
    ]);
    expect(w.events).toContainEqual({
      type: 'activity.changed',
      data: { id: stored.sendActivityId, status: 'completed' },
    });
  });

  it('queues exactly one send when the button is pressed several times at once; the others are refused (409)', async () => {
    const w = await world();
    const draft = await w.newDraft(await w.addContact());
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => drafts.sendDraft(w.draftsDeps, w.uid, draft.id)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((item) => item.status === 'rejected'))
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
        message: draftMessages.alreadySent,
      });
    expect(w.sendsQueued()).toHaveLength(1);
    expect(await failure(drafts.sendDraft(w.draftsDeps, w.uid, draft.id))).toMatchObject({ status: 409 });
  });

  it('refuses an address that is not usable (SPEC §5) with a 400 saying why, and writes nothing', async () => {
    const w = await world();
    const invalid = await w.newDraft(await w.addContact({ email: 'nobody@navy.example', emailQevStatus: 'invalid' }));
    const missing = await w.newDraft(await w.addContact({ email: '' }));
    const before = await partitionSnapshot(db, w.uid);
    expect(await failure(drafts.sendDraft(w.draftsDeps, w.uid, invalid.id))).toEqual({
      status: 400,
      message: draftMessages.invalidAddress('nobody@navy.example'),
      code: 'unusable_address',
    });
    expect(await failure(drafts.sendDraft(w.draftsDeps, w.uid, missing.id))).toEqual({
      status: 400,
      message: draftMessages.unusableAddress,
      code: 'unusable_address',
    });
    expect(await partitionSnapshot(db, w.uid)).toEqual(before);
    expect(w.sendsQueued()).toEqual([]);
  });

  it('sends to a risky (accept-all) address only once the person confirmed it for the contact (DESIGN §9)', async () => {
    const w = await world();
    const unconfirmed = await w.newDraft(
      await w.addContact({ email: 'grace@navy.example', emailQevStatus: 'accept_all' }),
    );
    const before = await partitionSnapshot(db, w.uid);
    expect(await failure(drafts.sendDraft(w.draftsDeps, w.uid, unconfirmed.id))).toEqual({
      status: 409,
      message: draftMessages.unconfirmedAddress('grace@navy.example'),
      code: 'address_unconfirmed',
    });
    expect(await partitionSnapshot(db, w.uid)).toEqual(before);

    const confirmed = await w.newDraft(
      await w.addContact({
        email: 'alan@navy.example',
        emailQevStatus: 'accept_all',
        emailConfirmedFor: 'alan@navy.example',
      }),
    );
    expect(await drafts.sendDraft(w.draftsDeps, w.uid, confirmed.id)).toMatchObject({ status: 'sending' });
    expect(await w.deliver(confirmed.id)).toEqual({ batchItemFailures: [] });
    expect(w.mail.sent.map((sent) => sent.mail.to)).toEqual(['alan@navy.example']);
    expect(await w.draftOf(confirmed.id)).toMatchObject({ status: 'sent' });
  });

  it('does not send a queued draft once its address is no longer the one confirmed', async () => {
    const w = await world();
    const contactId = await w.addContact({
      email: 'grace@navy.example',
      emailQevStatus: 'accept_all',
      emailConfirmedFor: 'grace@navy.example',
    });
    const draft = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    // a lookup found another address at the same accept-all domain meanwhile
    await setAttributes(db, contactKey(w.uid, contactId), { email: 'g.hopper@navy.example' });

    await w.deliver(draft.id);

    expect(w.mail.sent).toEqual([]);
    expect(await w.draftOf(draft.id)).toMatchObject({
      status: 'failed',
      failureReason: draftMessages.unconfirmedAddress('g.hopper@navy.example'),
    });
  });

  it('refuses an e-mail the contact should not read as it is, an empty one or one with a spot left (400), and writes nothing', async () => {
    const w = await world();
    const contactId = await w.addContact();
    const cases = [
      { fields: { subject: '  ' }, message: draftMessages.incomplete },
      { fields: { body: '' }, message: draftMessages.incomplete },
      // a template's spot the contact's profile could not fill, in the body and in the subject
      { fields: { body: 'I studied at {{school}} too.' }, message: 'Fill this spot before sending: {{school}}.' },
      {
        fields: { subject: 'Hello {{ firstName }}', body: 'At {{school}}, {{school}}' },
        message: 'Fill these spots before sending: {{firstName}}, {{school}}.',
      },
    ];
    for (const { fields, message } of cases) {
      const draft = await w.newDraft(contactId, fields);
      const before = await partitionSnapshot(db, w.uid);
      expect(await failure(drafts.sendDraft(w.draftsDeps, w.uid, draft.id))).toEqual({
        status: 400,
        message,
        code: 'bad_request',
      });
      expect(await partitionSnapshot(db, w.uid)).toEqual(before);
    }
    expect(w.sendsQueued()).toEqual([]);
  });

  it('refuses an address on the do-not-contact list (409), and writes nothing', async () => {
    const w = await world();
    const contactId = await w.addContact({ email: 'Blocked@Navy.example' });
    const draft = await w.newDraft(contactId);
    await addDoNotContact(db, w.uid, 'blocked@navy.example', 'manual');
    const before = await partitionSnapshot(db, w.uid);
    expect(await failure(drafts.sendDraft(w.draftsDeps, w.uid, draft.id))).toEqual({
      status: 409,
      message: draftMessages.doNotContact('Blocked@Navy.example'),
      code: 'do_not_contact',
    });
    expect(await partitionSnapshot(db, w.uid)).toEqual(before);
    expect(w.sendsQueued()).toEqual([]);
  });

  it('asks to reconnect an expired default mailbox (409)', async () => {
    const w = await world();
    const draft = await w.newDraft(await w.addContact());
    await setAttributes(db, mailboxKey(w.uid, w.mailboxId), { status: 'expired', refreshError: 'invalid_grant' });
    expect(await failure(drafts.sendDraft(w.draftsDeps, w.uid, draft.id))).toEqual({
      status: 409,
      message: draftMessages.mailboxExpired(w.mailboxEmail),
      code: 'mailbox_expired',
    });
  });

  it('schedules a send for later on the due index, queueing nothing now; the due-sends job queues it when due', async () => {
    const w = await world();
    const draft = await w.newDraft(await w.addContact());
    const later = '2026-11-25T14:30:00.000Z';
    const answered = await drafts.sendDraft(w.draftsDeps, w.uid, draft.id, {
      scheduledSendTime: '2026-11-25T15:30:00+01:00',
    });
    expect(answered).toMatchObject({ status: 'sending', scheduledSendTime: later });
    expect(w.sendsQueued()).toEqual([]);

    // not due yet: the job leaves it (the table is shared: other users' due drafts are queued too)
    w.clock.now = new Date('2026-11-25T14:29:00.000Z');
    await queueDueSends({ ...w.draftsDeps, logger });
    expect(w.sendsQueued().filter((item) => item.message.uid === w.uid)).toEqual([]);

    w.clock.now = new Date('2026-11-25T14:30:30.000Z');
    await queueDueSends({ ...w.draftsDeps, logger });
    expect(w.sendsQueued().filter((item) => item.message.uid === w.uid)).toEqual([
      { queue: 'send', message: { uid: w.uid, draftId: draft.id }, delaySeconds: 0 },
    ]);
    // a second run right after queues it no second time
    await queueDueSends({ ...w.draftsDeps, logger });
    expect(w.sendsQueued().filter((item) => item.message.uid === w.uid)).toHaveLength(1);

    // queued twice anyway (a lost answer, the job and a redelivery): sent once
    await w.deliver(draft.id);
    await w.deliver(draft.id);
    expect(w.mail.sent).toHaveLength(1);
    expect(await w.draftOf(draft.id)).toMatchObject({ status: 'sent' });
  });

  it('lets the user call a scheduled send off by hand (PATCH scheduledSendTime null, or DELETE), not an immediate one', async () => {
    const w = await world();
    const contactId = await w.addContact();
    const scheduled = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, scheduled.id, { scheduledSendTime: '2026-11-26T09:00:00.000Z' });
    const { sendActivityId: calledOff } = await w.draftOf(scheduled.id);
    expect(await getActivity(db, w.uid, calledOff!)).toMatchObject({ status: 'in_progress' });
    const back = await drafts.updateDraft(w.draftsDeps, w.uid, scheduled.id, { scheduledSendTime: null });
    expect(back).toMatchObject({ status: 'draft' });
    // its activity ends, saying why
    expect(await getActivity(db, w.uid, calledOff!)).toMatchObject({ status: 'failed', error: drafts.sendCalledOff });
    expect(back).not.toHaveProperty('scheduledSendTime');
    expect(back).not.toHaveProperty('mailboxId');
    expect(await readItem(db, draftKey(w.uid, scheduled.id))).not.toHaveProperty('gsi1pk');

    await drafts.sendDraft(w.draftsDeps, w.uid, scheduled.id, { scheduledSendTime: '2026-11-26T09:00:00.000Z' });
    const { sendActivityId: deleted } = await w.draftOf(scheduled.id);
    expect(deleted).not.toBe(calledOff);
    expect(await drafts.deleteDraft(w.draftsDeps, w.uid, scheduled.id)).toEqual({ deleted: true });
    expect(await getActivity(db, w.uid, deleted!)).toMatchObject({ status: 'failed', error: drafts.sendCalledOff });

    const immediate = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, immediate.id);
    expect(
      await failure(drafts.updateDraft(w.draftsDeps, w.uid, immediate.id, { scheduledSendTime: null })),
    ).toMatchObject({ status: 409 });
    expect(await failure(drafts.deleteDraft(w.draftsDeps, w.uid, immediate.id))).toMatchObject({ status: 409 });
  });
});

describe('the send worker: exactly once', () => {
  it('sends once when the same message is delivered again, one after the other or side by side', async () => {
    const w = await world();
    const firstContact = await w.addContact();
    const first = await w.newDraft(firstContact);
    await drafts.sendDraft(w.draftsDeps, w.uid, first.id);
    await w.deliver(first.id);
    await w.deliver(first.id, 2);
    expect(w.mail.sent).toHaveLength(1);

    const secondContact = await w.addContact();
    const second = await w.newDraft(secondContact);
    await drafts.sendDraft(w.draftsDeps, w.uid, second.id);
    w.advance(10_000);
    const answers = await Promise.all([w.deliver(second.id), w.deliver(second.id), w.deliver(second.id)]);
    expect(w.mail.sent.filter((item) => item.mail.headers?.['X-Outreach-Draft-Id'] === second.id)).toHaveLength(1);
    // the copies that found it busy come back, and then find it sent
    for (const answer of answers) if (answer.batchItemFailures.length) await w.deliver(second.id, 2);
    expect(w.mail.sent).toHaveLength(2);
    expect(await w.draftOf(second.id)).toMatchObject({ status: 'sent' });

    // each send's activity counted once, even for a copy that gets past the claims (another claim store)
    const copy = sendWorker(w.sendingDeps, logger, memoryIdempotencyStore().store);
    await copy(
      { Records: [sqsRecord(JSON.stringify({ uid: w.uid, draftId: first.id }), { queue: 'send' })] },
      lambdaContext(),
    );
    // and each contact shows one e-mail of a conversation awaiting its reply
    for (const contactId of [firstContact, secondContact])
      expect(await readItem(db, contactKey(w.uid, contactId))).toMatchObject({
        conversationStatus: 'awaiting_reply',
        emailCount: 1,
        emailStatus: 'sent',
      });
    for (const draft of [first, second]) {
      const { sendActivityId } = await w.draftOf(draft.id);
      expect(await getActivity(db, w.uid, sendActivityId!)).toMatchObject({
        status: 'completed',
        completedCount: 1,
        failedCount: 0,
      });
    }
  });

  it('sends nothing more after a crash once the provider took the e-mail: the retry finds it by its Message-ID', async () => {
    const w = await world();
    const draft = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    w.mail.script.push('acceptThenFail');
    const crashed = await w.deliver(draft.id);
    expect(crashed.batchItemFailures).toHaveLength(1);
    expect(await w.draftOf(draft.id)).toMatchObject({
      status: 'sending',
      sendAttempts: 1,
      sendWaitReason: draftMessages.providerDown,
    });

    expect(await w.deliver(draft.id, 2)).toEqual({ batchItemFailures: [] });
    expect(w.mail.sent).toHaveLength(1);
    expect(w.mail.calls).toEqual(['send', 'findSent']);
    expect(await w.draftOf(draft.id)).toMatchObject({
      status: 'sent',
      sentMessageId: w.mail.sent[0]!.result.messageId,
    });
    expect(await w.draftOf(draft.id)).not.toHaveProperty('sendWaitReason');
  });

  it('marks the draft failed with the reason the UI shows when the provider refuses the e-mail; it may be sent again', async () => {
    const w = await world();
    const draft = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    w.mail.script.push(new MailApiFailure('rejected', 'Invalid To header', { status: 400 }));
    expect(await w.deliver(draft.id)).toEqual({ batchItemFailures: [] });
    expect(await w.draftOf(draft.id)).toMatchObject({
      status: 'failed',
      failureReason: draftMessages.rejected('Invalid To header'),
    });
    expect(w.events).toContainEqual({
      type: 'email.sendState',
      data: {
        draftId: draft.id,
        contactId: draft.contactId,
        status: 'failed',
        reason: draftMessages.rejected('Invalid To header'),
      },
    });
    // its activity failed with the reason, cut to 50 characters (SPEC §9)
    const { sendActivityId: failedSend } = await w.draftOf(draft.id);
    expect(await getActivity(db, w.uid, failedSend!)).toMatchObject({
      status: 'failed',
      failedCount: 1,
      error: cutActivityError(draftMessages.rejected('Invalid To header')),
    });

    // Retry (a moment later): failed -> sending, and this time it leaves (looked up first: an attempt was made)
    w.advance(5_000);
    expect(await drafts.sendDraft(w.draftsDeps, w.uid, draft.id)).toMatchObject({ status: 'sending' });
    expect(await w.draftOf(draft.id)).not.toHaveProperty('failureReason');
    await w.deliver(draft.id);
    expect(w.mail.sent).toHaveLength(1);
    expect(w.mail.calls).toEqual(['send', 'findSent', 'send']);
    expect(await w.draftOf(draft.id)).toMatchObject({ status: 'sent' });
    // a new send, a new activity: the failed one stays as it ended
    expect((await userActivity(db, w.uid, w.now())).map((action) => action.status)).toEqual(['completed', 'failed']);
  });

  it('retries a send the provider could not take (the wait shown), and gives it up as failed on the last receive', async () => {
    const w = await world();
    const draft = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    w.mail.script.push(new MailApiFailure('unavailable', 'Backend Error', { status: 503 }));
    expect((await w.deliver(draft.id)).batchItemFailures).toHaveLength(1);
    expect(await w.draftOf(draft.id)).toMatchObject({ status: 'sending', sendWaitReason: draftMessages.providerDown });

    w.mail.script.push(new MailApiFailure('unavailable', 'Backend Error', { status: 503 }));
    expect(await w.deliver(draft.id, 5)).toEqual({ batchItemFailures: [] });
    expect(await w.draftOf(draft.id)).toMatchObject({
      status: 'failed',
      failureReason: draftMessages.providerGaveUp,
    });
    expect(w.mail.sent).toEqual([]);
  });

  it('fails a send whose mailbox grant is gone with a reason to reconnect; a provider 401 marks the mailbox expired', async () => {
    const w = await world();
    const contactId = await w.addContact();
    const refused = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, refused.id);
    w.mail.script.push(new MailApiFailure('unauthorized', 'token refused', { status: 401 }));
    await w.deliver(refused.id);
    expect(await w.draftOf(refused.id)).toMatchObject({
      status: 'failed',
      failureReason: draftMessages.reconnectToSend(w.mailboxEmail),
    });
    expect(await getMailbox(db, w.uid, w.mailboxId)).toMatchObject({ status: 'expired' });

    // a send accepted before the mailbox expired: no token (401 invalid_grant), nothing sent
    const queuedBefore = await w.newDraft(contactId);
    await setAttributes(db, mailboxKey(w.uid, w.mailboxId), { status: 'connected' });
    await drafts.sendDraft(w.draftsDeps, w.uid, queuedBefore.id);
    await setAttributes(db, mailboxKey(w.uid, w.mailboxId), { status: 'expired' });
    await w.deliver(queuedBefore.id);
    expect(await w.draftOf(queuedBefore.id)).toMatchObject({
      status: 'failed',
      failureReason: draftMessages.reconnectToSend(w.mailboxEmail),
    });
    expect(w.mail.sent).toEqual([]);
  });

  it('fails a send whose address was put on the do-not-contact list after it was scheduled', async () => {
    const w = await world();
    const contactId = await w.addContact({ email: 'later@navy.example' });
    const draft = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await addDoNotContact(db, w.uid, 'later@navy.example', 'bounce');
    await w.deliver(draft.id);
    expect(w.mail.sent).toEqual([]);
    expect(await w.draftOf(draft.id)).toMatchObject({
      status: 'failed',
      failureReason: draftMessages.doNotContact('later@navy.example'),
    });
  });

  it('attaches the résumé when includeResume is on and one is stored, and not when it is off', async () => {
    const w = await world();
    const resumeKey = `users/${w.uid}/resume/${randomUUID()}.pdf`;
    await storage.put(resumeKey, new TextEncoder().encode('%PDF-1.4 résumé'), { contentType: 'application/pdf' });
    await setAttributes(db, profileKey(w.uid), { resumeFileKey: resumeKey, resumeFileName: 'Ada Lovelace CV.pdf' });
    const contactId = await w.addContact();
    const withResume = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, withResume.id);
    await w.deliver(withResume.id);
    expect(w.mail.sent[0]!.mail.attachments).toEqual([
      {
        fileName: 'Ada Lovelace CV.pdf',
        contentType: 'application/pdf',
        content: new TextEncoder().encode('%PDF-1.4 résumé'),
      },
    ]);

    await setAttributes(db, profileKey(w.uid), { 'settings.includeResume': false });
    const without = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, without.id);
    w.advance(60_000);
    await w.deliver(without.id);
    expect(w.mail.sent[1]!.mail.attachments).toEqual([]);
  });
});

describe('the sending guard (DESIGN §6)', () => {
  it("holds a send once the mailbox's daily cap is reached, until the next UTC day, and says why", async () => {
    const w = await world();
    const draft = await w.newDraft(await w.addContact());
    await setAttributes(
      db,
      { pk: `USER#${w.uid}`, sk: `SENDGUARD#${w.mailboxEmail}#DAY#${utcDay(w.clock.now)}` },
      { sent: 400 },
    );
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);
    expect(w.mail.sent).toEqual([]);
    const reason = 'Daily sending limit of 400 reached for ada@gmail.com; it goes out tomorrow.';
    expect(await w.draftOf(draft.id)).toMatchObject({
      status: 'sending',
      sendAfter: '2026-11-25T00:00:00.000Z',
      sendWaitReason: reason,
      dueAt: '2026-11-25T00:00:00.000Z',
    });
    expect(await dailySendCount(db, w.uid, w.mailboxEmail, '2026-11-24')).toBe(400);
    // longer than SQS can hold a message: only the first send's message was queued; the due-sends job takes it
    expect(w.sendsQueued()).toHaveLength(1);
    expect(w.events).toContainEqual({
      type: 'email.sendState',
      data: { draftId: draft.id, contactId: draft.contactId, status: 'sending', reason },
    });
    const dueTomorrow = await dueDrafts(db, new Date('2026-11-25T00:00:01.000Z'), 1000);
    expect(dueTomorrow).toContainEqual({ uid: w.uid, draftId: draft.id, dueAt: '2026-11-25T00:00:00.000Z' });

    w.clock.now = new Date('2026-11-25T00:00:30.000Z');
    await w.deliver(draft.id);
    expect(w.mail.sent).toHaveLength(1);
    expect(await dailySendCount(db, w.uid, w.mailboxEmail, '2026-11-25')).toBe(1);
  });

  it('keeps the daily cap of a mailbox disconnected and connected again: it is the address that the provider counts', async () => {
    const w = await world();
    const first = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, first.id);
    await w.deliver(first.id);
    expect(w.mail.sent).toHaveLength(1);
    // the rest of the day's 400, wherever the guard counted this mailbox's first send
    const counted = (await partitionSnapshot(db, w.uid)).filter((item) => /^SENDGUARD#.*#DAY#/.test(String(item.sk)));
    expect(counted).toHaveLength(1);
    await setAttributes(db, { pk: String(counted[0]!.pk), sk: String(counted[0]!.sk) }, { sent: 400 });

    await disconnectMailbox(w.sendingDeps.mailboxes, w.uid, w.mailboxId);
    const again = await connectedMailbox(w.uid, drafts.newDraftId(), w.mailboxEmail, w.clock.now);
    expect(await createMailbox(db, again)).toBe('created');
    expect(await setDefaultIfNone(db, w.uid, again.id)).toBe(true);

    const second = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, second.id);
    w.advance(60_000);
    await w.deliver(second.id);
    expect(w.mail.sent).toHaveLength(1);
    expect(await w.draftOf(second.id)).toMatchObject({
      status: 'sending',
      mailboxId: again.id,
      sendWaitReason: 'Daily sending limit of 400 reached for ada@gmail.com; it goes out tomorrow.',
    });
  });

  it('counts Workspace addresses on Gmail against 1,600 a day, consumer ones against 400', async () => {
    const w = await world({ mailboxEmail: 'ada@analytical.example' });
    const draft = await w.newDraft(await w.addContact());
    await setAttributes(
      db,
      { pk: `USER#${w.uid}`, sk: `SENDGUARD#${w.mailboxEmail}#DAY#${utcDay(w.clock.now)}` },
      { sent: 400 },
    );
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);
    expect(w.mail.sent).toHaveLength(1);
  });

  it('spreads sends of one mailbox: a second send at the same moment waits its slot, re-queued with a delay', async () => {
    const w = await world();
    const first = await w.newDraft(await w.addContact());
    const second = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, first.id);
    await drafts.sendDraft(w.draftsDeps, w.uid, second.id);
    await Promise.all([w.deliver(first.id), w.deliver(second.id)]);
    expect(w.mail.sent).toHaveLength(1);
    const waiting = w.mail.sent[0]!.mail.headers?.['X-Outreach-Draft-Id'] === first.id ? second : first;
    expect(await w.draftOf(waiting.id)).toMatchObject({
      status: 'sending',
      sendAfter: '2026-11-24T09:00:02.000Z',
      sendWaitReason: 'Waiting 2 s to spread sends from ada@gmail.com',
    });
    expect(w.sendsQueued().at(-1)).toEqual({
      queue: 'send',
      message: { uid: w.uid, draftId: waiting.id },
      delaySeconds: 2,
    });

    // the delayed message arrives at its slot: it goes without waiting again
    w.advance(2_000);
    await w.deliver(waiting.id);
    expect(w.mail.sent).toHaveLength(2);
    expect(await w.draftOf(waiting.id)).toMatchObject({ status: 'sent' });
    expect(await w.draftOf(waiting.id)).not.toHaveProperty('sendWaitReason');
  });

  it("honours a provider's 429 Retry-After: the send and the mailbox's next sends wait, then it goes once", async () => {
    const w = await world({ provider: 'outlook' });
    const draft = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    w.mail.script.push(new MailApiFailure('rate_limited', 'Too many requests', { retryAfterSeconds: 30, status: 429 }));
    expect(await w.deliver(draft.id)).toEqual({ batchItemFailures: [] });
    const reason = draftMessages.rateLimited(30, 'ada@outlook.com');
    expect(await w.draftOf(draft.id)).toMatchObject({
      status: 'sending',
      sendAfter: '2026-11-24T09:00:30.000Z',
      sendWaitReason: reason,
    });
    expect(w.sendsQueued().at(-1)).toMatchObject({ message: { draftId: draft.id }, delaySeconds: 30 });

    // another send of that mailbox meanwhile waits as well
    w.advance(5_000);
    const other = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, other.id);
    await w.deliver(other.id);
    expect(await w.draftOf(other.id)).toMatchObject({ sendAfter: '2026-11-24T09:00:30.000Z' });

    // at 09:00:30 the other one had the slot; the first waits Outlook's gap after it, then goes, once
    w.clock.now = new Date('2026-11-24T09:00:30.000Z');
    await w.deliver(other.id);
    await w.deliver(draft.id);
    expect(await w.draftOf(draft.id)).toMatchObject({ status: 'sending', sendAfter: '2026-11-24T09:00:32.500Z' });
    w.clock.now = new Date('2026-11-24T09:00:32.500Z');
    await w.deliver(draft.id);
    expect(w.mail.sent.map((item) => item.mail.headers?.['X-Outreach-Draft-Id'])).toEqual([other.id, draft.id]);
    expect(await w.draftOf(draft.id)).toMatchObject({ status: 'sent' });
  });
});

describe('the send worker when a queue refuses its message', () => {
  it('records a sent e-mail although the first reply check could not be queued', async () => {
    const w = await world({ refuse: ['reply-check'] });
    const draft = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    expect(await w.deliver(draft.id)).toEqual({ batchItemFailures: [] });
    expect(w.mail.sent).toHaveLength(1);
    expect(await w.draftOf(draft.id)).toMatchObject({ status: 'sent' });
  });

  it('leaves a held send to the due-sends job when it cannot be queued again with a delay', async () => {
    const w = await world();
    const first = await w.newDraft(await w.addContact());
    const second = await w.newDraft(await w.addContact());
    await drafts.sendDraft(w.draftsDeps, w.uid, first.id);
    await drafts.sendDraft(w.draftsDeps, w.uid, second.id);
    await w.deliver(first.id);
    const refusing = sendWorker(
      {
        ...w.sendingDeps,
        queue: {
          send: async () => {
            throw new Error('send refused the message');
          },
          sendMany: w.sendingDeps.queue.sendMany,
        },
      },
      logger,
    );
    expect(
      await refusing({ Records: [sqsRecord(JSON.stringify({ uid: w.uid, draftId: second.id }))] }, lambdaContext()),
    ).toEqual({ batchItemFailures: [] });
    expect(await w.draftOf(second.id)).toMatchObject({
      status: 'sending',
      sendAfter: '2026-11-24T09:00:02.000Z',
      dueAt: '2026-11-24T09:05:02.000Z',
    });
    w.clock.now = new Date('2026-11-24T09:05:03.000Z');
    await queueDueSends({ ...w.draftsDeps, logger });
    expect(
      w
        .sendsQueued()
        .filter((item) => item.message.uid === w.uid)
        .at(-1),
    ).toMatchObject({
      message: { draftId: second.id },
    });
    await w.deliver(second.id);
    expect(w.mail.sent).toHaveLength(2);
  });
});

describe('auto follow-up (DESIGN §6)', () => {
  it('schedules a follow-up in the conversation at followUpTime in the user’s time zone, across a DST change', async () => {
    // sent on Friday 6 March 2026, 10:00 in New York (EST, UTC-5); three days later is after the switch to EDT (UTC-4)
    const w = await world({
      start: '2026-03-06T15:00:00.000Z',
      settings: { timeZone: 'America/New_York', followUpDelay: 3, followUpTime: '09:00' },
    });
    const contactId = await w.addContact({ firstName: 'Grace' });
    const draft = await w.newDraft(contactId, { subject: 'Compilers' });
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);

    const followUps = (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).filter(
      (item) => item.draftType === 'follow_up',
    );
    expect(followUps).toEqual([
      expect.objectContaining({
        conversationId: draft.id,
        status: 'sending',
        isPrimary: false,
        subject: 'Re: Compilers',
        scheduledSendTime: '2026-03-09T13:00:00.000Z',
        mailboxId: w.mailboxId,
      }),
    ]);
    expect(followUps[0]!.body).toContain('Hi Grace,');
    expect(followUps[0]!.body).toContain('"Compilers"');
    // the initial e-mail stays the contact's primary draft
    expect(await drafts.contactPrimaryDraft(w.draftsDeps, w.uid, contactId)).toMatchObject({ id: draft.id });
  });

  it('sends the follow-up when due, threaded under the first e-mail (In-Reply-To, References, thread id)', async () => {
    const w = await world();
    const contactId = await w.addContact();
    const draft = await w.newDraft(contactId, { subject: 'Compilers' });
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);
    const first = w.mail.sent[0]!.result;
    const followUp = (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).find(
      (item) => item.draftType === 'follow_up',
    )!;
    expect(followUp.scheduledSendTime).toBe('2026-11-27T09:00:00.000Z');

    w.clock.now = new Date('2026-11-27T09:00:10.000Z');
    await queueDueSends({ ...w.draftsDeps, logger });
    expect(
      w
        .sendsQueued()
        .filter((item) => item.message.uid === w.uid)
        .at(-1),
    ).toMatchObject({
      message: { draftId: followUp.id },
    });
    await w.deliver(followUp.id);
    expect(w.mail.sent).toHaveLength(2);
    expect(w.mail.sent[1]!.mail).toMatchObject({
      subject: 'Re: Compilers',
      inReplyTo: first.messageId,
      references: [first.messageId],
      threadId: first.threadId,
      messageId: `<draft-${followUp.id.toLowerCase()}@gmail.com>`,
    });
    expect(await getConversation(db, w.uid, draft.id)).toMatchObject({ emailCount: 2 });
    // a follow-up schedules no follow-up of its own
    expect(
      (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).filter((item) => item.draftType === 'follow_up'),
    ).toHaveLength(1);
  });

  it('schedules none with autoFollowUp off', async () => {
    const w = await world({ settings: { autoFollowUp: false } });
    const contactId = await w.addContact();
    const draft = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);
    expect(await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).toEqual([
      expect.objectContaining({ id: draft.id, status: 'sent' }),
    ]);
  });

  it('cancelFollowUps archives the unsent scheduled follow-ups of a replied conversation; the worker then sends none', async () => {
    const w = await world();
    const contactId = await w.addContact();
    const draft = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);
    const followUp = (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).find(
      (item) => item.draftType === 'follow_up',
    )!;

    expect(await cancelFollowUps(db, w.uid, draft.id, w.now())).toEqual([followUp.id]);
    expect(await w.draftOf(followUp.id)).toMatchObject({ status: 'archived' });
    expect(await readItem(db, draftKey(w.uid, followUp.id))).not.toHaveProperty('gsi1pk');
    expect(await cancelFollowUps(db, w.uid, draft.id, w.now())).toEqual([]);
    expect(await cancelFollowUps(db, w.uid, 'no-such-conversation', w.now())).toEqual([]);

    w.clock.now = new Date('2026-11-27T09:00:10.000Z');
    await w.deliver(followUp.id);
    expect(w.mail.sent).toHaveLength(1);
  });

  it('archives a due follow-up instead of sending it when the contact replied meanwhile', async () => {
    const w = await world();
    const contactId = await w.addContact();
    const draft = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);
    const followUp = (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).find(
      (item) => item.draftType === 'follow_up',
    )!;
    // a reply recorded without its cancellation (a crash in between): the worker still sends nothing
    await setAttributes(db, { pk: `USER#${w.uid}`, sk: `CONVERSATION#${draft.id}` }, { replyStatus: 'REPLY_RECEIVED' });
    w.clock.now = new Date('2026-11-27T09:00:10.000Z');
    expect(await w.deliver(followUp.id)).toEqual({ batchItemFailures: [] });
    expect(w.mail.sent).toHaveLength(1);
    expect(await w.draftOf(followUp.id)).toMatchObject({ status: 'archived' });
  });

  it('refuses a second reply once one was sent, also after the sent reply draft was deleted', async () => {
    const w = await world({ settings: { autoFollowUp: false } });
    const contactId = await w.addContact();
    const draft = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);
    const reply = await drafts.createDraft(w.draftsDeps, w.uid, {
      contactId,
      draftType: 'reply',
      conversationId: draft.id,
      subject: 'Re: Compilers and the Navy',
      body: 'Thank you for your answer.',
    });
    w.advance(60_000);
    await drafts.sendDraft(w.draftsDeps, w.uid, reply.id);
    await w.deliver(reply.id);
    expect(await w.draftOf(reply.id)).toMatchObject({ status: 'sent' });
    await drafts.deleteDraft(w.draftsDeps, w.uid, reply.id);
    expect(
      await failure(
        drafts.createDraft(w.draftsDeps, w.uid, { contactId, draftType: 'reply', conversationId: draft.id }),
      ),
    ).toMatchObject({ status: 400, message: draftMessages.replyAlreadySent });
    // the conversation says nothing of it on the wire
    const conversation = await readItem(db, { pk: `USER#${w.uid}`, sk: `CONVERSATION#${draft.id}` });
    expect(conversation).toMatchObject({ repliesSent: 1, emailCount: 2 });
    expect(
      await getConversation(db, w.uid, draft.id).then((wire) => wire && Object.keys(wire).includes('repliesSent')),
    ).toBe(false);
  });

  it('takes one reply to each message of the contact: refused after a sent reply until the contact writes again', async () => {
    const w = await world({ settings: { autoFollowUp: false } });
    const contactId = await w.addContact();
    const draft = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);
    const contactWrites = (id: string, body: string) =>
      recordIncomingEmail(db, w.uid, draft.id, {
        kind: 'reply',
        providerMessageId: id,
        messageId: `<${id}@navy.example>`,
        from: 'grace@navy.example',
        fromName: 'Grace Hopper',
        to: 'ada@gmail.com',
        subject: 'Re: Compilers and the Navy',
        body,
        at: w.now(),
      });
    const replyOf = (body: string) =>
      drafts.createDraft(w.draftsDeps, w.uid, {
        contactId,
        draftType: 'reply',
        conversationId: draft.id,
        isPrimary: false,
        subject: 'Re: Compilers and the Navy',
        body,
      });
    w.advance(60_000);
    await contactWrites('in-1', 'How about Thursday at 5pm CET?');
    w.advance(60_000);
    const first = await replyOf('Thursday at 5pm CET works for me.');
    // a second reply draft written side by side: the first one sent answers the message, the other is refused
    const racing = await replyOf('Thursday suits me.');
    await drafts.sendDraft(w.draftsDeps, w.uid, first.id);
    await w.deliver(first.id);
    expect(await w.draftOf(first.id)).toMatchObject({ status: 'sent' });
    expect(await failure(drafts.sendDraft(w.draftsDeps, w.uid, racing.id))).toMatchObject({
      status: 400,
      message: draftMessages.replyAlreadySent,
    });
    expect(await failure(replyOf('Again?'))).toMatchObject({ status: 400, message: draftMessages.replyAlreadySent });

    // the contact writes again: their new message may be answered, and the draft kept from before is sent
    w.advance(60_000);
    await contactWrites('in-2', 'Great. Shall I send a Zoom link?');
    w.advance(60_000);
    expect(await drafts.sendDraft(w.draftsDeps, w.uid, racing.id)).toMatchObject({ status: 'sending' });
    await w.deliver(racing.id);
    expect(await w.draftOf(racing.id)).toMatchObject({ status: 'sent' });
    expect(await failure(replyOf('And again?'))).toMatchObject({
      status: 400,
      message: draftMessages.replyAlreadySent,
    });
    w.advance(60_000);
    await contactWrites('in-3', 'Here it is.');
    expect(await replyOf('Thank you!')).toMatchObject({ draftType: 'reply', status: 'draft' });
  });

  it('accepts a follow-up draft in a conversation whose initial e-mail was sent; still refuses one where nothing was', async () => {
    const w = await world({ settings: { autoFollowUp: false } });
    const contactId = await w.addContact();
    const draft = await w.newDraft(contactId);
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    await w.deliver(draft.id);
    const followUp = await drafts.createDraft(w.draftsDeps, w.uid, {
      contactId,
      draftType: 'follow_up',
      conversationId: draft.id,
      subject: 'Re: Compilers and the Navy',
      body: 'Just following up.',
    });
    expect(followUp).toMatchObject({ draftType: 'follow_up', conversationId: draft.id });
    w.advance(60_000);
    expect(await drafts.sendDraft(w.draftsDeps, w.uid, followUp.id)).toMatchObject({ status: 'sending' });

    await setAttributes(db, { pk: `USER#${w.uid}`, sk: 'CONVERSATION#empty' }, { entity: 'conversation', contactId });
    expect(
      await failure(
        drafts.createDraft(w.draftsDeps, w.uid, { contactId, draftType: 'follow_up', conversationId: 'empty' }),
      ),
    ).toMatchObject({ status: 400, message: draftMessages.followUpBeforeReply });
  });
});
