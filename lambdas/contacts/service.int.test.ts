import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../infra/local/sandbox/server.js';
import { freePort } from '../../infra/local/net.js';
import { messages } from '../../shared/messages.js';
import type { LiveEvent } from '../../shared/live-events.js';
import type { QueueName } from '../../shared/queues.js';
import { cursorSigner } from '../core/cursor.js';
import { HttpError } from '../core/errors.js';
import { Reply } from '../core/envelope.js';
import { createDataClient } from '../data/client.js';
import { peopleDataLabsEnrichment } from '../providers/enrichment/peopledatalabs.js';
import type { EnrichmentPort } from '../providers/enrichment/port.js';
import type { QueuePort } from '../providers/queue/port.js';
import { countingDataClient } from '../test/counting-client.js';
import { getActivity } from '../data/activity.js';
import { contactKey, setContactAiStrategy, type ContactItem } from '../data/contact.js';
import { BatchWriteCommand, DeleteCommand } from '../data/dynamo.js';
import { directoryHeadKey, directoryHeadTrustMs, headVersionOf } from '../data/contact-directory.js';
import type { DataClient } from '../data/client.js';
import { quotaKey } from '../data/quota.js';
import { getSharedProfile, sharedProfileKey } from '../data/shared-profile.js';
import { readItem, removeAttributes, setAttributes } from '../test/raw-items.js';
import { grantBonusSlots } from './quota.js';
import * as contacts from './service.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), log: () => undefined });
});
afterAll(async () => {
  await sandbox?.stop();
});

/** The service over DynamoDB Local and the sandbox's People Data Labs, with the enrichment calls and messages seen. */
const setup = (options: { now?: () => Date; counting?: boolean } = {}) => {
  const counting = countingDataClient();
  const data = options.counting ? counting.data : createDataClient(process.env.TABLE_NAME!);
  const pdl = peopleDataLabsEnrichment({ apiKey: 'sandbox-key', baseUrl: `${sandbox.url}/pdl` });
  const enriched: string[] = [];
  const enrichment: EnrichmentPort = {
    enrich: (url) => {
      enriched.push(url);
      return pdl.enrich(url);
    },
  };
  const sent: { queue: QueueName; message: unknown }[] = [];
  const queue: QueuePort = {
    send: async (name, message) => {
      sent.push({ queue: name, message });
    },
    sendMany: async (name, messages) => {
      for (const message of messages) sent.push({ queue: name, message });
    },
  };
  const deps: contacts.ContactsDeps = {
    db: data,
    enrichment,
    queue,
    now: options.now ?? (() => new Date()),
    newId: contacts.newContactId,
    cursors: cursorSigner('test-key'),
  };
  return { deps, enriched, sent, calls: counting.calls, resetCalls: counting.reset };
};

/** Contacts stored the way items were before the directory: the items and their list index only. */
const putContactsOnly = async (db: DataClient, items: ContactItem[]) => {
  await db.documents.send(
    new BatchWriteCommand({
      RequestItems: {
        [db.table]: items.map((item) => ({
          PutRequest: {
            Item: {
              ...item,
              ...contactKey(item.uid, item.contactId),
              gsi1pk: `USER#${item.uid}#CONTACTS`,
              gsi1sk: `${item.lastUpdated}#${item.contactId}`,
            },
          },
        })),
      },
    }),
  );
};

const created = async (promise: Promise<unknown>) => {
  const reply = await promise;
  expect(reply).toBeInstanceOf(Reply);
  return (reply as Reply<contacts.ContactWire>).data;
};

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

const listQuery = { limit: 50, sort: 'last_updated', order: 'desc' } as const;
// LinkedIn slugs end in an id with digits, which the sandbox leaves out of the name
const uniqueSlug = (name: string) => `${name}-${randomUUID().slice(0, 8)}7`;

