import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { type Draft, draftMessages } from '../../shared/schemas/drafts.js';
import { cursorSigner } from '../core/cursor.js';
import { HttpError } from '../core/errors.js';
import { DeleteCommand } from '../data/dynamo.js';
import { createDataClient } from '../data/client.js';
import { contactKey } from '../data/contact.js';
import { contactDraftsKey, conversationKey, draftKey, getContactDrafts, userDrafts } from '../data/draft.js';
import type { LiveEvent } from '../../shared/live-events.js';
import type { LivePort } from '../providers/live/port.js';
import { apiEvent, lambdaContext, userClaims } from '../test/api-event.js';
import { partitionSnapshot, readItem, setAttributes } from '../test/raw-items.js';
import { primaryDraft, saveGeneratedDraft } from './index.js';
import * as drafts from './service.js';

const db = createDataClient(process.env.TABLE_NAME!);
const deps: drafts.DraftsDeps = {
  db,
  now: () => new Date(),
  newId: drafts.newDraftId,
  cursors: cursorSigner('test-key'),
  queue: {
    send: async () => {
      throw new Error('these tests queue nothing');
    },
    sendMany: async () => {
      throw new Error('these tests queue nothing');
    },
  },
};

/** The contacts Lambda, called as the API would (contacts are its domain). */
let contactsHandler: (
  event: ReturnType<typeof apiEvent>,
  context: ReturnType<typeof lambdaContext>,
) => Promise<APIGatewayProxyResult>;
beforeAll(async () => {
  ({ handler: contactsHandler } = await import('../contacts/http.js'));
});
const claimsOf = new Map<string, Record<string, unknown>>();
const newUser = () => {
  const claims = userClaims();
  claimsOf.set(claims.sub, claims);
  return claims.sub;
};
const contactsApi = async (uid: string, method: string, path: string, resource: string, body?: unknown) => {
  const response = await contactsHandler(
    apiEvent({
      method,
      resource,
      path,
      claims: claimsOf.get(uid)!,
      ...(body === undefined ? {} : { body }),
      ...(resource.includes('{id}') ? { params: { id: path.split('/').at(-1)! } } : {}),
    }),
    lambdaContext(),
  );
  expect(response.statusCode, response.body).toBeLessThan(300);
  return JSON.parse(response.body).data;
};
/** a contact added by hand (POST /api/contacts) */
const addContact = async (uid: string, name = 'Ada Lovelace') =>
  (
    (await contactsApi(uid, 'POST', '/api/contacts', '/api/contacts', { name, company: 'Analytical' })) as {
      id: string;
    }
  ).id;
const getContactDetail = (uid: string, id: string) =>
  contactsApi(uid, 'GET', `/api/contacts/${id}`, '/api/contacts/{id}') as Promise<{
    contact: { email_subject: string; email_body: string };
    draft: Draft | null;
  }>;
const deleteContact = (uid: string, id: string) =>
  contactsApi(uid, 'DELETE', `/api/contacts/${id}`, '/api/contacts/{id}');
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
const primaries = (list: readonly Draft[]) => list.filter((draft) => draft.isPrimary);
/** a conversation of the user with a contact, as the drafts' rules read it (whose it is; nothing sent in it) */
const addConversation = async (uid: string, contactId: string) => {
  const conversationId = `conv-${randomUUID()}`;
  await setAttributes(db, conversationKey(uid, conversationId), { entity: 'conversation', contactId, emailCount: 0 });
  return conversationId;
};
const markSent = (uid: string, draftId: string) =>
  setAttributes(db, draftKey(uid, draftId), {
    status: 'sent',
    sentAt: new Date().toISOString(),
    sentMessageId: 'msg-1',
  });

