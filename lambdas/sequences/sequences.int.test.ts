import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import type { SequenceStep } from '../../shared/schemas/sequences.js';
import { createLogger } from '../core/logger.js';
import { cursorSigner } from '../core/cursor.js';
import { createDataClient } from '../data/client.js';
import { putContacts } from '../data/contact.js';
import { conversationEmails } from '../data/conversation.js';
import { type DraftItem, getDraft } from '../data/draft.js';
import { getDoNotContact } from '../data/do-not-contact.js';
import { createMailbox, type MailboxItem, setDefaultIfNone } from '../data/mailbox.js';
import { getEnrollment } from '../data/sequence.js';
import { profileKey } from '../data/user-profile.js';
import { addDoNotContact, recordIncomingEmail, type IncomingEmail } from '../conversations/index.js';
// biome-ignore lint/style/noRestrictedImports: the test drives the drafts domain's send worker and due-sends job, as the local stack runs them
import { queueDueSends } from '../drafts/due-sends.js';
// biome-ignore lint/style/noRestrictedImports: the test drives the drafts domain's send worker and due-sends job, as the local stack runs them
import { sendWorker } from '../drafts/send-worker.js';
// biome-ignore lint/style/noRestrictedImports: the test drives the drafts domain's send worker and due-sends job, as the local stack runs them
import type { SendingDeps } from '../drafts/sending.js';
// biome-ignore lint/style/noRestrictedImports: the test drives the drafts domain's send worker and due-sends job, as the local stack runs them
import * as drafts from '../drafts/service.js';
// biome-ignore lint/style/noRestrictedImports: the test drives the drafts domain's send worker and due-sends job, as the local stack runs them
import { mailApiDouble } from '../drafts/test/mail-api-double.js';
import type { MailboxesDeps } from '../mailboxes/index.js';
import { seal } from '../providers/crypto/envelope.js';
import { keyFileDataKeys } from '../providers/crypto/key-file.js';
import type { DataKeyPort } from '../providers/crypto/port.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import { lambdaContext } from '../test/api-event.js';
import { memoryIdempotencyStore } from '../test/memory-idempotency.js';
import { setAttributes } from '../test/raw-items.js';
import { sqsRecord } from '../test/sqs-event.js';
import * as sequences from './service.js';

const db = createDataClient(process.env.TABLE_NAME!);
const fileKeys = keyFileDataKeys(process.env.TOKEN_KEY_FILE!);
const storage = s3Storage(createS3Client(), process.env.BUCKET_NAME!);
const logger = createLogger('sequences-test');

/**
 * One user (time zone Europe/Berlin) with a connected Gmail mailbox, the drafts service, the send worker with a MailApi
 * double, the due-sends job and the sequences service, all on one clock that the test moves. The table's stream is
 * played by `settle()`: every draft sent since is handed to the sequences as its change would be.
 */
