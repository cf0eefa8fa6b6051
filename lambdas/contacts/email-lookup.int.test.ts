import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/net.js';
import { enrichmentVendor } from '../../infra/local/sandbox/enrichment.js';
import { startSandbox, type Sandbox } from '../../infra/local/sandbox/server.js';
import { conventionOf, verificationVendor } from '../../infra/local/sandbox/verification.js';
import type { LiveEvent } from '../../shared/live-events.js';
import type { EmailLookupMessage } from '../../shared/schemas/contacts.js';
import { cursorSigner } from '../core/cursor.js';
import { Reply } from '../core/envelope.js';
import { createLogger } from '../core/logger.js';
import { getActivity } from '../data/activity.js';
import type { DataClient } from '../data/client.js';
import { contactKey, getContact, putContacts, type ContactItem } from '../data/contact.js';
import { getSharedProfile, upsertSharedProfile } from '../data/shared-profile.js';
import { peopleDataLabsEnrichment } from '../providers/enrichment/peopledatalabs.js';
import type { QueuePort } from '../providers/queue/port.js';
import type { Verifier } from '../providers/verification/port.js';
import { quickEmailVerification } from '../providers/verification/quickemailverification.js';
import { countingDataClient } from '../test/counting-client.js';
import { readItem } from '../test/raw-items.js';
import { memoryIdempotencyStore } from '../test/memory-idempotency.js';
import { sqsEvent, sqsRecord } from '../test/sqs-event.js';
import { lookUpEmail, lookupActivityMessages, type EmailLookupDeps } from './email-lookup.js';
import { lookupRedrive, redriveLookups } from './email-lookup-redrive.js';
import { emailLookupWorker } from './email-lookup-worker.js';
import { mayLookUp } from './lookup-rules.js';
import * as contacts from './service.js';

let sandbox: Sandbox;
let vendor: Verifier;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: await freePort(),
    vendors: [verificationVendor, enrichmentVendor],
    log: () => {},
  });
  vendor = quickEmailVerification({
    baseUrl: `${sandbox.url}/quickemailverification/v1`,
    apiKey: 'sandbox-verification-key',
    apiKeySecret: undefined,
  });
});
afterAll(() => sandbox.stop());

const now = new Date('2026-11-21T10:00:00.000Z');

const setup = (clock: () => Date = () => now) => {
  const db = countingDataClient();
  const store = db.data;
  const verified: string[] = [];
  const verifier: Verifier = {
    verify: (email) => {
      verified.push(email);
      return vendor.verify(email);
    },
  };
  const deps: EmailLookupDeps = { db: store, verifier, now: clock };
  return { db, store, deps, verified };
};

type Person = { firstName: string; lastName: string; domain?: string };

/** A shared profile of a person (as enrichment leaves it) and one user's contact of it. */
const seed = async (store: DataClient, person: Person, contact: Partial<ContactItem> = {}) => {
  const canonicalLinkedinUrl = `https://www.linkedin.com/in/${person.firstName.toLowerCase()}-${randomUUID()}`;
  await upsertSharedProfile(store, canonicalLinkedinUrl, {
    firstName: person.firstName,
    lastName: person.lastName,
    name: `${person.firstName} ${person.lastName}`,
    companyDomain: person.domain ?? '',
    updatedAt: now.toISOString(),
  });
  return addContact(store, canonicalLinkedinUrl, person, contact);
};

const addContact = async (
  store: DataClient,
  sharedContactId: string | undefined,
  person: Person,
  contact: Partial<ContactItem> = {},
) => {
  const item = {
    uid: randomUUID(),
    contactId: randomUUID(),
    firstName: person.firstName,
    lastName: person.lastName,
    name: `${person.firstName} ${person.lastName}`,
    ...(sharedContactId ? { sharedContactId, canonicalLinkedinUrl: sharedContactId } : {}),
    importedAt: now.toISOString(),
    lastUpdated: now.toISOString(),
    ...contact,
  };
  await putContacts(store, [item]);
  return item;
};

const mailboxOf = (first: string, last: string, domain: string) => {
  const pattern = conventionOf(first[0]!, last, domain);
  const local = { 'first.last': `${first}.${last}`, first_last: `${first}_${last}`, 'f.last': `${first[0]}.${last}` }[
    pattern
  ];
  return { pattern, email: `${local}@${domain}` };
};