describe('POST /api/drafts (SPEC §4/§5)', () => {
  it('saves a new draft with the defaults: initial outreach, primary, status draft, no conversation', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const draft = await drafts.createDraft(deps, uid, { contactId, subject: 'Hello', body: 'Hi Ada' });
    expect(draft).toMatchObject({
      userId: uid,
      contactId,
      conversationId: null,
      draftType: 'initial_outreach',
      status: 'draft',
      isPrimary: true,
      createdFromTemplate: false,
      subject: 'Hello',
      body: 'Hi Ada',
    });
    expect(draft.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await drafts.contactDrafts(deps, uid, contactId)).toEqual([draft]);
    expect(await drafts.contactPrimaryDraft(deps, uid, contactId)).toEqual(draft);
    expect(await drafts.listDrafts(deps, uid)).toEqual([draft]);
  });

  it("answers SPEC §5's messages as 400s, and writes nothing", async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const conversationId = await addConversation(uid, contactId);
    const before = await partitionSnapshot(db, uid);
    expect(await failure(drafts.createDraft(deps, uid, { subject: 'x' }))).toMatchObject({
      status: 400,
      message: 'contactId is required to save a draft',
    });
    expect(await failure(drafts.createDraft(deps, uid, { contactId, conversationId }))).toMatchObject({
      status: 400,
      message: 'Initial outreach cannot be associated with a conversation',
    });
    expect(await failure(drafts.createDraft(deps, uid, { contactId, draftType: 'reply' }))).toMatchObject({
      status: 400,
      message: 'conversationId is required to save a reply draft',
    });
    expect(
      await failure(drafts.createDraft(deps, uid, { contactId, draftType: 'follow_up', conversationId: null })),
    ).toMatchObject({ status: 400, message: 'conversationId is required to save a follow-up draft' });
    expect(
      await failure(drafts.createDraft(deps, uid, { contactId, draftType: 'follow_up', conversationId })),
    ).toMatchObject({ status: 400, message: 'Cannot send follow-up before sending a reply' });
    expect(await partitionSnapshot(db, uid)).toEqual(before);
  });

  it("answers 404 for a contact or a conversation that is not the user's, and writes nothing", async () => {
    const [owner, intruder] = [newUser(), newUser()];
    const contactId = await addContact(owner);
    const conversationId = await addConversation(owner, contactId);
    const intruderContact = await addContact(intruder);
    const [ownerBefore, intruderBefore] = [await partitionSnapshot(db, owner), await partitionSnapshot(db, intruder)];
    expect(await failure(drafts.createDraft(deps, intruder, { contactId }))).toMatchObject({
      status: 404,
      message: messages.contacts.notFound,
    });
    expect(
      await failure(
        drafts.createDraft(deps, intruder, { contactId: intruderContact, draftType: 'reply', conversationId }),
      ),
    ).toMatchObject({ status: 404, message: 'The requested resource was not found.' });
    expect(await partitionSnapshot(db, owner)).toEqual(ownerBefore);
    expect(await partitionSnapshot(db, intruder)).toEqual(intruderBefore);
  });

  it("refuses a reply or follow-up in another contact's conversation (400), and writes nothing", async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const other = await addContact(uid, 'Grace Hopper');
    const conversationId = await addConversation(uid, other);
    await setAttributes(db, conversationKey(uid, conversationId), { emailCount: 1 });
    const before = await partitionSnapshot(db, uid);
    expect(
      await failure(drafts.createDraft(deps, uid, { contactId, draftType: 'reply', conversationId })),
    ).toMatchObject({ status: 400, message: 'Reply drafts require a conversation' });
    expect(
      await failure(drafts.createDraft(deps, uid, { contactId, draftType: 'follow_up', conversationId })),
    ).toMatchObject({ status: 400, message: 'Follow-up drafts require a conversation' });
    expect(await partitionSnapshot(db, uid)).toEqual(before);
    // in its own contact's conversation the same draft is taken
    expect(
      await drafts.createDraft(deps, uid, { contactId: other, draftType: 'follow_up', conversationId }),
    ).toMatchObject({ contactId: other, conversationId, draftType: 'follow_up' });
  });

  it('takes a reply in a conversation once; a follow-up only after a sent reply', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const conversationId = await addConversation(uid, contactId);
    const reply = await drafts.createDraft(deps, uid, { contactId, draftType: 'reply', conversationId });
    expect(reply).toMatchObject({ draftType: 'reply', conversationId, isPrimary: true });
    await markSent(uid, reply.id);
    expect(
      await failure(drafts.createDraft(deps, uid, { contactId, draftType: 'reply', conversationId })),
    ).toMatchObject({ status: 400, message: 'A reply has already been sent for this conversation' });
    const followUp = await drafts.createDraft(deps, uid, { contactId, draftType: 'follow_up', conversationId });
    expect(followUp).toMatchObject({ draftType: 'follow_up', conversationId, isPrimary: true });
    // the sent reply stays, no longer primary
    expect(await drafts.contactDrafts(deps, uid, contactId)).toMatchObject([
      { id: followUp.id, isPrimary: true },
      { id: reply.id, isPrimary: false, status: 'sent' },
    ]);
  });

  it("refuses a draft over DynamoDB's item limit with a 400 (nothing written)", async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const before = await partitionSnapshot(db, uid);
    const body = '€'.repeat(100_000);
    const placeholderAlternatives = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [`spot${index}`, ['€'.repeat(2000)]]),
    );
    expect(await failure(drafts.createDraft(deps, uid, { contactId, body, placeholderAlternatives }))).toMatchObject({
      status: 400,
      message: draftMessages.tooLarge,
    });
    expect(await partitionSnapshot(db, uid)).toEqual(before);
  });
});