describe('contacts service', () => {
  it('adds exactly as many contacts as slots are left when 50 adds race for 3 slots', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    await contacts.getSlots(deps, uid);
    await setAttributes(deps.db, quotaKey(uid), { slotsUsed: 22 });

    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => contacts.createContact(deps, uid, { name: `Person ${index}` })),
    );
    const added = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as HttpError] : []));
    expect(added).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const error of refused) {
      expect(error.status).toBe(402);
      expect(error.code).toBe('contact_limit_reached');
      expect(error.message).toBe(
        "You've used all 25 contact slots available on your Free plan this period. Please upgrade your plan to continue adding and fetching new contacts.",
      );
    }
    const page = await contacts.listContacts(deps, uid, listQuery);
    expect(page.contacts).toHaveLength(3);
    expect(page.total).toBe(3);
    expect(await contacts.getSlots(deps, uid)).toMatchObject({
      slotsUsed: 25,
      slotsAllowed: 25,
      totalAvailableSlots: 0,
    });
  }, 60_000);

  it('rolls a past period over on the next read: slots used back to 0, the refresh a month later', async () => {
    let now = new Date('2026-01-31T10:00:00Z');
    const { deps } = setup({ now: () => now });
    const uid = randomUUID();
    expect(await contacts.getSlots(deps, uid)).toMatchObject({
      slotsUsed: 0,
      slotsRefresh: '2026-02-28T10:00:00.000Z',
    });
    await created(contacts.createContact(deps, uid, { name: 'Ada Lovelace' }));
    expect(await contacts.getSlots(deps, uid)).toMatchObject({ slotsUsed: 1, totalAvailableSlots: 24 });
    now = new Date('2026-03-01T00:00:00Z');
    expect(await contacts.getSlots(deps, uid)).toMatchObject({
      slotsUsed: 0,
      slotsRefresh: '2026-03-31T10:00:00.000Z',
      totalAvailableSlots: 25,
    });
    await created(contacts.createContact(deps, uid, { name: 'Grace Hopper' }));
    // counted from the sign-up's day (31st), not from the shortened February period
    now = new Date('2026-04-01T00:00:00Z');
    expect(await contacts.getSlots(deps, uid)).toMatchObject({
      slotsUsed: 0,
      slotsRefresh: '2026-04-30T10:00:00.000Z',
    });
  });

  it('uses bonus slots before regular ones', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    await grantBonusSlots(deps.db, uid, 2);
    await created(contacts.createContact(deps, uid, { name: 'Grace Hopper' }));
    expect(await contacts.getSlots(deps, uid)).toMatchObject({
      slotsUsed: 0,
      bonusSlotsAvailable: 1,
      totalBonusSlotsEarned: 2,
      totalBonusSlotsUsed: 1,
      totalAvailableSlots: 26,
    });
  });

  it('reuses the shared profile across two users while each keeps their own notes and names', async () => {
    const { deps, enriched, sent } = setup();
    const slug = uniqueSlug('ada-lovelace');
    const [first, second] = [randomUUID(), randomUUID()];
    const mine = await created(
      contacts.createContact(deps, first, { linkedin_url: `https://www.linkedin.com/in/${slug}/` }),
    );
    const theirs = await created(
      contacts.createContact(deps, second, {
        linkedin_url: `linkedin.com/in/${slug.toUpperCase()}?trk=x`,
        notes: 'met at a conference',
      }),
    );
    expect(enriched).toEqual([`https://www.linkedin.com/in/${slug}`]);
    expect(mine.shared_contact_id).toBe(theirs.shared_contact_id);
    expect(mine.first_name).toBe('Ada');
    expect(mine.experiences.length).toBeGreaterThanOrEqual(2);
    expect(mine.education.length).toBeGreaterThanOrEqual(1);
    expect(mine.data_freshness).toBe('fresh');
    // what the profile says beyond its roles, for both (SPEC §3 `linkedinData`)
    expect(mine.linkedin_data).toMatchObject({
      headline: expect.stringContaining(' at '),
      skills: expect.arrayContaining([expect.any(String)]),
      languages: expect.arrayContaining(['english']),
      connections: expect.any(Number),
    });
    expect(theirs.linkedin_data).toEqual(mine.linkedin_data);
    expect(sent.map(({ message }) => message)).toEqual([
      { uid: first, contactId: mine.id, attempt: 1 },
      { uid: second, contactId: theirs.id, attempt: 1 },
    ]);

    await contacts.updateContact(deps, first, mine.id, { first_name: 'Augusta', notes: 'mine' });
    const seenByFirst = await contacts.getOne(deps, first, mine.id);
    const seenBySecond = await contacts.getOne(deps, second, theirs.id);
    expect(seenByFirst).toMatchObject({
      contact: { first_name: 'Augusta', notes: 'mine', name: 'Augusta Lovelace' },
      draft: null,
    });
    expect(seenBySecond.contact).toMatchObject({ first_name: 'Ada', notes: 'met at a conference' });
  });

  it('gives a found e-mail kept on the shared profile to the next user without a lookup', async () => {
    const { deps, sent } = setup();
    const slug = uniqueSlug('grace-hopper');
    const url = `https://www.linkedin.com/in/${slug}`;
    await created(contacts.createContact(deps, randomUUID(), { linkedin_url: url }));
    await setAttributes(deps.db, sharedProfileKey(url), {
      email: 'grace@northwind.example',
      emailQevStatus: 'valid',
      emailPatternUsed: 'first',
    });
    sent.length = 0;
    const next = await created(contacts.createContact(deps, randomUUID(), { linkedin_url: url }));
    expect(next).toMatchObject({
      email: 'grace@northwind.example',
      email_verified: true,
      email_lookup_status: 'found_valid',
    });
    expect(sent).toEqual([]);
  });

  it('refreshes a shared profile older than 30 days instead of reusing it', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { deps, enriched } = setup({ now: () => now });
    const url = `https://www.linkedin.com/in/${uniqueSlug('alan-turing')}`;
    await contacts.previewContact(deps, randomUUID(), { linkedin_url: url });
    now = new Date('2026-01-20T00:00:00Z');
    await contacts.previewContact(deps, randomUUID(), { linkedin_url: url });
    expect(enriched).toHaveLength(1);
    now = new Date('2026-02-01T00:00:01Z');
    await contacts.previewContact(deps, randomUUID(), { linkedin_url: url });
    expect(enriched).toHaveLength(2);
    const shared = await getSharedProfile(deps.db, url);
    expect(shared?.linkedinScrapedAt).toBe('2026-02-01T00:00:01.000Z');
  });

  it('previews a profile without using a slot and names the contact the user already has', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const url = `https://www.linkedin.com/in/${uniqueSlug('katherine-johnson')}`;
    const before = await contacts.previewContact(deps, uid, { linkedin_url: url });
    expect(before).toMatchObject({ canonical_linkedin_url: url, first_name: 'Katherine', existing_contact_id: null });
    expect(before.experiences[0]).toMatchObject({ title: expect.any(String), company: expect.any(String) });
    expect(await contacts.getSlots(deps, uid)).toMatchObject({ slotsUsed: 0 });
    const added = await created(contacts.createContact(deps, uid, { linkedin_url: url }));
    expect((await contacts.previewContact(deps, uid, { linkedin_url: url })).existing_contact_id).toBe(added.id);
  });

  it('refuses the same person twice for one user with 409 and the existing id, using no slot', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const url = `https://www.linkedin.com/in/${uniqueSlug('mary-jackson')}`;
    const added = await created(contacts.createContact(deps, uid, { linkedin_url: url }));
    const error = await failure(contacts.createContact(deps, uid, { linkedin_url: `${url}/?utm=1` }));
    expect(error.status).toBe(409);
    expect(error.message).toBe('This contact is already in your list.');
    expect(error.details).toEqual({ existing_contact_id: added.id });
    expect(await contacts.getSlots(deps, uid)).toMatchObject({ slotsUsed: 1 });
  });

  it('answers 404 for a profile the vendor does not know, unless a name is given', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const url = `https://www.linkedin.com/in/${uniqueSlug('not-found')}`;
    expect((await failure(contacts.previewContact(deps, uid, { linkedin_url: url }))).status).toBe(404);
    expect((await failure(contacts.createContact(deps, uid, { linkedin_url: url }))).status).toBe(404);
    const added = await created(contacts.createContact(deps, uid, { linkedin_url: url, name: 'Dorothy Vaughan' }));
    expect(added).toMatchObject({ first_name: 'Dorothy', last_name: 'Vaughan', experiences: [] });
  });

  it('refuses a URL that is not a LinkedIn profile with 400 naming linkedin_url', async () => {
    const { deps } = setup();
    const error = await failure(
      contacts.createContact(deps, randomUUID(), { linkedin_url: 'https://www.linkedin.com/in/a/b' }),
    );
    expect(error.status).toBe(400);
    expect(error.details).toEqual([{ field: 'body.linkedin_url', message: expect.any(String) }]);
  });

  it("keeps the slot spent when a contact is deleted, and another user's ids are not found", async () => {
    const { deps } = setup();
    const [uid, other] = [randomUUID(), randomUUID()];
    const added = await created(contacts.createContact(deps, uid, { name: 'Hedy Lamarr', email: 'hedy@example.com' }));
    for (const attempt of [
      () => contacts.getOne(deps, other, added.id),
      () => contacts.updateContact(deps, other, added.id, { notes: 'x' }),
      () => contacts.deleteContact(deps, other, added.id),
    ]) {
      expect((await failure(attempt())).status).toBe(404);
    }
    expect(await contacts.lookupEmails(deps, other, { contact_ids: [added.id] })).toEqual({
      queued: [],
      skipped: [added.id],
    });
    await contacts.deleteContact(deps, uid, added.id);
    expect((await failure(contacts.getOne(deps, uid, added.id))).status).toBe(404);
    expect(await contacts.getSlots(deps, uid)).toMatchObject({ slotsUsed: 1 });
    expect((await contacts.listContacts(deps, uid, listQuery)).total).toBe(0);
  });

  it("tells the user's open tabs of a contact added or deleted, and no one else", async () => {
    const { deps } = setup();
    const published: { uid: string; event: LiveEvent }[] = [];
    const live = {
      ...deps,
      live: { publish: async (uid: string, event: LiveEvent) => void published.push({ uid, event }) },
    };
    const [uid, other] = [randomUUID(), randomUUID()];
    const added = await created(contacts.createContact(live, uid, { name: 'Hedy Lamarr' }));
    expect((await failure(contacts.deleteContact(live, other, added.id))).status).toBe(404);
    await contacts.deleteContact(live, uid, added.id);
    expect(published).toEqual([
      { uid, event: { type: 'contact.changed', data: { contactId: added.id, change: 'created' } } },
      { uid, event: { type: 'contact.changed', data: { contactId: added.id, change: 'deleted' } } },
    ]);
  });

  it('queues lookups only for contacts SPEC §5 allows', async () => {
    const { deps, sent } = setup();
    const uid = randomUUID();
    const typed = await created(
      contacts.createContact(deps, uid, { name: 'Typed Address', email: 'typed@example.com' }),
    );
    const spent = await created(
      contacts.createContact(deps, uid, { name: 'Spent Lookups', email: 'spent@example.com' }),
    );
    const bare = await created(contacts.createContact(deps, uid, { name: 'Nothing To Go On' }));
    await setAttributes(deps.db, contactKey(uid, spent.id), { emailLookupAttempts: 3 });
    sent.length = 0;
    const answer = await contacts.lookupEmails(deps, uid, { contact_ids: [typed.id, spent.id, bare.id] });
    expect(answer).toEqual({ queued: [typed.id], skipped: [spent.id, bare.id] });
    // under one find_emails activity action of the contacts queued, which the message names
    expect(sent).toEqual([
      { queue: 'email-lookup', message: { uid, contactId: typed.id, attempt: 1, activityId: expect.any(String) } },
    ]);
    const { activityId } = sent[0]!.message as { activityId: string };
    expect(await getActivity(deps.db, uid, activityId)).toMatchObject({
      actionType: 'find_emails',
      status: 'in_progress',
      profileCount: 1,
    });
  });

  it('filters, searches and sorts the list, paging with an opaque cursor', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    for (const [name, company] of [
      ['Zoe Adams', 'Contoso'],
      ['Ann Baker', 'Northwind'],
      ['Bob Clark', 'Contoso'],
    ] as const) {
      await created(contacts.createContact(deps, uid, { name, company }));
    }
    const newest = await contacts.listContacts(deps, uid, listQuery);
    expect(newest.contacts.map((contact) => contact.name)).toEqual(['Bob Clark', 'Ann Baker', 'Zoe Adams']);
    const byName = await contacts.listContacts(deps, uid, { ...listQuery, sort: 'name', order: 'asc', limit: 2 });
    expect(byName.contacts.map((contact) => contact.name)).toEqual(['Ann Baker', 'Bob Clark']);
    expect(byName.total).toBe(3);
    const rest = await contacts.listContacts(deps, uid, {
      ...listQuery,
      sort: 'name',
      order: 'asc',
      limit: 2,
      cursor: byName.next_cursor!,
    });
    expect(rest.contacts.map((contact) => contact.name)).toEqual(['Zoe Adams']);
    expect(rest.next_cursor).toBeNull();
    const contoso = await contacts.listContacts(deps, uid, { ...listQuery, q: 'contoso' });
    expect(contoso.contacts.map((contact) => contact.name)).toEqual(['Bob Clark', 'Zoe Adams']);
    const paged = await contacts.listContacts(deps, uid, { ...listQuery, limit: 2 });
    const next = await contacts.listContacts(deps, uid, { ...listQuery, limit: 2, cursor: paged.next_cursor! });
    expect(next.contacts.map((contact) => contact.name)).toEqual(['Zoe Adams']);
    expect((await contacts.recentContacts(deps, uid)).map((contact) => contact.name)).toEqual([
      'Bob Clark',
      'Ann Baker',
      'Zoe Adams',
    ]);
    // an edit moves a contact to the top of the default order (gsi1 follows lastUpdated)
    await contacts.updateContact(deps, uid, newest.contacts[2]!.id, { notes: 'edited' });
    const after = await contacts.listContacts(deps, uid, listQuery);
    expect(after.contacts.map((contact) => contact.name)).toEqual(['Zoe Adams', 'Bob Clark', 'Ann Baker']);
  });

  it('searches and filters from the directory with the results a full read gives, whatever was written at once', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const people = Array.from({ length: 24 }, (_, index) => ({
      name: `Person ${index} ${['Lovelace', 'Hopper', 'Émile Durand'][index % 3]}`,
      company: ['Contoso', 'Northwind', ''][(index % 4) % 3]!,
      job_title: index % 2 ? 'Software Engineer' : 'Designer',
    }));
    // adds and edits at once: they share directory chunks, and none may lose another's line
    const added = await Promise.all(people.map(async (person) => created(contacts.createContact(deps, uid, person))));
    await Promise.all(
      added
        .filter((_, index) => index % 3 === 0)
        .map((contact) => contacts.updateContact(deps, uid, contact.id, { company: 'Fabrikam' })),
    );
    await Promise.all(
      added
        .filter((_, index) => index % 4 === 0)
        .map((contact) => contacts.updateContact(deps, uid, contact.id, { relationship_status: 'contacted' })),
    );
    const everyone = (await contacts.listContacts(deps, uid, { ...listQuery, limit: 100 })).contacts;
    expect(everyone).toHaveLength(24);
    const expectMatches = async (
      query: Partial<Parameters<typeof contacts.listContacts>[2]>,
      keep: (contact: (typeof everyone)[number]) => boolean,
    ) => {
      const page = await contacts.listContacts(deps, uid, { ...listQuery, limit: 100, ...query });
      expect(page.contacts.map((contact) => contact.id)).toEqual(everyone.filter(keep).map((contact) => contact.id));
      expect(page.total).toBe(everyone.filter(keep).length);
    };
    await expectMatches({ q: 'fabrikam' }, (contact) => contact.company === 'Fabrikam');
    await expectMatches({ q: 'ÉMILE' }, (contact) => contact.name.includes('Émile'));
    await expectMatches({ q: 'engineer' }, (contact) => contact.job_title === 'Software Engineer');
    await expectMatches({ relationship_status: 'contacted' }, (contact) => contact.relationship_status === 'contacted');
    await expectMatches(
      { relationship_status: 'new', q: 'hopper' },
      (contact) => contact.relationship_status === 'new' && contact.name.includes('Hopper'),
    );
    // the same order as the index of that sort
    const byCompany = (
      await contacts.listContacts(deps, uid, { ...listQuery, sort: 'company', order: 'asc', limit: 100 })
    ).contacts;
    expect(
      (await contacts.listContacts(deps, uid, { ...listQuery, q: 'person', sort: 'company', order: 'asc', limit: 100 }))
        .contacts,
    ).toEqual(byCompany);
  });

  it('searches again from its snapshot when the directory has a single chunk, and when it has several', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    await contacts.createContact(deps, uid, { name: 'Ada Lovelace' });
    const search = async () => (await contacts.listContacts(deps, uid, { ...listQuery, q: 'ada' })).total;
    expect(await search()).toBe(1);
    expect(await search()).toBe(1);
    // enough contacts for several chunks (one per last character of the id)
    await Promise.all(
      Array.from({ length: 12 }, (_, index) => contacts.createContact(deps, uid, { name: `Ada ${index}` })),
    );
    expect(await search()).toBe(13);
    expect(await search()).toBe(13);
  });

  it("finds what another Lambda added, renamed or deleted since this Lambda's last search (its directory snapshot)", async () => {
    const reader = setup({ counting: true });
    const writer = setup();
    const uid = randomUUID();
    const [ada, grace] = await Promise.all(
      ['Ada Lovelace', 'Grace Hopper'].map(async (name) => created(contacts.createContact(writer.deps, uid, { name }))),
    );
    const names = async (q: string) =>
      (await contacts.listContacts(reader.deps, uid, { ...listQuery, q, sort: 'name', order: 'asc' })).contacts.map(
        (contact) => contact.name,
      );
    expect(await names('a')).toEqual(['Ada Lovelace', 'Grace Hopper']);

    await contacts.updateContact(writer.deps, uid, ada!.id, { company: 'Analytical Engines' });
    await contacts.deleteContact(writer.deps, uid, grace!.id);
    await contacts.createContact(writer.deps, uid, { name: 'Katherine Johnson' });
    reader.resetCalls();
    expect(await names('a')).toEqual(['Ada Lovelace', 'Katherine Johnson']);
    expect(await names('engines')).toEqual(['Ada Lovelace']);
    expect(await names('hopper')).toEqual([]);
    // after the first: the page of what it read with the directory's head (it moved), the changed chunks only (one
    // Query), then the new page's contacts not fetched yet (Katherine); a search whose directory did not change is
    // that first BatchGetItem only, and a search of none asks the head alone
    expect(reader.calls).toEqual([
      'BatchGetItemCommand',
      'QueryCommand',
      'BatchGetItemCommand',
      'BatchGetItemCommand',
      'BatchGetItemCommand',
    ]);
  });

  it("answers a search from the page of this Lambda's last directory read only while the directory did not change, with its contacts as they are now", async () => {
    const reader = setup();
    const writer = setup();
    const uid = randomUUID();
    const [ada, grace] = await Promise.all(
      ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'].map(async (name) =>
        created(contacts.createContact(writer.deps, uid, { name })),
      ),
    );
    const page = async () => {
      const answer = await contacts.listContacts(reader.deps, uid, {
        ...listQuery,
        q: 'a',
        sort: 'name',
        order: 'asc',
        limit: 2,
      });
      return { ...answer, names: answer.contacts.map((contact) => contact.name) };
    };
    expect((await page()).names).toEqual(['Ada Lovelace', 'Grace Hopper']);
    // a field outside the directory (its chunk stays as it was): the page is the same, its contacts read anew
    await setContactAiStrategy(writer.deps.db, uid, grace!.id, 'shared-interest');
    const same = await page();
    expect(same.names).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(same.contacts[1]!.ai_strategy).toBe('shared-interest');
    // a rename moves Ada past the page: the page is worked out again, Katherine fetched, Ada's old line not answered
    await contacts.updateContact(writer.deps, uid, ada!.id, { first_name: 'Zara' });
    const moved = await page();
    expect(moved.names).toEqual(['Grace Hopper', 'Katherine Johnson']);
    expect(moved.total).toBe(3);
    const next = await contacts.listContacts(reader.deps, uid, {
      ...listQuery,
      q: 'a',
      sort: 'name',
      order: 'asc',
      limit: 2,
      cursor: moved.next_cursor!,
    });
    expect(next.contacts.map((contact) => contact.name)).toEqual(['Zara Lovelace']);
  });

  it('reads the chunks again when the directory head cannot vouch for them: a chunk written without it, or before it existed', async () => {
    const reader = setup({ counting: true });
    const writer = setup();
    const uid = randomUUID();
    const ada = await created(contacts.createContact(writer.deps, uid, { name: 'Ada Lovelace' }));
    const grace = await created(contacts.createContact(writer.deps, uid, { name: 'Grace Hopper' }));
    const names = async (q: string) =>
      (await contacts.listContacts(reader.deps, uid, { ...listQuery, q, sort: 'name', order: 'asc' })).contacts.map(
        (contact) => contact.name,
      );
    expect(await names('a')).toEqual(['Ada Lovelace', 'Grace Hopper']);
    // a write that moved Ada's chunk but not its number on the head (a Lambda still on older code, during a deploy)
    const head = await readItem(writer.deps.db, directoryHeadKey(uid));
    await contacts.updateContact(writer.deps, uid, ada.id, { company: 'Analytical Engines' });
    await setAttributes(
      writer.deps.db,
      directoryHeadKey(uid),
      Object.fromEntries(Object.entries(head!).filter(([name]) => name.startsWith('v_'))),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // the head vouches for what this Lambda read for a minute at most: past it, the chunks are asked again
      expect(await names('engines')).toEqual([]);
      vi.setSystemTime(Date.now() + directoryHeadTrustMs);
      expect(await names('engines')).toEqual(['Ada Lovelace']);
    } finally {
      vi.useRealTimers();
    }

    // a chunk written before the head existed: the head does not name it, so the chunks are asked every time. The
    // writes after the head's deletion name their own chunks again; Grace's is taken off by hand, since a contact's
    // id picks its chunk and Grace's may be Ada's or Katherine's (then the head would name every chunk)
    await writer.deps.db.documents.send(
      new DeleteCommand({ TableName: writer.deps.db.table, Key: directoryHeadKey(uid) }),
    );
    await contacts.updateContact(writer.deps, uid, ada.id, { company: 'Difference Engines' });
    await created(contacts.createContact(writer.deps, uid, { name: 'Katherine Johnson' }));
    await removeAttributes(writer.deps.db, directoryHeadKey(uid), [headVersionOf(grace.id)]);
    reader.resetCalls();
    expect(await names('engines')).toEqual(['Ada Lovelace']);
    expect(await names('a')).toEqual(['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson']);
    // each: the page of what it read with the head, then the chunks (the pages held: nothing more to fetch)
    expect(reader.calls).toEqual(['BatchGetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'QueryCommand']);
  });

  it("keeps every one of many edits of a user's contacts at once, though each sets the directory's head", async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const added = await Promise.all(
      Array.from({ length: 24 }, (_, index) => created(contacts.createContact(deps, uid, { name: `Person ${index}` }))),
    );
    await Promise.all(added.map((contact) => contacts.updateContact(deps, uid, contact.id, { company: 'Moved Inc' })));
    const moved = await contacts.listContacts(deps, uid, { ...listQuery, q: 'moved inc' });
    expect(moved.total).toBe(24);
    await Promise.all(added.slice(0, 10).map((contact) => contacts.deleteContact(deps, uid, contact.id)));
    expect((await contacts.listContacts(deps, uid, { ...listQuery, q: 'moved inc' })).total).toBe(14);
  });

  it("never answers one user's contacts to another from the directories a Lambda keeps of both", async () => {
    const { deps } = setup();
    const [first, second] = [randomUUID(), randomUUID()];
    await Promise.all([
      ...['Ada One', 'Ada Two'].map((name) => contacts.createContact(deps, first, { name, company: 'Contoso' })),
      ...['Ada Three', 'Ada Four', 'Ada Five'].map((name) =>
        contacts.createContact(deps, second, { name, company: 'Contoso' }),
      ),
    ]);
    const search = async (uid: string, sort: 'name' | 'company' | 'last_updated', order: 'asc' | 'desc') =>
      (await contacts.listContacts(deps, uid, { ...listQuery, q: 'ada', sort, order })).contacts.map(
        (contact) => contact.name,
      );
    for (let round = 0; round < 2; round += 1) {
      expect(await search(first, 'name', 'asc')).toEqual(['Ada One', 'Ada Two']);
      expect(await search(second, 'name', 'asc')).toEqual(['Ada Five', 'Ada Four', 'Ada Three']);
      expect(await search(first, 'name', 'desc')).toEqual(['Ada Two', 'Ada One']);
      expect(await search(second, 'company', 'asc')).toHaveLength(3);
      expect((await search(first, 'company', 'desc')).sort()).toEqual(['Ada One', 'Ada Two']);
    }
  });

  it('searches in the order of every index, both ways, the same from a directory read before', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    // equal names and companies (ties broken by the id, as the indexes' keys end in it), accents, case, an empty company
    for (const [name, company] of [
      ['Émile Durand', 'contoso'],
      ['emile durand', 'Contoso'],
      ['Ann Baker', ''],
      ['Zoë Adams', 'Northwind'],
      ['Ann Baker', 'Fabrikam'],
      ['Bob Clark', ''],
    ] as const) {
      await created(contacts.createContact(deps, uid, { name, company }));
    }
    for (const sort of ['last_updated', 'name', 'company', 'imported_at'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const indexed = (await contacts.listContacts(deps, uid, { ...listQuery, sort, order })).contacts.map(
          (contact) => contact.id,
        );
        for (let time = 0; time < 2; time += 1) {
          const searched = await contacts.listContacts(deps, uid, { ...listQuery, sort, order, q: ' ' });
          expect(searched.contacts.map((contact) => contact.id)).toEqual(indexed);
          const paged = await contacts.listContacts(deps, uid, { ...listQuery, sort, order, q: ' ', limit: 4 });
          const rest = await contacts.listContacts(deps, uid, {
            ...listQuery,
            sort,
            order,
            q: ' ',
            limit: 4,
            cursor: paged.next_cursor!,
          });
          expect([...paged.contacts, ...rest.contacts].map((contact) => contact.id)).toEqual(indexed);
        }
      }
    }
  });

  it('rebuilds a directory whose count is off from the contacts themselves, so no contact is missing from a search', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const now = new Date().toISOString();
    // contacts written before the directory existed: in the table, counted, but in no directory line
    await putContactsOnly(
      deps.db,
      ['Ada Lovelace', 'Grace Hopper'].map((name) => ({
        uid,
        contactId: contacts.newContactId(),
        name,
        importedAt: now,
        lastUpdated: now,
      })),
    );
    await setAttributes(deps.db, quotaKey(uid), { contactCount: 2 });
    expect(
      (await contacts.listContacts(deps, uid, { ...listQuery, q: 'grace' })).contacts.map((contact) => contact.name),
    ).toEqual(['Grace Hopper']);
    // rebuilt: the next search reads the directory only
    expect((await contacts.listContacts(deps, uid, { ...listQuery, q: 'a' })).total).toBe(2);
  });

  it('makes a known number of DynamoDB calls per route', async () => {
    const { deps, calls, resetCalls } = setup({ counting: true });
    const uid = randomUUID();
    const url = `https://www.linkedin.com/in/${uniqueSlug('counted-person')}`;
    const cost = async (run: () => Promise<unknown>) => {
      resetCalls();
      await run();
      return [...calls];
    };
    const costs: Record<string, string[]> = {};
    costs.slotsFirst = await cost(() => contacts.getSlots(deps, uid));
    costs.slots = await cost(() => contacts.getSlots(deps, uid));
    costs.preview = await cost(() => contacts.previewContact(deps, uid, { linkedin_url: url }));
    let id = '';
    costs.createFromUrl = await cost(async () => {
      id = (await created(contacts.createContact(deps, uid, { linkedin_url: url }))).id;
    });
    costs.createByHand = await cost(() => contacts.createContact(deps, uid, { name: 'By Hand' }));
    costs.list = await cost(() => contacts.listContacts(deps, uid, listQuery));
    costs.listSorted = await cost(() => contacts.listContacts(deps, uid, { ...listQuery, sort: 'name' }));
    costs.search = await cost(() => contacts.listContacts(deps, uid, { ...listQuery, sort: 'company', q: 'hand' }));
    costs.filter = await cost(() => contacts.listContacts(deps, uid, { ...listQuery, relationship_status: 'new' }));
    costs.recent = await cost(() => contacts.recentContacts(deps, uid));
    costs.get = await cost(() => contacts.getOne(deps, uid, id));
    costs.update = await cost(() => contacts.updateContact(deps, uid, id, { notes: 'n' }));
    costs.lookup = await cost(() => contacts.lookupEmails(deps, uid, { contact_ids: [id] }));
    costs.delete = await cost(() => contacts.deleteContact(deps, uid, id));
    expect(costs).toEqual({
      // the first read sets the quota up from the profile (plan, sign-up date)
      slotsFirst: ['GetItemCommand', 'GetItemCommand', 'UpdateItemCommand', 'GetItemCommand'],
      slots: ['GetItemCommand'],
      // a token of the preview bucket, the user's claim on the URL, the shared profile (absent: enriched and stored)
      preview: ['UpdateItemCommand', 'GetItemCommand', 'GetItemCommand', 'UpdateItemCommand'],
      // the claim, the quota, the (fresh) shared profile, the directory chunk, then one transaction: slot + contact +
      // claim + directory line
      createFromUrl: [
        'GetItemCommand',
        'GetItemCommand',
        'GetItemCommand',
        'GetItemCommand',
        'TransactWriteItemsCommand',
      ],
      createByHand: ['GetItemCommand', 'GetItemCommand', 'TransactWriteItemsCommand'],
      // the page and the contact count
      list: ['QueryCommand', 'GetItemCommand'],
      // the page on the index of that order (gsi3: name), and the contact count
      listSorted: ['QueryCommand', 'GetItemCommand'],
      // the directory and the contact count (side by side), then the page's contacts
      search: ['QueryCommand', 'GetItemCommand', 'BatchGetItemCommand'],
      // this Lambda read the directory a moment ago: the page's contacts with the directory's head, which says that
      // nothing changed since
      filter: ['BatchGetItemCommand'],
      recent: ['QueryCommand'],
      // the contact and its drafts' list side by side (no primary draft here, so no draft to read)
      get: ['GetItemCommand', 'GetItemCommand'],
      // the contact, its directory chunk, then the change and the directory line in one transaction
      update: ['GetItemCommand', 'GetItemCommand', 'TransactWriteItemsCommand'],
      // the contacts, then the request's activity action
      lookup: ['BatchGetItemCommand', 'PutItemCommand'],
      // ... then its drafts' list (no drafts here, so nothing more to delete)
      delete: ['GetItemCommand', 'GetItemCommand', 'TransactWriteItemsCommand', 'GetItemCommand'],
    });
  });
});