describe('e-mail lookup against DynamoDB Local and the verification sandbox', () => {
  it('finds the valid address of the first matching pattern and records how', async () => {
    const { store, deps, verified } = setup();
    const contact = await seed(store, { firstName: 'Grace', lastName: 'Hopper', domain: 'navy-systems.com' });
    const expected = mailboxOf('grace', 'hopper', 'navy-systems.com');

    const outcome = await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 1 });

    expect(outcome).toMatchObject({ kind: 'written', status: 'found_valid' });
    expect(verified.at(-1)).toBe(expected.email);
    expect(await getContact(store, contact.uid, contact.contactId)).toMatchObject({
      email: expected.email,
      emailSource: 'lookup',
      emailQevStatus: 'valid',
      emailQevReason: 'accepted_email',
      emailVerifiedAt: now.toISOString(),
      emailLookupStatus: 'found_valid',
      emailLookupAttempts: 1,
      emailLookupLastAttempt: now.toISOString(),
      emailNotFoundConfidence: 0,
      emailPatternUsed: expected.pattern,
    });
  });

  it('keeps a risky address on an accept-all domain after one check', async () => {
    const { store, deps, verified } = setup();
    const contact = await seed(store, { firstName: 'Ada', lastName: 'Lovelace', domain: 'catchall-engines.com' });

    await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 1 });

    expect(verified).toEqual(['ada.lovelace@catchall-engines.com']);
    const stored = await getContact(store, contact.uid, contact.contactId);
    expect(stored).toMatchObject({
      email: 'ada.lovelace@catchall-engines.com',
      emailQevStatus: 'accept_all',
      emailLookupStatus: 'found_risky',
      emailPatternUsed: 'first.last',
    });
    expect(mayLookUp(stored!)).toBe(true);
    expect((await getSharedProfile(store, contact.sharedContactId!))?.email).toBe('');
  });

  it('records a confident not-found when every address is rejected, and refuses further lookups', async () => {
    const { store, deps, verified } = setup();
    const contact = await seed(store, { firstName: 'Alan', lastName: 'Turing', domain: 'unknown-co.com' });

    await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 1 });
    const stored = await getContact(store, contact.uid, contact.contactId);
    expect(stored).toMatchObject({ email: '', emailLookupStatus: 'not_found', emailLookupAttempts: 1 });
    expect(stored!.emailNotFoundConfidence).toBeGreaterThan(0.9);
    expect(verified).toHaveLength(10);

    verified.splice(0);
    expect(await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 2 })).toEqual({
      kind: 'refused',
    });
    expect(verified).toEqual([]);
  });

  it('records a not-found it is unsure of when the company has no known domain', async () => {
    const { store, deps, verified } = setup();
    const contact = await seed(store, { firstName: 'Katherine', lastName: 'Johnson' });

    await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 1 });

    expect(verified).toEqual([]);
    const stored = await getContact(store, contact.uid, contact.contactId);
    expect(stored).toMatchObject({ emailLookupStatus: 'not_found', emailQevReason: 'no_company_domain' });
    expect(mayLookUp(stored!)).toBe(true);
  });

  it('changes nothing when the same message is delivered again', async () => {
    const { db, store, deps, verified } = setup();
    const contact = await seed(store, { firstName: 'Barbara', lastName: 'Liskov', domain: 'unknown-co.com' });
    const message = { uid: contact.uid, contactId: contact.contactId, attempt: 1 };
    await lookUpEmail(deps, message);
    const first = await getContact(store, contact.uid, contact.contactId);
    db.reset();
    verified.splice(0);

    expect(await lookUpEmail({ ...deps, now: () => new Date('2026-11-22T00:00:00.000Z') }, message)).toEqual({
      kind: 'spent',
    });

    expect(db.calls).toEqual(['GetItemCommand']);
    expect(verified).toEqual([]);
    expect(await getContact(store, contact.uid, contact.contactId)).toEqual(first);
  });

  it('writes once when two deliveries of one attempt run at the same time', async () => {
    const { db, store, deps } = setup();
    const contact = await seed(store, { firstName: 'Edsger', lastName: 'Dijkstra', domain: 'unknown-co.com' });
    const message = { uid: contact.uid, contactId: contact.contactId, attempt: 1 };
    db.reset();

    const outcomes = await Promise.all([lookUpEmail(deps, message), lookUpEmail(deps, message)]);

    expect(outcomes.filter((outcome) => outcome.kind === 'written')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind !== 'written')).toEqual([
      { kind: expect.stringMatching(/^(raced|spent)$/) },
    ]);
    expect((await getContact(store, contact.uid, contact.contactId))!.emailLookupAttempts).toBe(1);
  });

  it('stops after 3 attempts', async () => {
    const { store, deps, verified } = setup();
    // every answer is 'unknown': risky, so SPEC §5 allows another try, until the third
    const contact = await seed(store, { firstName: 'Radia', lastName: 'Perlman', domain: 'timeout-networks.com' });
    for (const attempt of [1, 2, 3]) {
      expect(await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt })).toMatchObject({
        kind: 'written',
        status: 'found_risky',
      });
    }
    const stored = await getContact(store, contact.uid, contact.contactId);
    expect(stored).toMatchObject({ emailLookupAttempts: 3, emailQevStatus: 'unknown' });
    expect(mayLookUp(stored!)).toBe(false);
    verified.splice(0);

    expect(await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 4 })).toEqual({
      kind: 'refused',
    });
    expect(verified).toEqual([]);
  });

  it('refuses a message for a fourth attempt even when fewer were recorded', async () => {
    const { store, deps, verified } = setup();
    const contact = await seed(
      store,
      { firstName: 'Ida', lastName: 'Rhodes', domain: 'timeout-labs.com' },
      { emailLookupAttempts: 1 },
    );
    expect(await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 4 })).toEqual({
      kind: 'refused',
    });
    expect(verified).toEqual([]);
  });

  it("keeps a found address on the shared profile, and gives it to another user's contact without a check", async () => {
    const { store, deps, verified } = setup();
    const person = { firstName: 'Margaret', lastName: 'Hamilton', domain: 'apollo-guidance.com' };
    const first = await seed(store, person, { notes: 'met at the conference' });
    await lookUpEmail(deps, { uid: first.uid, contactId: first.contactId, attempt: 1 });
    const found = await getContact(store, first.uid, first.contactId);
    expect(await getSharedProfile(store, first.sharedContactId!)).toMatchObject({
      email: found!.email,
      emailQevStatus: 'valid',
      emailPatternUsed: found!.emailPatternUsed,
    });

    const second = await addContact(store, first.sharedContactId, person);
    verified.splice(0);
    await lookUpEmail(deps, { uid: second.uid, contactId: second.contactId, attempt: 1 });

    expect(verified).toEqual([]);
    const copied = await getContact(store, second.uid, second.contactId);
    expect(copied).toMatchObject({
      email: found!.email,
      emailSource: 'shared_profile',
      emailQevStatus: 'valid',
      emailLookupStatus: 'found_valid',
      emailLookupAttempts: 1,
      notes: '',
    });
  });

  it("verifies a user's own address first, and keeps it off the shared profile", async () => {
    const { store, deps, verified } = setup();
    const own = mailboxOf('donald', 'knuth', 'taocp-press.com');
    const contact = await seed(
      store,
      { firstName: 'Donald', lastName: 'Knuth', domain: 'taocp-press.com' },
      { email: own.email, emailSource: 'manual' },
    );

    await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 1 });

    expect(verified).toEqual([own.email]);
    expect(await getContact(store, contact.uid, contact.contactId)).toMatchObject({
      email: own.email,
      emailSource: 'manual',
      emailQevStatus: 'valid',
      emailLookupStatus: 'found_valid',
    });
    expect((await getSharedProfile(store, contact.sharedContactId!))?.email).toBe('');
  });

  it('verifies an address the user enters after the lookups ran out, without looking further', async () => {
    const { store, deps, verified } = setup();
    const contact = await seed(
      store,
      { firstName: 'Hedy', lastName: 'Lamarr', domain: 'unknown-co.com' },
      {
        email: 'hedy@unknown-co.com',
        emailSource: 'manual',
        emailLookupAttempts: 3,
        emailLookupStatus: 'not_found',
        emailNotFoundConfidence: 0.95,
      },
    );

    await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 4 });

    expect(verified).toEqual(['hedy@unknown-co.com']);
    expect(await getContact(store, contact.uid, contact.contactId)).toMatchObject({
      email: 'hedy@unknown-co.com',
      emailQevStatus: 'invalid',
      emailQevReason: 'rejected_email',
      emailLookupStatus: 'not_found',
      emailLookupAttempts: 4,
    });
  });

  it("looks further when a user's own address does not exist", async () => {
    const { store, deps, verified } = setup();
    const expected = mailboxOf('frances', 'allen', 'ibm-research-demo.com');
    const contact = await seed(
      store,
      { firstName: 'Frances', lastName: 'Allen', domain: 'ibm-research-demo.com' },
      { email: 'fran.allen.typo@ibm-research-demo.com', emailSource: 'manual' },
    );

    await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 1 });

    expect(verified[0]).toBe('fran.allen.typo@ibm-research-demo.com');
    expect(await getContact(store, contact.uid, contact.contactId)).toMatchObject({
      email: expected.email,
      emailSource: 'lookup',
      emailLookupStatus: 'found_valid',
    });
  });
});