describe('one primary draft per contact', () => {
  it('a new primary replaces the unsent primary of its type; a non-primary draft is added beside it', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const first = await drafts.createDraft(deps, uid, { contactId, subject: 'first' });
    const second = await drafts.createDraft(deps, uid, { contactId, subject: 'second' });
    const extra = await drafts.createDraft(deps, uid, { contactId, subject: 'extra', isPrimary: false });
    const list = await drafts.contactDrafts(deps, uid, contactId);
    expect(list.map((draft) => draft.id)).toEqual([second.id, extra.id]);
    expect(await readItem(db, draftKey(uid, first.id))).toBeNull();
    expect(primaries(list)).toHaveLength(1);
  });

  it('keeps a primary the person edited when a new one is written (Generate with AI, Apply template): demoted, not replaced', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const tick = () => {
      clock += 1000;
      return new Date(clock);
    };
    const ticking: drafts.DraftsDeps = { ...deps, now: tick };
    const written = await drafts.createDraft(ticking, uid, { contactId, subject: 'S', body: 'As the AI wrote it' });
    const edited = await drafts.updateDraft(ticking, uid, written.id, { body: 'In my own words' });
    const regenerated = await saveGeneratedDraft(db, uid, { contactId, subject: 'S2', body: 'New' }, ticking.now());
    const list = await drafts.contactDrafts(deps, uid, contactId);
    expect(list.map((draft) => [draft.id, draft.isPrimary])).toEqual([
      [regenerated.id, true],
      [edited.id, false],
    ]);
    expect(list[1]).toMatchObject({ body: 'In my own words' });
    // the regenerated one, untouched, is replaced by the next
    const again = await saveGeneratedDraft(db, uid, { contactId, subject: 'S3', body: 'Newer' }, ticking.now());
    expect((await drafts.contactDrafts(deps, uid, contactId)).map((draft) => draft.id)).toEqual([again.id, edited.id]);
  });

  it('making another draft primary (PATCH isPrimary) demotes the previous one', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const first = await drafts.createDraft(deps, uid, { contactId, subject: 'first' });
    const other = await drafts.createDraft(deps, uid, { contactId, subject: 'other', isPrimary: false });
    const made = await drafts.updateDraft(deps, uid, other.id, { isPrimary: true });
    expect(made).toMatchObject({ id: other.id, isPrimary: true });
    const list = await drafts.contactDrafts(deps, uid, contactId);
    expect(list.map((draft) => [draft.id, draft.isPrimary])).toEqual([
      [other.id, true],
      [first.id, false],
    ]);
    expect(await primaryDraft(db, uid, contactId)).toEqual(made);
  });

  it('stays one under concurrency: 8 drafts made primary at once leave exactly one primary', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const created: Draft[] = [];
    for (let index = 0; index < 8; index += 1)
      created.push(await drafts.createDraft(deps, uid, { contactId, subject: `d${index}`, isPrimary: false }));
    await Promise.all(created.map((draft) => drafts.updateDraft(deps, uid, draft.id, { isPrimary: true })));
    const stored = (await userDrafts(db, uid)).filter((draft) => draft.contactId === contactId);
    expect(stored).toHaveLength(8);
    const primary = primaries(stored);
    expect(primary).toHaveLength(1);
    expect((await getContactDrafts(db, uid, contactId)).primaryDraftId).toBe(primary[0]!.id);
  });

  it('stays one under concurrency: 8 saves at once (generated and by hand) leave one primary and a consistent list', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2
          ? saveGeneratedDraft(db, uid, { contactId, subject: `g${index}`, body: 'b' }, new Date())
          : drafts.createDraft(deps, uid, { contactId, subject: `h${index}`, draftType: 'initial_outreach' }),
      ),
    );
    const stored = (await userDrafts(db, uid)).filter((draft) => draft.contactId === contactId);
    expect(primaries(stored)).toHaveLength(1);
    const list = await getContactDrafts(db, uid, contactId);
    expect(list.primaryDraftId).toBe(primaries(stored)[0]!.id);
    expect([...list.draftIds].sort()).toEqual(stored.map((draft) => draft.id).sort());
  });

  it('clear-primary leaves the drafts, none primary; a contact without drafts answers cleared: false', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    expect(await drafts.clearPrimary(deps, uid, contactId)).toEqual({ cleared: false });
    const draft = await drafts.createDraft(deps, uid, { contactId, subject: 's' });
    expect(await drafts.clearPrimary(deps, uid, contactId)).toEqual({ cleared: true });
    expect(await drafts.contactDrafts(deps, uid, contactId)).toMatchObject([{ id: draft.id, isPrimary: false }]);
    expect(await drafts.contactPrimaryDraft(deps, uid, contactId)).toBeNull();
  });
});