const world = async (start = '2026-11-23T08:00:00.000Z') => {
  const uid = randomUUID();
  const clock = { now: new Date(start) };
  const now = () => new Date(clock.now);
  const queued: { uid: string; draftId: string }[] = [];
  const queue = {
    send: async (_name: string, message: unknown) => void queued.push(message as never),
    sendMany: async (_name: string, messages: unknown[]) => void queued.push(...(messages as never[])),
  };
  const live = { publish: async () => {} };
  /** called while a send is on its way: after its early checks, before the provider (the mailbox's key is opened) */
  const inFlight: { hook: (() => Promise<void>) | null } = { hook: null };
  const keys: DataKeyPort = {
    ...fileKeys,
    unwrap: async (wrapped, context) => {
      const hook = inFlight.hook;
      inFlight.hook = null;
      if (hook) await hook();
      return fileKeys.unwrap(wrapped, context);
    },
  };
  const draftsDeps: drafts.DraftsDeps = {
    db,
    now,
    newId: drafts.newDraftId,
    cursors: cursorSigner('test-key'),
    live,
    queue,
  };
  const unused = async (): Promise<never> => {
    throw new Error('not a call of sending');
  };
  const auth = {
    scopes: [],
    start: unused,
    exchangeCode: unused,
    refresh: unused,
    mailboxAddress: unused,
    revoke: unused,
  };
  const mailboxesDeps: MailboxesDeps = {
    db,
    keys,
    mail: { gmail: { provider: 'gmail', ...auth }, outlook: { provider: 'outlook', ...auth } },
    mailApis: { gmail: { unwatch: async () => {} }, outlook: { unwatch: async () => {} } },
    live,
    now,
    newId: drafts.newDraftId,
    webOrigin: 'http://localhost:5173',
  };
  const mail = mailApiDouble('gmail', now);
  const other = mailApiDouble('outlook', now);
  const sendingDeps: SendingDeps = {
    db,
    now,
    newId: drafts.newDraftId,
    live,
    logger,
    queue,
    mailboxes: mailboxesDeps,
    mailApis: { gmail: mail.api, outlook: other.api },
    storage,
  };
  const worker = sendWorker(sendingDeps, logger, memoryIdempotencyStore().store);
  const aiWrites: { contactId: string; instructions?: string | undefined }[] = [];
  const deps: sequences.SequencesDeps = {
    db,
    now,
    newId: drafts.newDraftId,
    live,
    logger,
    writeAi: async (_uid, input) => {
      aiWrites.push({ contactId: input.contactId, instructions: input.instructions });
      return { subject: 'ignored', body: `Following up (${input.instructions ?? 'no instructions'})` };
    },
    renderTemplate: async () => null,
  };

  const mailboxId = drafts.newDraftId();
  const mailboxEmail = `ada.${mailboxId.toLowerCase()}@gmail.com`;
  const mailbox: MailboxItem = {
    uid,
    id: mailboxId,
    provider: 'gmail',
    email: mailboxEmail,
    status: 'connected',
    expiry: '2030-01-01T00:00:00.000Z',
    refreshError: null,
    connectedAt: start,
    lastSynced: null,
    updatedAt: start,
    version: 1,
    renewable: true,
    tokens: await seal(
      fileKeys,
      { purpose: 'mailbox-tokens', uid, mailbox: mailboxId },
      { accessToken: `access-${mailboxId}`, refreshToken: `refresh-${mailboxId}` },
    ),
  };
  expect(await createMailbox(db, mailbox)).toBe('created');
  expect(await setDefaultIfNone(db, uid, mailboxId)).toBe(true);
  await setAttributes(db, profileKey(uid), {
    entity: 'userProfile',
    uid,
    email: mailboxEmail,
    displayName: 'Ada Lovelace',
    settings: { ...settingsDefaults, timeZone: 'Europe/Berlin' },
  });

  const addContact = async (fields: { location?: string } = {}) => {
    const contactId = drafts.newDraftId();
    await putContacts(db, [
      {
        uid,
        contactId,
        name: 'Grace Hopper',
        firstName: 'Grace',
        lastName: 'Hopper',
        email: `grace.${contactId.toLowerCase()}@navy.example`,
        emailQevStatus: 'valid',
        ...(fields.location
          ? { experiences: [{ title: 'Admiral', company: 'Navy', location: fields.location, isCurrent: true }] }
          : {}),
        importedAt: start,
        lastUpdated: start,
      } as never,
    ]);
    return contactId;
  };

  /** every draft seen sent, so `settle` hands each to the sequences once, as the stream would */
  const seen = new Set<string>();
  /** the table's stream, played: the sent drafts of the contacts to the sequences */
  const settle = async (contactIds: readonly string[]) => {
    for (const contactId of contactIds) {
      for (const draft of await drafts.contactDrafts(draftsDeps, uid, contactId)) {
        if (draft.status !== 'sent' || seen.has(draft.id)) continue;
        seen.add(draft.id);
        const after = (await getDraft(db, uid, draft.id)) as DraftItem;
        await sequences.onDraftChange(deps, uid, { ...after, status: 'sending' }, after);
      }
      // and the enrolment's own change (a step asked for by an enrolment after the initial e-mail, or a skip)
      await sequences.onEnrollmentChange(deps, uid, await getEnrollment(db, uid, contactId));
    }
  };
  /** the due-sends job, then each queued send delivered to the worker (as often as `times`) */
  const runDue = async (times = 1) => {
    queued.length = 0;
    await queueDueSends({ ...draftsDeps, queue, logger });
    // the due index is the table's: other tests' sends may fall due on this clock too; this user's are delivered
    const messages = queued.filter((message) => message.uid === uid);
    for (let round = 0; round < times; round += 1) {
      for (const message of messages) {
        await worker({ Records: [sqsRecord(JSON.stringify(message), { queue: 'send' })] }, lambdaContext());
      }
    }
    return messages.length;
  };
  const sendInitial = async (contactId: string) => {
    const draft = await drafts.createDraft(draftsDeps, uid, {
      contactId,
      subject: 'Compilers and the Navy',
      body: 'Dear Grace, may I ask you about compilers?',
    });
    await drafts.sendDraft(draftsDeps, uid, draft.id);
    await worker(
      { Records: [sqsRecord(JSON.stringify({ uid, draftId: draft.id }), { queue: 'send' })] },
      lambdaContext(),
    );
    return draft.id;
  };
  const sentTo = (contactId: string) =>
    mail.sent.filter((item) => item.mail.to === `grace.${contactId.toLowerCase()}@navy.example`);
  /** a message of the contact recorded in its conversation (as the reply reader does), handed to the sequences */
  const receive = async (
    contactId: string,
    kind: IncomingEmail['kind'],
    body: string,
    label: Record<string, string> = {},
  ) => {
    const enrollment = await getEnrollment(db, uid, contactId);
    const conversationId = enrollment?.conversationId;
    if (!conversationId) throw new Error(`no conversation on the enrolment: ${JSON.stringify(enrollment)}`);
    await recordIncomingEmail(db, uid, conversationId, {
      kind,
      providerMessageId: `in-${randomUUID()}`,
      messageId: null,
      from: kind === 'bounce' ? 'mailer-daemon@navy.example' : `grace.${contactId.toLowerCase()}@navy.example`,
      fromName: null,
      to: mailboxEmail,
      subject: 'Re: Compilers and the Navy',
      body,
      at: now(),
    });
    const emails = await conversationEmails(db, uid, conversationId);
    const email = emails.filter((item) => item.kind !== 'sent').sort((a, b) => b.at.localeCompare(a.at))[0]!;
    return sequences.onReceivedEmail(deps, uid, { ...email, ...label } as never);
  };
  const createSequence = (steps: SequenceStep[], recipientTimeZone = false) =>
    sequences.createSequence(deps, uid, { name: 'Navy follow-ups', steps, recipientTimeZone });
  return {
    uid,
    clock,
    deps,
    draftsDeps,
    mail,
    inFlight,
    aiWrites,
    addContact,
    settle,
    runDue,
    sendInitial,
    sentTo,
    receive,
    createSequence,
    enrollment: (contactId: string) => getEnrollment(db, uid, contactId),
    at: (iso: string) => {
      clock.now = new Date(iso);
    },
  };
};

