import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePort } from '../../infra/local/net.js';
import { startSandbox, type Sandbox } from '../../infra/local/sandbox/server.js';
import { startSqsEndpoint } from '../../infra/local/test/sqs-endpoint.js';
import { messages } from '../../shared/messages.js';
import { createDataClient } from '../data/client.js';
import { contactKey } from '../data/contact.js';
import { itemBytes, maxItemBytes } from '../data/item-size.js';
import { rateLimits } from '../data/rate-limit.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import { readItem, setAttributes } from '../test/raw-items.js';

/*
 * The enrichment limits through the contacts Lambda as the local stack runs it: the sandbox's People Data Labs (its requests
 * counted from its log) and the local SQS endpoint (its messages recorded).
 */

let sandbox: Sandbox;
let sqs: Awaited<ReturnType<typeof startSqsEndpoint>>;
let restore: () => void;
const sandboxLog: string[] = [];
const db = createDataClient(process.env.TABLE_NAME!);

beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), log: (line) => sandboxLog.push(line) });
  sqs = await startSqsEndpoint();
  restore = applyEnvironment(
    lambdaEnvironment({
      tableName: process.env.TABLE_NAME,
      dynamodbEndpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB,
      sandboxEndpoint: sandbox.url,
      sqsEndpoint: sqs.url,
    }),
  );
  vi.resetModules();
});
afterAll(async () => {
  restore?.();
  await Promise.all([sandbox?.stop(), sqs?.stop()]);
});

/** The sandbox's enrichment requests for one LinkedIn slug. */
const enrichmentCalls = (slug: string) =>
  sandboxLog.filter((line) => line.includes('/pdl/v5/person/enrich') && line.includes(encodeURIComponent(slug)));

/** The e-mail lookup messages the queue delivered for one contact. */
const lookupsOf = (contactId: string) =>
  sqs.received.filter((record) => (JSON.parse(record.body) as { contactId: string }).contactId === contactId).length;

const profileUrl = (slug: string) => `https://www.linkedin.com/in/${slug}`;
const unknownSlug = () => `not-found-${randomUUID().slice(0, 8)}7`;

/** A 429 in the envelope with the spec's text, asking to wait at most `atMostSeconds` (time passes during a test). */
const expectTooManyRequests = (response: Awaited<ReturnType<typeof callRoute>>, atMostSeconds: number): void => {
  expect(response.status).toBe(429);
  expect(response.json).toMatchObject({ success: false, error: messages.status[429], code: 'rate_limited' });
  const wait = (response.json.details as { retryAfter: number }).retryAfter;
  expect(wait).toBeGreaterThanOrEqual(Math.max(1, atMostSeconds - 15));
  expect(wait).toBeLessThanOrEqual(atMostSeconds);
  expect(response.headers['Retry-After']).toBe(String(wait));
};

const addByHand = async (claims: Record<string, unknown>, name: string) => {
  const made = await callRoute('POST /api/contacts', { claims, body: { name } });
  expect(made.status).toBe(201);
  return made.json.data.id as string;
};