describe('the order of drafts (SPEC §4)', () => {
  it('is primary first, then initial outreach, reply, follow-up, then most recently updated', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const conversationId = await addConversation(uid, contactId);
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const tick = () => {
      clock += 1000;
      return new Date(clock);
    };
    const ticking: drafts.DraftsDeps = { ...deps, now: tick };
    const reply = await drafts.createDraft(ticking, uid, {
      contactId,
      draftType: 'reply',
      conversationId,
      isPrimary: false,
    });
    await markSent(uid, reply.id);
    const followOld = await drafts.createDraft(ticking, uid, {
      contactId,
      draftType: 'follow_up',
      conversationId,
      isPrimary: false,
    });
    const initialOld = await drafts.createDraft(ticking, uid, { contactId, isPrimary: false });
    const followNew = await drafts.createDraft(ticking, uid, {
      contactId,
      draftType: 'follow_up',
      conversationId,
      isPrimary: false,
    });
    const initialNew = await drafts.createDraft(ticking, uid, { contactId, isPrimary: false });
    const primary = await drafts.createDraft(ticking, uid, {
      contactId,
      draftType: 'follow_up',
      conversationId,
    });
    // an edit makes the older initial outreach the most recently updated
    await drafts.updateDraft(ticking, uid, initialOld.id, { body: 'edited' });
    const expected = [primary.id, initialOld.id, initialNew.id, reply.id, followNew.id, followOld.id];
    expect((await drafts.contactDrafts(deps, uid, contactId)).map((draft) => draft.id)).toEqual(expected);
    expect((await drafts.listDrafts(deps, uid)).map((draft) => draft.id)).toEqual(expected);
  });
});