const step = (delayDays: number, sendTime = '09:00', fields: Partial<SequenceStep> = {}): SequenceStep => ({
  delayDays,
  businessDaysOnly: false,
  sendTime,
  source: 'ai',
  instructions: `step after ${delayDays} days`,
  ...fields,
});

describe('sequences on the clock', () => {
  it('gives a contact enrolled after its initial e-mail went its first step from the stream, timed from that send, once', async () => {
    const w = await world('2026-11-23T08:00:00.000Z'); // a Monday
    const sequence = await w.createSequence([step(2), step(3)]);
    const contactId = await w.addContact();
    await w.sendInitial(contactId);
    w.at('2026-11-23T15:00:00.000Z');

    expect(await sequences.enroll(w.deps, w.uid, sequence.id, [contactId])).toEqual({ enrolled: 1, skipped: [] });
    // the request wrote no step (an AI step takes seconds): it asked for one
    expect(w.aiWrites).toHaveLength(0);
    expect(await w.enrollment(contactId)).toMatchObject({ stepFrom: expect.any(String), initialSent: true });
    expect(await sequences.listSequences(w.deps, w.uid)).toEqual([
      expect.objectContaining({ id: sequence.id, enrolled: 1 }),
    ]);
    await w.settle([contactId]);
    await w.settle([contactId]); // the enrolment's change delivered again
    const steps = (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).filter(
      (draft) => draft.sequenceId === sequence.id,
    );
    expect(steps).toHaveLength(1);
    // two days after the initial e-mail (Monday 08:00 UTC), at 09:00 Berlin
    expect(steps[0]).toMatchObject({ scheduledSendTime: '2026-11-25T08:00:00.000Z', sequenceStep: 0 });
    expect(w.aiWrites).toHaveLength(1);
    expect(await w.enrollment(contactId)).not.toHaveProperty('stepFrom');

    // a skip asks for the step after it, counted from the skip
    w.at('2026-11-24T10:00:00.000Z');
    await sequences.actOnEnrollment(w.deps, w.uid, sequence.id, contactId, 'skip');
    await w.settle([contactId]);
    const after = (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).filter(
      (draft) => draft.sequenceId === sequence.id && draft.status === 'sending',
    );
    expect(after).toEqual([
      expect.objectContaining({ sequenceStep: 1, scheduledSendTime: '2026-11-27T08:00:00.000Z' }),
    ]);
  });

  it("sends a 3-step sequence in the thread, each step at its hour in the user's zone, then finishes", async () => {
    const w = await world('2026-11-23T08:00:00.000Z'); // a Monday
    const sequence = await w.createSequence([step(2), step(3, '14:30'), step(2, '09:00', { businessDaysOnly: true })]);
    const contactId = await w.addContact();
    expect(await sequences.enroll(w.deps, w.uid, sequence.id, [contactId])).toEqual({ enrolled: 1, skipped: [] });

    await w.sendInitial(contactId);
    await w.settle([contactId]);
    // the sequence replaces the auto follow-up: only its first step is scheduled, 09:00 Berlin two days later
    const scheduled = (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).filter(
      (draft) => draft.draftType === 'follow_up' && draft.status === 'sending',
    );
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]).toMatchObject({
      scheduledSendTime: '2026-11-25T08:00:00.000Z',
      subject: 'Re: Compilers and the Navy',
      body: 'Following up (step after 2 days)',
      sequenceId: sequence.id,
      sequenceStep: 0,
    });
    expect(await w.enrollment(contactId)).toMatchObject({
      status: 'active',
      stepIndex: 0,
      nextSendAt: '2026-11-25T08:00:00.000Z',
    });

    w.at('2026-11-25T07:59:00.000Z');
    expect(await w.runDue()).toBe(0);
    w.at('2026-11-25T08:00:30.000Z');
    expect(await w.runDue()).toBe(1);
    await w.settle([contactId]);
    expect(w.sentTo(contactId)).toHaveLength(2);
    const first = w.sentTo(contactId)[0]!.mail;
    expect(w.sentTo(contactId)[1]!.mail).toMatchObject({
      subject: 'Re: Compilers and the Navy',
      inReplyTo: first.messageId,
      references: [first.messageId],
    });
    // step 2: 3 days later at 14:30 Berlin (13:30 UTC)
    expect(await w.enrollment(contactId)).toMatchObject({ stepIndex: 1, nextSendAt: '2026-11-28T13:30:00.000Z' });
    w.at('2026-11-28T13:31:00.000Z');
    expect(await w.runDue()).toBe(1);
    await w.settle([contactId]);
    // step 3: 2 business days after Saturday 28 November is Tuesday 1 December, 09:00 Berlin
    expect(await w.enrollment(contactId)).toMatchObject({ stepIndex: 2, nextSendAt: '2026-12-01T08:00:00.000Z' });
    w.at('2026-12-01T08:01:00.000Z');
    expect(await w.runDue()).toBe(1);
    await w.settle([contactId]);

    expect(w.sentTo(contactId)).toHaveLength(4);
    expect(await w.enrollment(contactId)).toMatchObject({ status: 'finished', stepIndex: 3 });
    const detail = await sequences.sequenceDetail(w.deps, w.uid, sequence.id);
    expect(detail.stats.steps.map((counts) => counts.sent)).toEqual([1, 1, 1, 1]);
    w.at('2026-12-20T08:00:00.000Z');
    expect(await w.runDue()).toBe(0);
    expect(w.sentTo(contactId)).toHaveLength(4);
  });

  it('sends each step once when its due send is delivered again', async () => {
    const w = await world();
    const sequence = await w.createSequence([step(1)]);
    const contactId = await w.addContact();
    await sequences.enroll(w.deps, w.uid, sequence.id, [contactId]);
    await w.sendInitial(contactId);
    await w.settle([contactId]);
    w.at('2026-11-24T08:01:00.000Z');
    // the job's message delivered three times, and the job run again on the same minute
    expect(await w.runDue(3)).toBe(1);
    expect(await w.runDue(2)).toBe(0);
    await w.settle([contactId]);
    await w.settle([contactId]);
    expect(w.sentTo(contactId)).toHaveLength(2);
    expect(await w.enrollment(contactId)).toMatchObject({ status: 'finished', stepIndex: 1 });
  });
});