const record = (body: string): SQSRecord => ({
  messageId: randomUUID(),
  receiptHandle: randomUUID(),
  body,
  attributes: {
    ApproximateReceiveCount: '1',
    SentTimestamp: String(now.getTime()),
    SenderId: 'local',
    ApproximateFirstReceiveTimestamp: String(now.getTime()),
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:email-lookup',
  awsRegion: 'us-east-1',
});

describe('the email-lookup worker', () => {
  it('reports poison messages and a vendor failure, and completes the rest of the batch', async () => {
    const { store, deps } = setup();
    const logger = createLogger('contacts');
    const errors = vi.spyOn(logger, 'error');
    const worker = emailLookupWorker(deps, logger);
    const healthy = await seed(store, { firstName: 'Tim', lastName: 'Berners-Lee', domain: 'web-consortium.org' });
    const failing = await seed(store, { firstName: 'Vint', lastName: 'Cerf', domain: 'outage-networks.com' });
    const poison = record('{"uid": 42}');
    const garbage = record('not json');
    const failed = record(JSON.stringify({ uid: failing.uid, contactId: failing.contactId, attempt: 1 }));
    const event: SQSEvent = {
      Records: [
        poison,
        garbage,
        failed,
        record(JSON.stringify({ uid: healthy.uid, contactId: healthy.contactId, attempt: 1 })),
        record(JSON.stringify({ uid: healthy.uid, contactId: 'no-such-contact', attempt: 1 })),
      ],
    };

    const response = await worker(event);

    // poison comes back until its max receives, then waits in the dead-letter queue (lambdas/core/worker.ts)
    expect(response).toEqual({
      batchItemFailures: [poison, garbage, failed].map((item) => ({ itemIdentifier: item.messageId })),
    });
    expect(errors.mock.calls.filter(([message]) => String(message).startsWith('a poison message'))).toHaveLength(2);
    expect(await getContact(store, healthy.uid, healthy.contactId)).toMatchObject({
      emailLookupStatus: 'found_valid',
      email: mailboxOf('tim', 'bernerslee', 'web-consortium.org').email,
    });
    // the failed attempt is not spent: the retried message runs it again
    expect(await getContact(store, failing.uid, failing.contactId)).toMatchObject({
      emailLookupStatus: 'error',
      emailLookupAttempts: 0,
      emailLookupLastAttempt: now.toISOString(),
    });
    expect(await worker({ Records: [failed] })).toEqual({ batchItemFailures: [{ itemIdentifier: failed.messageId }] });
  });

  it('looks a redelivered message up once: the copy costs one conditional write and no verification', async () => {
    const { db, store, deps, verified } = setup();
    const worker = emailLookupWorker(deps, createLogger('contacts'));
    const contact = await seed(store, { firstName: 'Barbara', lastName: 'Liskov', domain: 'clu-systems.org' });
    const message = record(JSON.stringify({ uid: contact.uid, contactId: contact.contactId, attempt: 1 }));

    expect(await worker({ Records: [message] })).toEqual({ batchItemFailures: [] });
    const checks = verified.length;
    expect(checks).toBeGreaterThan(0);

    db.reset();
    const redelivered = { ...message, attributes: { ...message.attributes, ApproximateReceiveCount: '2' } };
    expect(await worker({ Records: [redelivered] })).toEqual({ batchItemFailures: [] });
    expect(verified).toHaveLength(checks);
    expect(db.calls).toEqual(['PutItemCommand']);
  });

  it("counts a request's 3 contacts on its activity action once each: found, not found, failed for good", async () => {
    const { store, deps, queue } = serviceSetup();
    const events: LiveEvent[] = [];
    const lookup = setup();
    const worker = emailLookupWorker(
      { ...lookup.deps, live: { publish: async (_uid, event) => void events.push(event) } },
      createLogger('contacts'),
    );
    const uid = randomUUID();
    const found = await seed(store, { firstName: 'Grace', lastName: 'Hopper', domain: 'cobol-systems.org' }, { uid });
    const notFound = await seed(store, { firstName: 'Hedy', lastName: 'Lamarr', domain: 'unknown-co.com' }, { uid });
    const failing = await seed(store, { firstName: 'Vint', lastName: 'Cerf', domain: 'outage-networks.com' }, { uid });

    await contacts.lookupEmails(deps, uid, { contact_ids: [found.contactId, notFound.contactId, failing.contactId] });
    const sent = queue.take(uid);
    expect(sent).toHaveLength(3);
    const activityId = sent[0]!.activityId!;
    expect(sent.every((message) => message.activityId === activityId)).toBe(true);
    expect(await getActivity(store, uid, activityId)).toMatchObject({
      actionType: 'find_emails',
      status: 'in_progress',
      profileCount: 3,
      completedCount: 0,
    });

    const records = sent.map((message) => record(JSON.stringify(message)));
    const [first, , third] = records as [SQSRecord, SQSRecord, SQSRecord];
    expect(await worker({ Records: records })).toEqual({ batchItemFailures: [{ itemIdentifier: third.messageId }] });
    // the vendor failure is not counted before its last receive; a copy of a counted message counts nothing
    expect(
      await worker({ Records: [{ ...third, attributes: { ...third.attributes, ApproximateReceiveCount: '4' } }] }),
    ).toEqual({ batchItemFailures: [{ itemIdentifier: third.messageId }] });
    const copy = { ...first, messageId: randomUUID() };
    await emailLookupWorker(lookup.deps, createLogger('contacts'), memoryIdempotencyStore().store)({ Records: [copy] });
    expect(await getActivity(store, uid, activityId)).toMatchObject({
      status: 'in_progress',
      completedCount: 2,
      fetchedCount: 1,
      failedCount: 0,
    });

    const last = { ...third, attributes: { ...third.attributes, ApproximateReceiveCount: '5' } };
    await worker({ Records: [last] });
    expect(await getActivity(store, uid, activityId)).toMatchObject({
      status: 'completed',
      completedAt: expect.any(String),
      completedCount: 2,
      fetchedCount: 1,
      failedCount: 1,
      error: lookupActivityMessages.failed,
    });
    expect(events.filter((event) => event.type === 'activity.changed').map((event) => event.data)).toEqual([
      { id: activityId, status: 'in_progress' },
      { id: activityId, status: 'in_progress' },
      { id: activityId, status: 'completed' },
    ]);
  });

  it('runs a refused attempt again once the user typed an address (a refusal spends no attempt, SPEC §5)', async () => {
    const { store, deps, verified } = setup();
    const worker = emailLookupWorker(deps, createLogger('contacts'));
    const contact = await seed(
      store,
      { firstName: 'Hedy', lastName: 'Lamarr', domain: 'unknown-co.com' },
      { emailLookupAttempts: 3, emailLookupStatus: 'not_found', emailNotFoundConfidence: 0.95 },
    );
    const body = JSON.stringify({ uid: contact.uid, contactId: contact.contactId, attempt: 4 });

    await worker({ Records: [record(body)] });
    expect(verified).toEqual([]);

    const own = mailboxOf('hedy', 'lamarr', 'unknown-co.com');
    await putContacts(store, [{ ...contact, email: own.email, emailSource: 'manual', emailNotFoundConfidence: 0 }]);
    await worker({ Records: [record(body)] });
    expect(verified).toEqual([own.email]);
    expect(await getContact(store, contact.uid, contact.contactId)).toMatchObject({
      email: own.email,
      emailLookupAttempts: 4,
    });
  });
});

/** The queue port as the contacts service sees it: it keeps every message, or refuses every send while `failing`. */
const recordingQueue = () => {
  const queue = {
    messages: [] as EmailLookupMessage[],
    failing: false,
    /** the messages of one user taken off the queue (other tests' contacts may owe lookups too) */
    take: (uid: string) => {
      const taken = queue.messages.filter((message) => message.uid === uid);
      queue.messages = queue.messages.filter((message) => message.uid !== uid);
      return taken;
    },
    port: {
      send: async (_name, message) => {
        if (queue.failing) throw new Error('SQS is unavailable');
        queue.messages.push(message as EmailLookupMessage);
      },
      sendMany: async (_name, messages) => {
        if (queue.failing) throw new Error('SQS is unavailable');
        queue.messages.push(...(messages as EmailLookupMessage[]));
      },
    } satisfies QueuePort,
  };
  return queue;
};

/**
 * The contacts service over DynamoDB Local and the sandbox's People Data Labs, its queue (`recordingQueue`), and the
 * e-mail lookup worker (with its DynamoDB idempotency) to deliver the queue's messages to.
 */
const serviceSetup = (clock: () => Date = () => now) => {
  const lookup = setup(clock);
  const queue = recordingQueue();
  const deps: contacts.ContactsDeps = {
    db: lookup.store,
    enrichment: peopleDataLabsEnrichment({ apiKey: 'sandbox-key', baseUrl: `${sandbox.url}/pdl` }),
    queue: queue.port,
    now: clock,
    newId: contacts.newContactId,
    cursors: cursorSigner('test-key'),
  };
  const worker = emailLookupWorker(lookup.deps, createLogger('contacts'));
  const deliver = (messages: EmailLookupMessage[]) =>
    worker(sqsEvent(...messages.map((message) => sqsRecord(JSON.stringify(message), { queue: 'email-lookup' }))));
  return { ...lookup, deps, queue, deliver };
};

const add = async (deps: contacts.ContactsDeps, uid: string, body: Parameters<typeof contacts.createContact>[2]) => {
  const reply = await contacts.createContact(deps, uid, body);
  expect(reply).toBeInstanceOf(Reply);
  return (reply as Reply<contacts.ContactWire>).data;
};

// LinkedIn slugs end in an id with digits, which the sandbox leaves out of the person's name
const profileUrl = (name: string) => `https://www.linkedin.com/in/${name}-${randomUUID().slice(0, 8)}7`;

describe("the shared profile's e-mail", () => {
  it("keeps an address built from a user's own edits on their contact: another user adding the person does not get it", async () => {
    const { store, deps, queue, deliver } = serviceSetup();
    const url = profileUrl('ada-lovelace');
    const userA = randomUUID();
    const added = await add(deps, userA, { linkedin_url: url });
    const domain = (await getSharedProfile(store, added.canonical_linkedin_url))!.companyDomain!;
    expect(domain).toMatch(/\.example$/);

    // A puts a person of their choosing on the contact before its lookup runs
    await contacts.updateContact(deps, userA, added.id, {
      first_name: 'Mallory',
      last_name: 'Planted',
      company: 'planted-holdings.example',
    });
    await deliver(queue.take(userA));
    // the company A keeps is not the profile's: the lookup works at its domain (the file's or edit's company wins)
    const planted = mailboxOf('mallory', 'planted', 'planted-holdings.example').email;
    expect(await getContact(store, userA, added.id)).toMatchObject({
      email: planted,
      emailSource: 'lookup',
      emailLookupStatus: 'found_valid',
    });
    expect((await getSharedProfile(store, added.canonical_linkedin_url))?.email).toBe('');

    // B adds the same person: nothing of A's comes with it; B's own lookup finds the person's address from the profile
    const userB = randomUUID();
    const ofB = await add(deps, userB, { linkedin_url: url });
    expect(ofB).toMatchObject({ email: '', email_lookup_status: 'pending' });
    await deliver(queue.take(userB));
    const real = mailboxOf('ada', 'lovelace', domain).email;
    expect(await getContact(store, userB, ofB.id)).toMatchObject({ email: real, emailLookupStatus: 'found_valid' });
    expect(await getSharedProfile(store, added.canonical_linkedin_url)).toMatchObject({
      email: real,
      emailQevStatus: 'valid',
    });

    // the normal case: an address found from the profile's own names and domain reaches the next user at once
    const userC = randomUUID();
    expect(await add(deps, userC, { linkedin_url: url })).toMatchObject({
      email: real,
      email_source: 'shared_profile',
      email_lookup_status: 'found_valid',
    });
    expect(queue.take(userC)).toEqual([]);
    expect((await getContact(store, userA, added.id))?.email).toBe(planted);
  });

  it('keeps an address found at a company domain the user typed off the shared profile', async () => {
    const { store, deps } = setup();
    // the vendor knows the person but not their employer's domain
    const contact = await seed(store, { firstName: 'Grace', lastName: 'Hopper' }, { company: 'planted-corp.com' });

    await lookUpEmail(deps, { uid: contact.uid, contactId: contact.contactId, attempt: 1 });

    expect(await getContact(store, contact.uid, contact.contactId)).toMatchObject({
      email: mailboxOf('grace', 'hopper', 'planted-corp.com').email,
      emailLookupStatus: 'found_valid',
    });
    expect((await getSharedProfile(store, contact.sharedContactId!))?.email).toBe('');
  });

  it('shares nothing when the profile was enriched again while the lookup ran', async () => {
    const { store, deps } = setup();
    const person = { firstName: 'Annie', lastName: 'Easley', domain: 'nasa-lewis.com' };
    const contact = await seed(store, person);
    const enrichedAgain: Verifier = {
      verify: async (email) => {
        await upsertSharedProfile(store, contact.sharedContactId!, {
          firstName: 'Someone',
          lastName: 'Else',
          companyDomain: 'elsewhere.com',
          linkedinScrapedAt: now.toISOString(),
          updatedAt: now.toISOString(),
        });
        return deps.verifier.verify(email);
      },
    };

    await lookUpEmail(
      { ...deps, verifier: enrichedAgain },
      { uid: contact.uid, contactId: contact.contactId, attempt: 1 },
    );

    expect((await getContact(store, contact.uid, contact.contactId))?.emailLookupStatus).toBe('found_valid');
    expect((await getSharedProfile(store, contact.sharedContactId!))?.email).toBe('');
  });
});

describe('a lookup owed by a contact (never lost between the write and the send)', () => {
  // clocks years before every other test's: the index of owed lookups holds every test's contacts of this run
  const at = (base: string, minutes: number) => new Date(new Date(base).getTime() + minutes * 60_000);

  const redriveSetup = (base: string) => {
    let minutes = 0;
    const clock = () => at(base, minutes);
    const service = serviceSetup(clock);
    const counting = countingDataClient();
    const redrive = (after: number) => {
      minutes = after;
      return redriveLookups({
        db: counting.data,
        queue: service.queue.port,
        now: clock,
        logger: createLogger('contacts'),
      });
    };
    return { ...service, redrive, redriveCalls: counting.calls };
  };

  it('sends a lookup whose send failed after the contact was written, and the lookup completes', async () => {
    const { store, deps, queue, deliver, redrive, redriveCalls } = redriveSetup('2000-03-01T09:00:00.000Z');
    const uid = randomUUID();
    queue.failing = true;

    const added = await add(deps, uid, { linkedin_url: profileUrl('katherine-johnson') });

    expect(added.email_lookup_status).toBe('pending');
    expect(queue.messages).toEqual([]);
    queue.failing = false;

    await redrive(2);
    expect(queue.take(uid)).toEqual([]);

    await redrive(6);
    const resent = queue.take(uid);
    expect(resent).toEqual([{ uid, contactId: added.id, attempt: 1 }]);
    expect(redriveCalls.filter((call) => call === 'QueryCommand').length).toBeGreaterThan(0);
    expect(redriveCalls).not.toContain('ScanCommand');

    expect(await deliver(resent)).toEqual({ batchItemFailures: [] });
    const domain = (await getSharedProfile(store, added.canonical_linkedin_url))!.companyDomain!;
    expect(await getContact(store, uid, added.id)).toMatchObject({
      email: mailboxOf('katherine', 'johnson', domain).email,
      emailLookupStatus: 'found_valid',
      emailLookupAttempts: 1,
    });
    // off the index: later runs send nothing
    expect(await readItem(store, contactKey(uid, added.id))).not.toHaveProperty('gsi2pk');
    await redrive(60);
    expect(queue.take(uid)).toEqual([]);
  });

  it('looks up once when the message and its redriven copy both arrive, and a redelivery changes nothing', async () => {
    const { store, deps, queue, deliver, redrive, verified } = redriveSetup('2000-04-01T09:00:00.000Z');
    const uid = randomUUID();
    const added = await add(deps, uid, { linkedin_url: profileUrl('dorothy-vaughan') });
    // the message is slow: the redrive sends the attempt again before it arrives
    const original = queue.take(uid);
    await redrive(6);
    const copy = queue.take(uid);
    expect(copy).toEqual(original);

    await deliver(copy);
    const looked = await getContact(store, uid, added.id);
    const checks = verified.length;
    expect(looked).toMatchObject({ emailLookupStatus: 'found_valid', emailLookupAttempts: 1 });

    expect(await deliver(original)).toEqual({ batchItemFailures: [] });
    expect(await deliver(copy)).toEqual({ batchItemFailures: [] });
    expect(verified).toHaveLength(checks);
    expect(await getContact(store, uid, added.id)).toEqual(looked);
  });

  it('sends an owed lookup once when two redrive runs overlap', async () => {
    const { deps, queue, redrive, deliver } = redriveSetup('2000-05-01T09:00:00.000Z');
    const uid = randomUUID();
    queue.failing = true;
    const added = await add(deps, uid, { linkedin_url: profileUrl('mary-jackson') });
    queue.failing = false;

    await Promise.all([redrive(6), redrive(6)]);

    const sent = queue.take(uid);
    expect(sent).toEqual([{ uid, contactId: added.id, attempt: 1 }]);
    await deliver(sent);
  });

  it('sends a lost lookup again with growing waits, then gives it up as an error the user can retry', async () => {
    const { store, deps, queue, redrive } = redriveSetup('2000-06-01T09:00:00.000Z');
    const uid = randomUUID();
    const added = await add(deps, uid, { linkedin_url: profileUrl('evelyn-boyd') });
    queue.take(uid); // every message of this contact is lost

    const sentAt: number[] = [];
    for (let minute = 1; minute <= 24 * 60 && sentAt.length <= lookupRedrive.maxRedrives; minute += 1) {
      const summary = await redrive(minute);
      if (queue.take(uid).length) sentAt.push(minute);
      if (summary.abandoned) break;
    }

    // due 5 minutes after the add, then 5, 10, 20 and 40 minutes after each send (a run sends what is due before it)
    expect(sentAt).toEqual([6, 12, 23, 44, 85]);
    const stored = await getContact(store, uid, added.id);
    expect(stored).toMatchObject({ emailLookupStatus: 'error', emailLookupAttempts: 0 });
    expect(mayLookUp(stored!)).toBe(true);
    const raw = await readItem(store, contactKey(uid, added.id));
    expect(raw).not.toHaveProperty('gsi2pk');
    expect(raw).not.toHaveProperty('emailLookupRedrives');
    expect(await contacts.lookupEmails(deps, uid, { contact_ids: [added.id] })).toEqual({
      queued: [added.id],
      skipped: [],
    });
  });

  it('ends the wait of an address the user typed after the lookups ran out, once it proves invalid', async () => {
    const { store, deps, queue, deliver, redrive } = redriveSetup('2000-07-01T09:00:00.000Z');
    const uid = randomUUID();
    const added = await add(deps, uid, { linkedin_url: profileUrl('mae-jemison') });
    queue.take(uid);
    const stored = (await getContact(store, uid, added.id))!;
    await putContacts(store, [
      { ...stored, emailLookupAttempts: 3, emailLookupStatus: 'not_found', emailNotFoundConfidence: 0.95 },
    ]);

    await contacts.updateContact(deps, uid, added.id, { email: 'nobody.here@unknown-co.com' });
    expect((await getContact(store, uid, added.id))?.emailLookupStatus).toBe('pending');
    await deliver(queue.take(uid));

    expect(await getContact(store, uid, added.id)).toMatchObject({
      email: 'nobody.here@unknown-co.com',
      emailQevStatus: 'invalid',
      emailLookupStatus: 'not_found',
      emailLookupAttempts: 4,
    });
    await redrive(60);
    expect(queue.take(uid)).toEqual([]);
  });
});

/**
 * A CSV row or an edit can give a contact another company than its LinkedIn profile's current one. The sandbox's
 * profiles (infra/local/sandbox/enrichment.ts) are fixed by their slug: ines-duarte works at Litware and worked at
 * Proseware; tomas-berg works at Adventure Works and worked at Fabrikam.
 */
describe('the company the contact keeps', () => {
  const ines = 'https://www.linkedin.com/in/ines-duarte-7c2e1';
  const tomas = 'https://www.linkedin.com/in/tomas-berg-2b8d4';

  it("looks up at the contact's own company, not the profile's, when they differ", async () => {
    const { store, deps, queue, deliver, verified } = serviceSetup();
    const uid = randomUUID();
    const added = await add(deps, uid, { linkedin_url: ines, company: 'Proseware', job_title: 'Product Manager' });
    expect(added).toMatchObject({ company: 'Proseware', job_title: 'Product Manager' });
    expect(added.experiences[0]).toMatchObject({ company: expect.stringMatching(/^litware$/i), is_current: true });

    await deliver(queue.take(uid));

    expect(await getContact(store, uid, added.id)).toMatchObject({
      email: mailboxOf('ines', 'duarte', 'proseware.example').email,
      emailLookupStatus: 'found_valid',
    });
    expect(verified.every((email) => email.endsWith('@proseware.example'))).toBe(true);
    // an address at the company the profile does not name as current is not the profile's to share
    expect((await getSharedProfile(store, ines))?.email).toBe('');
  });

  it("finds no address rather than one at the profile's company when the contact's company has no known domain", async () => {
    const { store, deps, queue, deliver, verified } = serviceSetup();
    const uid = randomUUID();
    const added = await add(deps, uid, {
      linkedin_url: 'https://www.linkedin.com/in/lena-fischer-9e3a7',
      company: 'Deezer',
      job_title: 'Head of Data',
    });

    await deliver(queue.take(uid));

    expect(verified).toEqual([]);
    expect(await getContact(store, uid, added.id)).toMatchObject({
      emailLookupStatus: 'not_found',
      emailQevReason: 'no_company_domain',
      emailLookupAttempts: 1,
    });
  });

  it("does not give a contact kept at another company the profile's address", async () => {
    const { store, deps, queue, deliver } = serviceSetup();
    const first = randomUUID();
    const url = 'https://www.linkedin.com/in/noor-haddad-5d6c2';
    const theirs = await add(deps, first, { linkedin_url: url });
    await deliver(queue.take(first));
    expect((await getSharedProfile(store, url))?.email).toMatch(/@alpineskihouse\.example$/);

    const second = randomUUID();
    const mine = await add(deps, second, { linkedin_url: url, company: 'Northwind Traders' });
    expect(mine).toMatchObject({ email: '', email_lookup_status: 'pending' });
    await deliver(queue.take(second));
    expect((await getContact(store, second, mine.id))?.email).toBe(
      mailboxOf('noor', 'haddad', 'northwind.example').email,
    );
    expect((await getContact(store, first, theirs.id))?.email).toMatch(/@alpineskihouse\.example$/);
  });

  it('looks up again at the new company when the contact changes company, dropping the address at the old one', async () => {
    const { store, deps, queue, deliver } = serviceSetup();
    const uid = randomUUID();
    const added = await add(deps, uid, { linkedin_url: tomas, company: 'Fabrikam', job_title: 'Head of Partnerships' });
    await deliver(queue.take(uid));
    const atFile = mailboxOf('tomas', 'berg', 'fabrikam.example').email;
    expect((await getContact(store, uid, added.id))?.email).toBe(atFile);

    // the person picks the profile's values: the contact keeps Adventure Works
    const changed = await contacts.updateContact(deps, uid, added.id, {
      company: 'Adventure Works',
      job_title: 'Data Scientist',
    });
    expect(changed).toMatchObject({ email: '', email_lookup_status: 'pending', email_lookup_attempts: 1 });
    const messages = queue.take(uid);
    expect(messages).toEqual([{ uid, contactId: added.id, attempt: 2 }]);
    await deliver(messages);

    expect(await getContact(store, uid, added.id)).toMatchObject({
      company: 'Adventure Works',
      email: mailboxOf('tomas', 'berg', 'adventure-works.example').email,
      emailSource: 'lookup',
      emailLookupStatus: 'found_valid',
      emailLookupAttempts: 2,
    });

    // a company of the same domain (a spelling) or any other edit looks up nothing again
    await contacts.updateContact(deps, uid, added.id, { company: 'Adventure Works Inc.', notes: 'met in Lyon' });
    expect(queue.take(uid)).toEqual([]);
  });

  it('spends no lookup beyond the third on a change of company, and still drops the address at the old company', async () => {
    const { store, deps, queue, deliver } = serviceSetup();
    const uid = randomUUID();
    const added = await add(deps, uid, { linkedin_url: ines, company: 'Proseware' });
    await deliver(queue.take(uid));
    const stored = (await getContact(store, uid, added.id))!;
    expect(stored.email).toMatch(/@proseware\.example$/);
    await putContacts(store, [{ ...stored, emailLookupAttempts: 3 }]);

    const changed = await contacts.updateContact(deps, uid, added.id, { company: 'Litware' });

    expect(queue.take(uid)).toEqual([]);
    expect(changed).toMatchObject({ email: '', email_lookup_status: 'not_found', email_lookup_attempts: 3 });
  });

  it('keeps an address the user typed when the company changes, and looks nothing up', async () => {
    const { store, deps, queue } = serviceSetup();
    const uid = randomUUID();
    const added = await add(deps, uid, { linkedin_url: tomas, email: 'tomas@personal.example' });
    queue.take(uid);

    await contacts.updateContact(deps, uid, added.id, { company: 'Fabrikam' });

    expect(queue.take(uid)).toEqual([]);
    expect((await getContact(store, uid, added.id))?.email).toBe('tomas@personal.example');
  });

  it('writes nothing from a lookup whose company changed while it ran: the change looks up at the new company', async () => {
    const { store, deps, queue, deliver } = serviceSetup();
    const uid = randomUUID();
    const added = await add(deps, uid, { linkedin_url: tomas, company: 'Fabrikam' });
    const [first] = queue.take(uid);
    let changedMidway = false;
    const changingCompany: Verifier = {
      verify: async (email) => {
        if (!changedMidway) {
          changedMidway = true;
          await contacts.updateContact(deps, uid, added.id, { company: 'Adventure Works' });
        }
        return vendor.verify(email);
      },
    };

    const outcome = await lookUpEmail({ db: store, verifier: changingCompany, now: () => now }, first!);
    expect(outcome).toEqual({ kind: 'raced' });
    expect((await getContact(store, uid, added.id))?.email ?? '').toBe('');

    await deliver(queue.take(uid));
    expect(await getContact(store, uid, added.id)).toMatchObject({
      email: mailboxOf('tomas', 'berg', 'adventure-works.example').email,
      emailLookupAttempts: 1,
    });
  });
});