describe('PATCH and DELETE /api/drafts/{id}', () => {
  it("answers 'No valid fields to update' when nothing editable is given", async () => {
    const uid = newUser();
    const draft = await drafts.createDraft(deps, uid, { contactId: await addContact(uid) });
    expect(await failure(drafts.updateDraft(deps, uid, draft.id, {}))).toMatchObject({
      status: 400,
      message: 'No valid fields to update',
    });
  });

  it('changes subject, body, attachments, placeholder alternatives and the scheduled time, and removes the time', async () => {
    const uid = newUser();
    const draft = await drafts.createDraft(deps, uid, { contactId: await addContact(uid), subject: 'a' });
    const changed = await drafts.updateDraft(deps, uid, draft.id, {
      subject: 'b',
      body: 'c',
      attachments: [{ name: 'resume.pdf', source: 'resume' }],
      placeholderAlternatives: { '[Company]': ['Analytical', 'AE'] },
      scheduledSendTime: '2026-12-01T09:00:00+01:00',
    });
    expect(changed).toMatchObject({
      subject: 'b',
      body: 'c',
      attachments: [{ name: 'resume.pdf', source: 'resume' }],
      placeholderAlternatives: { '[Company]': ['Analytical', 'AE'] },
      scheduledSendTime: '2026-12-01T08:00:00.000Z',
      isPrimary: true,
    });
    const unscheduled = await drafts.updateDraft(deps, uid, draft.id, { scheduledSendTime: null });
    expect(unscheduled).not.toHaveProperty('scheduledSendTime');
    expect(await drafts.contactPrimaryDraft(deps, uid, draft.contactId)).toEqual(unscheduled);
  });

  it('keeps the content of a sent draft (409)', async () => {
    const uid = newUser();
    const draft = await drafts.createDraft(deps, uid, { contactId: await addContact(uid) });
    await markSent(uid, draft.id);
    expect(await failure(drafts.updateDraft(deps, uid, draft.id, { body: 'late' }))).toMatchObject({
      status: 409,
      message: draftMessages.notEditable,
    });
  });

  it("answers 404 for another user's draft and changes nothing", async () => {
    const [owner, intruder] = [newUser(), newUser()];
    const draft = await drafts.createDraft(deps, owner, { contactId: await addContact(owner) });
    const before = await partitionSnapshot(db, owner);
    const calls = [
      () => drafts.updateDraft(deps, intruder, draft.id, { body: 'mine' }),
      () => drafts.updateDraft(deps, intruder, draft.id, {}),
      () => drafts.deleteDraft(deps, intruder, draft.id),
      () => drafts.sendDraft(deps, intruder, draft.id),
      () => drafts.clearPrimary(deps, intruder, draft.contactId),
      () => drafts.contactDrafts(deps, intruder, draft.contactId),
    ];
    for (const call of calls) expect(await failure(call())).toMatchObject({ status: 404 });
    expect(await partitionSnapshot(db, owner)).toEqual(before);
  });

  it('deletes a draft; the primary one leaves the contact without a primary', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const draft = await drafts.createDraft(deps, uid, { contactId });
    expect(await drafts.deleteDraft(deps, uid, draft.id)).toEqual({ deleted: true });
    expect(await drafts.contactDrafts(deps, uid, contactId)).toEqual([]);
    expect(await drafts.contactPrimaryDraft(deps, uid, contactId)).toBeNull();
    expect(await failure(drafts.deleteDraft(deps, uid, draft.id))).toMatchObject({ status: 404 });
  });
});

describe('POST /api/drafts/{id}/send without a mailbox', () => {
  it('says how to connect a mailbox (409), after the draft’s own rules', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const draft = await drafts.createDraft(deps, uid, { contactId });
    expect(await failure(drafts.sendDraft(deps, uid, draft.id))).toEqual({
      status: 409,
      message: draftMessages.mailboxNotConnected,
      code: 'mailbox_not_connected',
    });
    await markSent(uid, draft.id);
    expect(await failure(drafts.sendDraft(deps, uid, draft.id))).toMatchObject({
      status: 409,
      message: draftMessages.alreadySent,
    });
    const conversationId = await addConversation(uid, contactId);
    const reply = await drafts.createDraft(deps, uid, { contactId, draftType: 'reply', conversationId });
    const second = await drafts.createDraft(deps, uid, {
      contactId,
      draftType: 'reply',
      conversationId,
      isPrimary: false,
    });
    await markSent(uid, reply.id);
    expect(await failure(drafts.sendDraft(deps, uid, second.id))).toMatchObject({
      status: 400,
      message: 'A reply has already been sent for this conversation',
    });
  });
});

describe('drafts and their contact', () => {
  it('GET /api/contacts/{id} answers the primary draft', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    expect((await getContactDetail(uid, contactId)).draft).toBeNull();
    const draft = await saveGeneratedDraft(
      db,
      uid,
      { contactId, subject: 'S', body: 'B', placeholderAlternatives: { '[X]': ['a'] } },
      new Date(),
    );
    expect(draft).toMatchObject({
      draftType: 'initial_outreach',
      isPrimary: true,
      placeholderAlternatives: { '[X]': ['a'] },
    });
    const detail = await getContactDetail(uid, contactId);
    expect(detail.draft).toEqual(draft);
    // SPEC §3: the contact's e-mail is its primary draft's
    expect(detail.contact).toMatchObject({ email_subject: 'S', email_body: 'B' });
  });

  it('deleting a contact deletes its drafts and their list', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const kept = await addContact(uid, 'Grace Hopper');
    const gone = await drafts.createDraft(deps, uid, { contactId });
    await drafts.createDraft(deps, uid, { contactId, isPrimary: false });
    const other = await drafts.createDraft(deps, uid, { contactId: kept });
    await deleteContact(uid, contactId);
    expect(await readItem(db, draftKey(uid, gone.id))).toBeNull();
    expect(await readItem(db, contactDraftsKey(uid, contactId))).toBeNull();
    expect(await drafts.listDrafts(deps, uid)).toEqual([other]);
    // and a generated e-mail for the deleted contact is refused rather than kept
    expect(
      await failure(saveGeneratedDraft(db, uid, { contactId, subject: 'S', body: 'B' }, new Date())),
    ).toMatchObject({ status: 404 });
  });
});