describe('stop, pause, go on', () => {
  it('stops at a reply between steps: the next step is called off and never sent', async () => {
    const w = await world();
    const sequence = await w.createSequence([step(1), step(2)]);
    const contactId = await w.addContact();
    await sequences.enroll(w.deps, w.uid, sequence.id, [contactId]);
    await w.sendInitial(contactId);
    await w.settle([contactId]);
    w.at('2026-11-24T08:01:00.000Z');
    await w.runDue();
    await w.settle([contactId]);
    expect(w.sentTo(contactId)).toHaveLength(2);

    await w.receive(contactId, 'reply', 'Happy to talk, call me on Thursday.', { classification: 'interested' });
    expect(await w.enrollment(contactId)).toMatchObject({ status: 'stopped', stoppedReason: 'replied' });
    const steps = (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).filter((draft) => draft.sequenceId);
    expect(steps.map((draft) => draft.status).sort()).toEqual(['archived', 'sent']);
    w.at('2026-12-10T08:00:00.000Z');
    expect(await w.runDue()).toBe(0);
    expect(w.sentTo(contactId)).toHaveLength(2);
    const detail = await sequences.sequenceDetail(w.deps, w.uid, sequence.id);
    expect(detail.stats.steps[1]).toMatchObject({ sent: 1, replied: 1, positive: 1 });
  });

  it('sends no step once a reply is recorded while the step is on its way to the provider', async () => {
    const w = await world();
    const sequence = await w.createSequence([step(1), step(2)]);
    const contactId = await w.addContact();
    await sequences.enroll(w.deps, w.uid, sequence.id, [contactId]);
    await w.sendInitial(contactId);
    await w.settle([contactId]);
    w.at('2026-11-24T08:01:00.000Z');
    // the reply is recorded after the send's early checks, before it reaches the provider (the stream has not
    // stopped the enrolment yet)
    w.inFlight.hook = async () => {
      const enrollment = await w.enrollment(contactId);
      await recordIncomingEmail(db, w.uid, enrollment!.conversationId!, {
        kind: 'reply',
        providerMessageId: `in-${randomUUID()}`,
        messageId: null,
        from: `grace.${contactId.toLowerCase()}@navy.example`,
        fromName: null,
        to: 'ada@gmail.com',
        subject: 'Re: Compilers and the Navy',
        body: 'Yes, let us talk.',
        at: new Date(w.clock.now),
      });
    };
    expect(await w.runDue()).toBe(1);
    expect(w.inFlight.hook).toBeNull();
    expect(w.sentTo(contactId)).toHaveLength(1);
    const steps = (await drafts.contactDrafts(w.draftsDeps, w.uid, contactId)).filter((draft) => draft.sequenceId);
    expect(steps.map((draft) => draft.status)).toEqual(['archived']);
  });

  it("pauses on an out-of-office until one business day after its 'back on' date, at the step's hour in the contact's zone", async () => {
    const w = await world('2026-11-23T08:00:00.000Z');
    const sequence = await w.createSequence([step(1, '09:00'), step(2, '09:00')], true);
    const contactId = await w.addContact({ location: 'Tokyo, Japan' });
    await sequences.enroll(w.deps, w.uid, sequence.id, [contactId]);
    await w.sendInitial(contactId);
    await w.settle([contactId]);
    // 09:00 in Tokyo (00:00 UTC) the next day
    expect(await w.enrollment(contactId)).toMatchObject({ nextSendAt: '2026-11-24T00:00:00.000Z' });

    w.at('2026-11-23T12:00:00.000Z');
    // 'I am away until Friday 4 December, back on 4 December': one business day after is Monday 7 December
    await w.receive(contactId, 'auto_reply', 'I am out of the office, back on 4 December.', {
      classification: 'out_of_office',
      returnDate: '2026-12-04',
    });
    expect(await w.enrollment(contactId)).toMatchObject({
      status: 'paused',
      pausedUntil: '2026-12-07T00:00:00.000Z',
      nextSendAt: '2026-12-07T00:00:00.000Z',
    });
    w.at('2026-11-24T00:01:00.000Z');
    expect(await w.runDue()).toBe(0);
    w.at('2026-12-06T23:59:00.000Z');
    expect(await w.runDue()).toBe(0);
    expect(w.sentTo(contactId)).toHaveLength(1);
    w.at('2026-12-07T00:00:30.000Z');
    expect(await w.runDue()).toBe(1);
    await w.settle([contactId]);
    expect(w.sentTo(contactId)).toHaveLength(2);
    // it goes on: active, the next step two days after, an out-of-office counted as no reply
    expect(await w.enrollment(contactId)).toMatchObject({
      status: 'active',
      stepIndex: 1,
      nextSendAt: '2026-12-09T00:00:00.000Z',
    });
    const detail = await sequences.sequenceDetail(w.deps, w.uid, sequence.id);
    expect(detail.stats.total.replied).toBe(0);
  });

  it('pauses 7 days on an automatic answer that states no return date', async () => {
    const w = await world('2026-11-23T08:00:00.000Z');
    const sequence = await w.createSequence([step(1, '10:00')]);
    const contactId = await w.addContact();
    await sequences.enroll(w.deps, w.uid, sequence.id, [contactId]);
    await w.sendInitial(contactId);
    await w.settle([contactId]);
    await w.receive(contactId, 'auto_reply', 'Automatic reply: I am away.');
    // 7 days from Monday 23 November, 10:00 Berlin
    expect(await w.enrollment(contactId)).toMatchObject({ status: 'paused', pausedUntil: '2026-11-30T09:00:00.000Z' });
  });

  it('stops on a bounce and on an unsubscribe, and both addresses are on the do-not-contact list', async () => {
    const w = await world();
    const sequence = await w.createSequence([step(1), step(2)]);
    const bounced = await w.addContact();
    const leaving = await w.addContact();
    await sequences.enroll(w.deps, w.uid, sequence.id, [bounced, leaving]);
    await w.sendInitial(bounced);
    await w.settle([bounced]);
    // the sending guard spreads a mailbox's sends: the second one a few minutes later
    w.at('2026-11-23T08:10:00.000Z');
    await w.sendInitial(leaving);
    await w.settle([leaving]);

    await w.receive(bounced, 'bounce', 'Delivery to the following recipient failed permanently.');
    await w.receive(leaving, 'reply', 'Please unsubscribe me and stop emailing me.', {
      classification: 'unsubscribe',
    });
    expect(await w.enrollment(bounced)).toMatchObject({ status: 'stopped', stoppedReason: 'bounced' });
    expect(await w.enrollment(leaving)).toMatchObject({ status: 'stopped', stoppedReason: 'unsubscribed' });
    expect(await getDoNotContact(db, w.uid, `grace.${bounced.toLowerCase()}@navy.example`)).toMatchObject({
      reason: 'bounce',
    });
    expect(await getDoNotContact(db, w.uid, `grace.${leaving.toLowerCase()}@navy.example`)).toMatchObject({
      reason: 'unsubscribe',
    });
    w.at('2026-12-10T08:00:00.000Z');
    expect(await w.runDue()).toBe(0);
    const detail = await sequences.sequenceDetail(w.deps, w.uid, sequence.id);
    expect(detail.stats.steps[0]).toMatchObject({ sent: 2, bounced: 1, unsubscribed: 1, replied: 0 });
  });

  it('waits, saying why, rather than send a step to an address put on the do-not-contact list', async () => {
    const w = await world();
    const sequence = await w.createSequence([step(1)]);
    const contactId = await w.addContact();
    await sequences.enroll(w.deps, w.uid, sequence.id, [contactId]);
    await w.sendInitial(contactId);
    await w.settle([contactId]);
    await addDoNotContact(db, w.uid, `grace.${contactId.toLowerCase()}@navy.example`, 'manual');
    w.at('2026-11-24T08:01:00.000Z');
    expect(await w.runDue()).toBe(1);
    expect(w.sentTo(contactId)).toHaveLength(1);
    const enrollment = await w.enrollment(contactId);
    const draft = (await getDraft(db, w.uid, enrollment!.draftId!))!;
    expect(draft).toMatchObject({ status: 'sending', sendWaitReason: expect.stringContaining('do-not-contact') });
    await sequences.onDraftChange(w.deps, w.uid, { ...draft, sendWaitReason: undefined } as never, draft);
    expect(await w.enrollment(contactId)).toMatchObject({ status: 'active', waitReason: draft.sendWaitReason });
  });
});