describe('limits on what costs money', () => {
  it('answers 429 with Retry-After once a user has previewed 30 profiles in a row; other users preview on', async () => {
    const [busy, other] = [userClaims(), userClaims()];
    for (let index = 0; index < rateLimits.preview.capacity; index += 1) {
      const preview = await callRoute('POST /api/contacts/preview', {
        claims: busy,
        body: { linkedin_url: profileUrl(unknownSlug()) },
      });
      expect(preview.status).toBe(404);
    }
    const slug = unknownSlug();
    const refused = await callRoute('POST /api/contacts/preview', {
      claims: busy,
      body: { linkedin_url: profileUrl(slug) },
    });
    expectTooManyRequests(refused, rateLimits.preview.refillEveryMs / 1000);
    expect(enrichmentCalls(slug)).toEqual([]);

    const fine = await callRoute('POST /api/contacts/preview', {
      claims: other,
      body: { linkedin_url: profileUrl(slug) },
    });
    expect(fine.status).toBe(404);
  });

  it("charges an add that asks the vendor to the user's previews, and an add of a profile just previewed not", async () => {
    const [busy, helper] = [userClaims(), userClaims()];
    // a profile someone previewed: cached, an add asks the vendor nothing
    const cached = profileUrl(`lin-${randomUUID().slice(0, 8)}7`);
    expect(
      (await callRoute('POST /api/contacts/preview', { claims: helper, body: { linkedin_url: cached } })).status,
    ).toBe(200);
    for (let index = 0; index < rateLimits.preview.capacity; index += 1) {
      await callRoute('POST /api/contacts/preview', {
        claims: busy,
        body: { linkedin_url: profileUrl(unknownSlug()) },
      });
    }

    const slug = `lin-${randomUUID().slice(0, 8)}7`;
    const refused = await callRoute('POST /api/contacts', { claims: busy, body: { linkedin_url: profileUrl(slug) } });
    expectTooManyRequests(refused, rateLimits.preview.refillEveryMs / 1000);
    expect(enrichmentCalls(slug)).toEqual([]);
    expect((await callRoute('GET /api/profiles/slots', { claims: busy })).json.data.slotsUsed).toBe(0);

    const added = await callRoute('POST /api/contacts', { claims: busy, body: { linkedin_url: cached } });
    expect(added.status).toBe(201);
  });

  it('asks the vendor once about a profile it does not know, however often and by whomever it is previewed', async () => {
    const slug = unknownSlug();
    for (const claims of [userClaims(), userClaims(), userClaims()]) {
      const preview = await callRoute('POST /api/contacts/preview', {
        claims,
        body: { linkedin_url: profileUrl(slug) },
      });
      expect(preview.status).toBe(404);
      expect(preview.json.error).toBe(messages.contacts.profileNotFound);
    }
    const add = await callRoute('POST /api/contacts', {
      claims: userClaims(),
      body: { linkedin_url: profileUrl(slug) },
    });
    expect(add.status).toBe(404);
    expect(enrichmentCalls(slug)).toHaveLength(1);
  });

  it('takes one e-mail check per contact of a lookup, and answers 429 before queueing anything beyond them', async () => {
    const claims = userClaims();
    const ids = Array.from({ length: rateLimits.emailCheck.capacity }, () => randomUUID());
    const first = await callRoute('POST /api/contacts/lookup-email', { claims, body: { contact_ids: ids } });
    expect(first.status).toBe(200);

    const contactId = await addByHand(claims, 'Ada Lovelace');
    const refused = await callRoute('POST /api/contacts/lookup-email', { claims, body: { contact_ids: [contactId] } });
    expectTooManyRequests(refused, rateLimits.emailCheck.refillEveryMs / 1000);
    // a typed address needs a check too: refused, and the address is not saved
    const typed = await callRoute('PUT /api/contacts/{id}', {
      claims,
      params: { id: contactId },
      body: { email: 'ada@example.com', notes: 'met at the conference' },
    });
    expectTooManyRequests(typed, rateLimits.emailCheck.refillEveryMs / 1000);
    const stored = await callRoute('GET /api/contacts/{id}', { claims, params: { id: contactId } });
    expect(stored.json.data.contact).toMatchObject({ email: '', notes: '' });
    expect(lookupsOf(contactId)).toBe(0);
  });

  it('verifies the typed address of a contact 3 times in a row at most, then saves it unverified', async () => {
    const claims = userClaims();
    const [contactId, otherId] = [await addByHand(claims, 'Grace Hopper'), await addByHand(claims, 'Alan Turing')];
    const type = (id: string, email: string) =>
      callRoute('PUT /api/contacts/{id}', { claims, params: { id }, body: { email } });

    for (const email of ['grace@navy.example', 'grace@yale.example', 'grace@harvard.example']) {
      const typed = await type(contactId, email);
      expect(typed.status).toBe(200);
      expect(typed.json.data).toMatchObject({ email, email_lookup_status: 'pending', email_qev_reason: '' });
    }
    const unverified = await type(contactId, 'grace@univac.example');
    expect(unverified.status).toBe(200);
    expect(unverified.json.data).toMatchObject({
      email: 'grace@univac.example',
      email_source: 'manual',
      email_qev_status: null,
      email_lookup_status: null,
      email_qev_reason: 'rate_limited',
    });
    // the other contacts' addresses are verified as before
    expect((await type(otherId, 'alan@bletchley.example')).json.data.email_lookup_status).toBe('pending');

    // the queue delivers in order: once the other contact's lookup is there, every earlier one is too
    await vi.waitFor(() => expect(lookupsOf(otherId)).toBe(1));
    expect(lookupsOf(contactId)).toBe(3);
  });

  it('refuses a contact edit that would outgrow the 400 KB item limit with a 400, and writes nothing', async () => {
    const claims = userClaims();
    const contactId = await addByHand(claims, 'Katherine Johnson');
    const key = contactKey(claims.sub, contactId);
    // a snapshot of a long professional profile, as enrichment may store it
    const base = itemBytes((await readItem(db, key))!);
    await setAttributes(db, key, {
      experiences: [{ title: 'Mathematician', company: 'NASA', description: 'x'.repeat(maxItemBytes - base - 3000) }],
    });
    const room = maxItemBytes - itemBytes((await readItem(db, key))!);
    expect(room).toBeGreaterThan(2000);
    expect(room).toBeLessThan(4000);

    const tooLarge = await callRoute('PUT /api/contacts/{id}', {
      claims,
      params: { id: contactId },
      body: { notes: 'n'.repeat(room + 1) },
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.json).toMatchObject({ success: false, error: messages.contacts.tooLarge });
    expect((await readItem(db, key))?.notes).toBe('');

    const fits = await callRoute('PUT /api/contacts/{id}', {
      claims,
      params: { id: contactId },
      body: { notes: 'n'.repeat(room) },
    });
    expect(fits.status).toBe(200);
    expect(itemBytes((await readItem(db, key))!)).toBe(maxItemBytes);
  });
});

describe('signed list cursors', () => {
  const page = (claims: Record<string, unknown>, query: Record<string, string>) =>
    callRoute('GET /api/contacts', { claims, query: { limit: '2', ...query } });

  const expectUnknownCursor = (response: Awaited<ReturnType<typeof callRoute>>) => {
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      success: false,
      error: messages.validation.unknownCursor,
      details: [{ field: 'cursor', message: messages.validation.unknownCursor }],
    });
  };

  it("pages with the cursor it gave, and refuses an altered one, another user's and another list's", async () => {
    const [owner, other] = [userClaims(), userClaims()];
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']) await addByHand(owner, name);
    for (const name of ['Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth']) await addByHand(other, name);

    for (const query of [{}, { sort: 'name' }, { q: 'a' }] as Record<string, string>[]) {
      const first = await page(owner, query);
      const cursor = first.json.data.next_cursor as string;
      expect(cursor).toEqual(expect.any(String));
      const second = await page(owner, { ...query, cursor });
      expect(second.status).toBe(200);
      expect(second.json.data.contacts).toHaveLength(1);

      // another user's cursor does not page that user's list, nor this one
      expectUnknownCursor(await page(other, { ...query, cursor }));
      // a cursor of another order or search
      expectUnknownCursor(await page(owner, { ...query, sort: 'company', cursor }));
      expectUnknownCursor(await page(owner, { ...query, q: 'zz', cursor }));
      // an altered position keeps no signature
      const [, signature] = cursor.split('.');
      const forged = Buffer.from(JSON.stringify({ offset: 0 })).toString('base64url');
      expectUnknownCursor(await page(owner, { ...query, cursor: `${forged}.${signature}` }));
      const flipped = cursor.startsWith('e') ? 'f' : 'e';
      expectUnknownCursor(await page(owner, { ...query, cursor: `${flipped}${cursor.slice(1)}` }));
    }
  });

  it('refuses an unsigned cursor of the kind the list gave before, even one of the same user', async () => {
    const claims = userClaims();
    const ids = [await addByHand(claims, 'Ada Lovelace'), await addByHand(claims, 'Grace Hopper')];
    const offset = Buffer.from(JSON.stringify({ offset: 1 })).toString('base64url');
    expectUnknownCursor(await page(claims, { q: 'a', cursor: offset }));
    const item = (await readItem(db, contactKey(claims.sub, ids[0]!)))!;
    const keys = { pk: item.pk, sk: item.sk, gsi1pk: item.gsi1pk, gsi1sk: item.gsi1sk };
    expectUnknownCursor(await page(claims, { cursor: Buffer.from(JSON.stringify(keys)).toString('base64url') }));
  });
});