describe("the contact's hasActiveDraft (SPEC §3): an unsent primary draft, written with the drafts", () => {
  const storedFlag = async (uid: string, contactId: string) =>
    (await readItem(db, contactKey(uid, contactId)))?.hasActiveDraft;
  /** what the flag must say: the contact's primary draft, as stored, is unsent */
  const expectedFlag = async (uid: string, contactId: string) =>
    (await drafts.contactPrimaryDraft(deps, uid, contactId))?.status === 'draft';

  it('is true after a create and a replace, false after a demote, a delete and a clear-primary; answered on the contact', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const wireFlag = async () =>
      ((await getContactDetail(uid, contactId)) as unknown as { contact: { has_active_draft: boolean } }).contact
        .has_active_draft;
    expect(await wireFlag()).toBe(false);
    await drafts.createDraft(deps, uid, { contactId, subject: 'aside', isPrimary: false });
    expect(await storedFlag(uid, contactId)).toBe(false);
    const first = await drafts.createDraft(deps, uid, { contactId, subject: 'first' });
    expect(await storedFlag(uid, contactId)).toBe(true);
    expect(await wireFlag()).toBe(true);
    const second = await saveGeneratedDraft(db, uid, { contactId, subject: 'second', body: 'b' }, new Date());
    expect(await readItem(db, draftKey(uid, first.id))).toBeNull();
    expect(await storedFlag(uid, contactId)).toBe(true);
    await drafts.updateDraft(deps, uid, second.id, { isPrimary: false });
    expect(await storedFlag(uid, contactId)).toBe(false);
    await drafts.updateDraft(deps, uid, second.id, { isPrimary: true });
    expect(await storedFlag(uid, contactId)).toBe(true);
    await drafts.deleteDraft(deps, uid, second.id);
    expect(await storedFlag(uid, contactId)).toBe(false);
    expect(await wireFlag()).toBe(false);
    await drafts.createDraft(deps, uid, { contactId, subject: 'third' });
    expect(await storedFlag(uid, contactId)).toBe(true);
    await drafts.clearPrimary(deps, uid, contactId);
    expect(await storedFlag(uid, contactId)).toBe(false);
  });

  it('is false while the primary draft is a sent one', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const sent = await drafts.createDraft(deps, uid, { contactId, subject: 'sent', isPrimary: false });
    await markSent(uid, sent.id);
    await drafts.createDraft(deps, uid, { contactId, subject: 'unsent' });
    expect(await storedFlag(uid, contactId)).toBe(true);
    await drafts.updateDraft(deps, uid, sent.id, { isPrimary: true });
    expect(await storedFlag(uid, contactId)).toBe(false);
  });

  it('never drifts from the drafts under two concurrent changes', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    for (let round = 0; round < 4; round += 1) {
      const aside = await drafts.createDraft(deps, uid, { contactId, subject: `aside ${round}`, isPrimary: false });
      const primary = await drafts.createDraft(deps, uid, { contactId, subject: `primary ${round}` });
      await Promise.all([
        round % 2
          ? drafts.deleteDraft(deps, uid, primary.id)
          : drafts.clearPrimary(deps, uid, contactId).then(() => undefined),
        drafts.updateDraft(deps, uid, aside.id, { isPrimary: true }),
      ]);
      expect(await storedFlag(uid, contactId)).toBe(await expectedFlag(uid, contactId));
      await Promise.all([
        drafts.createDraft(deps, uid, { contactId, subject: `a ${round}` }),
        saveGeneratedDraft(db, uid, { contactId, subject: `b ${round}`, body: 'b' }, new Date()),
      ]);
      expect(await storedFlag(uid, contactId)).toBe(true);
      await drafts.clearPrimary(deps, uid, contactId);
      expect(await storedFlag(uid, contactId)).toBe(false);
    }
  });

  it('a draft of a contact deleted meanwhile is still deleted (the flag has no contact to go on)', async () => {
    const uid = newUser();
    const contactId = await addContact(uid);
    const draft = await drafts.createDraft(deps, uid, { contactId });
    await db.documents.send(new DeleteCommand({ TableName: db.table, Key: contactKey(uid, contactId) }));
    expect(await drafts.deleteDraft(deps, uid, draft.id)).toEqual({ deleted: true });
    expect(await readItem(db, draftKey(uid, draft.id))).toBeNull();
    expect(await readItem(db, contactKey(uid, contactId))).toBeNull();
  });
});