describe("the person's confirmation of a risky address (DESIGN §9)", () => {
  /** a contact whose lookup found an address at a domain that accepts every address */
  const riskyContact = async (deps: contacts.ContactsDeps, uid: string) => {
    const added = await created(contacts.createContact(deps, uid, { name: 'Grace Hopper' }));
    await setAttributes(deps.db, contactKey(uid, added.id), {
      email: 'grace@navy.example',
      emailQevStatus: 'accept_all',
      emailLookupStatus: 'found_risky',
    });
    return added.id;
  };

  it('confirms the address, and takes the confirmation back', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const id = await riskyContact(deps, uid);
    expect((await contacts.getOne(deps, uid, id)).contact.email_confirmed_by_user).toBe(false);

    const confirmed = await contacts.confirmContactEmail(deps, uid, id, { emailConfirmedByUser: true });

    expect(confirmed).toMatchObject({ email: 'grace@navy.example', email_confirmed_by_user: true });
    expect((await contacts.getOne(deps, uid, id)).contact.email_confirmed_by_user).toBe(true);
    expect(await contacts.confirmContactEmail(deps, uid, id, { emailConfirmedByUser: false })).toMatchObject({
      email_confirmed_by_user: false,
    });
  });

  it('clears the confirmation when the address changes', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const id = await riskyContact(deps, uid);
    await contacts.confirmContactEmail(deps, uid, id, { emailConfirmedByUser: true });

    const edited = await contacts.updateContact(deps, uid, id, { email: 'g.hopper@navy.example' });

    expect(edited).toMatchObject({ email: 'g.hopper@navy.example', email_confirmed_by_user: false });
    expect(await readItem(deps.db, contactKey(uid, id))).not.toHaveProperty('emailConfirmedFor');
    // an edit of anything else keeps it
    const again = await riskyContact(deps, uid);
    await contacts.confirmContactEmail(deps, uid, again, { emailConfirmedByUser: true });
    expect(await contacts.updateContact(deps, uid, again, { notes: 'met at a conference' })).toMatchObject({
      email_confirmed_by_user: true,
    });
  });

  it('confirms only a risky address, and only of the user’s own contacts', async () => {
    const { deps } = setup();
    const [uid, other] = [randomUUID(), randomUUID()];
    const id = await riskyContact(deps, uid);
    expect((await failure(contacts.confirmContactEmail(deps, other, id, { emailConfirmedByUser: true }))).status).toBe(
      404,
    );
    expect((await contacts.getOne(deps, uid, id)).contact.email_confirmed_by_user).toBe(false);

    for (const fields of [{ emailQevStatus: 'invalid' }, { emailQevStatus: 'valid' }, { email: '' }]) {
      await setAttributes(deps.db, contactKey(uid, id), { email: 'grace@navy.example', ...fields });
      const refused = await failure(contacts.confirmContactEmail(deps, uid, id, { emailConfirmedByUser: true }));
      expect({ status: refused.status, message: refused.message }).toEqual({
        status: 400,
        message: messages.contacts.notRiskyAddress,
      });
    }
  });
});
