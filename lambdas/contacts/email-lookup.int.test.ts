import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/net.js';
import { startSandbox, type Sandbox } from '../../infra/local/sandbox/server.js';
import { conventionOf, verificationVendor } from '../../infra/local/sandbox/verification.js';
import { createLogger } from '../core/logger.js';
import type { DataClient } from '../data/client.js';
import { getContact, putContacts, type ContactItem } from '../data/contact.js';
import { getSharedProfile, upsertSharedProfile } from '../data/shared-profile.js';
import type { Verifier } from '../providers/verification/port.js';
import { quickEmailVerification } from '../providers/verification/quickemailverification.js';
import { countingDataClient } from '../test/counting-client.js';
import { lookUpEmail, type EmailLookupDeps } from './email-lookup.js';
import { emailLookupWorker } from './email-lookup-worker.js';
import { mayLookUp } from './lookup-rules.js';

let sandbox: Sandbox;
let vendor: Verifier;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [verificationVendor], log: () => {} });
  vendor = quickEmailVerification({
    baseUrl: `${sandbox.url}/quickemailverification/v1`,
    apiKey: 'sandbox-verification-key',
    apiKeySecret: undefined,
  });
});
afterAll(() => sandbox.stop());

const now = new Date('2026-11-21T10:00:00.000Z');

const setup = () => {
  const db = countingDataClient();
  const store = db.data;
  const verified: string[] = [];
  const verifier: Verifier = {
    verify: (email) => {
      verified.push(email);
      return vendor.verify(email);
    },
  };
  const deps: EmailLookupDeps = { db: store, verifier, now: () => now };
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