describe('GET /api/outreach', () => {
  it('pages the contacts, most recently updated first, each with its primary draft', async () => {
    const uid = newUser();
    const first = await addContact(uid, 'First');
    const second = await addContact(uid, 'Second');
    const third = await addContact(uid, 'Third');
    const draft = await drafts.createDraft(deps, uid, { contactId: second, subject: 'For second' });
    await drafts.createDraft(deps, uid, { contactId: third, isPrimary: false });
    const page1 = await drafts.outreach(deps, uid, { limit: 2 });
    expect(page1.items.map((item) => [item.contact.id, item.primaryDraft?.id ?? null])).toEqual([
      [third, null],
      [second, draft.id],
    ]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = await drafts.outreach(deps, uid, { limit: 2, cursor: page1.nextCursor! });
    expect(page2.items.map((item) => item.contact.id)).toEqual([first]);
    expect(page2.nextCursor).toBeNull();
    // a cursor of another user opens to nothing: 400
    expect(await failure(drafts.outreach(deps, newUser(), { limit: 2, cursor: page1.nextCursor! }))).toMatchObject({
      status: 400,
      message: messages.validation.unknownCursor,
    });
  });
});

describe('the live channel (DESIGN §8)', () => {
  it("tells the user's tabs of saved drafts (created, changed), not of refused ones", async () => {
    const events: { uid: string; event: LiveEvent }[] = [];
    const live: LivePort = {
      publish: async (uid, event) => {
        events.push({ uid, event });
      },
    };
    const liveDeps: drafts.DraftsDeps = { ...deps, live };
    const uid = newUser();
    const contactId = await addContact(uid);
    const draft = await drafts.createDraft(liveDeps, uid, { contactId });
    await drafts.updateDraft(liveDeps, uid, draft.id, { body: 'b' });
    await failure(drafts.updateDraft(liveDeps, uid, draft.id, {}));
    await drafts.updateDraft(liveDeps, uid, draft.id, { isPrimary: false });
    const saved = (isPrimary: boolean) => ({
      uid,
      event: { type: 'draft.saved', data: { draftId: draft.id, contactId, isPrimary } },
    });
    expect(events).toEqual([saved(true), saved(true), saved(false)]);
  });

  it("tells only the owner's tabs of a deleted draft and of a cleared primary, not of refused or idle ones", async () => {
    const events: { uid: string; event: LiveEvent }[] = [];
    const live: LivePort = {
      publish: async (uid, event) => {
        events.push({ uid, event });
      },
    };
    const liveDeps: drafts.DraftsDeps = { ...deps, live };
    const uid = newUser();
    const stranger = newUser();
    const contactId = await addContact(uid);
    const kept = await drafts.createDraft(deps, uid, { contactId, subject: 'kept' });
    const gone = await drafts.createDraft(deps, uid, { contactId, subject: 'gone', isPrimary: false });
    await failure(drafts.deleteDraft(liveDeps, stranger, gone.id));
    await failure(drafts.clearPrimary(liveDeps, stranger, contactId));
    await drafts.deleteDraft(liveDeps, uid, gone.id);
    await drafts.clearPrimary(liveDeps, uid, contactId);
    await drafts.clearPrimary(liveDeps, uid, contactId); // nothing left to clear
    expect(events).toEqual([
      { uid, event: { type: 'draft.deleted', data: { draftId: gone.id, contactId } } },
      { uid, event: { type: 'draft.primaryCleared', data: { contactId } } },
    ]);
    expect(await drafts.contactDrafts(deps, uid, contactId)).toMatchObject([{ id: kept.id, isPrimary: false }]);
  });

  it('answers a saved draft even when publishing fails', async () => {
    const live: LivePort = { publish: () => Promise.reject(new Error('no endpoint')) };
    const uid = newUser();
    const contactId = await addContact(uid);
    const draft = await drafts.createDraft({ ...deps, live }, uid, { contactId });
    expect(await drafts.contactDrafts(deps, uid, contactId)).toEqual([draft]);
  });
});
