import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RelationshipStatus } from '../../shared/schemas/contacts.js';
import type { PipelineStage } from '../../shared/schemas/pipeline.js';
import { createDataClient } from '../data/client.js';
import { transact } from '../data/entity/transaction.js';
import { pipelineMoveWrite } from '../data/pipeline.js';
import { moveContactStage, recordIncomingEmail, recordSentEmail } from '../conversations/index.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';

/**
 * One truth per contact: the contacts list's relationship is where the contact stands in the pipeline, whether an event
 * or a hand moved it, and a relationship chosen by hand moves it on the board.
 */
const db = createDataClient(process.env.TABLE_NAME!);

type Claims = ReturnType<typeof userClaims>;
const addContact = async (claims: Claims, name: string) => {
  const answer = await callRoute('POST /api/contacts', { claims, body: { name } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json.data.id as string;
};
type Listed = { id: string; relationship_status: string };
const list = async (claims: Claims, query: Record<string, string> = {}) => {
  const answer = await callRoute('GET /api/contacts', { claims, query });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data.contacts as Listed[];
};
const relationshipOf = async (claims: Claims, contactId: string) =>
  (await list(claims)).find((contact) => contact.id === contactId)?.relationship_status;
const filtered = async (claims: Claims, relationship: string) =>
  (await list(claims, { relationship_status: relationship })).map((contact) => contact.id);
type Board = { stages: { stage: string; cards: { contactId: string; movedBy: string }[] }[] };
const cardOf = async (claims: Claims, contactId: string) => {
  const answer = await callRoute('GET /api/pipeline', { claims });
  expect(answer.status).toBe(200);
  for (const { stage, cards } of (answer.json.data as Board).stages) {
    const card = cards.find((each) => each.contactId === contactId);
    if (card) return { stage, movedBy: card.movedBy };
  }
  return null;
};
const sendTo = (uid: string, contactId: string) => {
  const draftId = `draft-${randomUUID()}`;
  return recordSentEmail(db, uid, {
    conversationId: null,
    contactId,
    draftId,
    draftType: 'initial_outreach',
    mailboxId: 'mailbox-1',
    provider: 'outlook',
    from: 'me@outlook.com',
    fromName: null,
    to: 'someone@example.com',
    subject: 'Engines',
    body: 'Hello',
    sentAt: new Date(),
    messageId: `<draft-${draftId}@outlook.com>`,
    providerMessageId: `AAMk-${randomUUID()}`,
    threadId: `conv-${randomUUID()}`,
  });
};
const replyIn = (uid: string, conversationId: string) =>
  recordIncomingEmail(db, uid, conversationId, {
    kind: 'reply',
    providerMessageId: `AAMk-${randomUUID()}`,
    messageId: null,
    from: 'someone@example.com',
    fromName: 'Someone',
    to: 'me@outlook.com',
    subject: 'Re: Engines',
    body: 'Gladly',
    at: new Date(),
  });

describe('the relationship follows the pipeline stage', () => {
  it('moves with the events: an e-mail sent, a reply, a meeting booked; in the list and in its filter', async () => {
    const claims = userClaims();
    const ada = await addContact(claims, 'Ada Lovelace');
    const grace = await addContact(claims, 'Grace Hopper');
    expect(await relationshipOf(claims, ada)).toBe('new');

    const { conversation } = await sendTo(claims.sub, ada);
    expect(await relationshipOf(claims, ada)).toBe('contacted');
    expect(await filtered(claims, 'contacted')).toEqual([ada]);

    await replyIn(claims.sub, conversation.id);
    expect(await cardOf(claims, ada)).toEqual({ stage: 'replied', movedBy: 'event' });
    expect(await relationshipOf(claims, ada)).toBe('replied');
    expect(await filtered(claims, 'replied')).toEqual([ada]);
    expect(await filtered(claims, 'contacted')).toEqual([]);
    expect(await filtered(claims, 'new')).toEqual([grace]);

    await moveContactStage(db, claims.sub, ada, 'meeting_scheduled', new Date(), 'event');
    expect(await relationshipOf(claims, ada)).toBe('meeting_scheduled');
    expect(await filtered(claims, 'meeting_scheduled')).toEqual([ada]);
  });

  it('follows a card dragged by hand, back and forth', async () => {
    const claims = userClaims();
    const ada = await addContact(claims, 'Ada Lovelace');
    const drag = (stage: PipelineStage) =>
      callRoute('PATCH /api/pipeline/{contactId}', { claims, params: { contactId: ada }, body: { stage } });
    expect((await drag('closed')).status).toBe(200);
    expect(await relationshipOf(claims, ada)).toBe('closed');
    expect(await filtered(claims, 'closed')).toEqual([ada]);
    expect((await drag('drafted')).status).toBe(200);
    // drafted: nothing has passed between you yet
    expect(await relationshipOf(claims, ada)).toBe('new');
    expect(await filtered(claims, 'new')).toEqual([ada]);
    expect(await filtered(claims, 'closed')).toEqual([]);
  });

  it('moves the card when the relationship is chosen by hand, as a drag does; New takes it off the board', async () => {
    const claims = userClaims();
    const ada = await addContact(claims, 'Ada Lovelace');
    const { conversation } = await sendTo(claims.sub, ada);
    const choose = (relationship: RelationshipStatus) =>
      callRoute('PUT /api/contacts/{id}', { claims, params: { id: ada }, body: { relationship_status: relationship } });

    const replied = await choose('replied');
    expect(replied.status).toBe(200);
    expect(replied.json.data.relationship_status).toBe('replied');
    expect(await cardOf(claims, ada)).toEqual({ stage: 'replied', movedBy: 'manual' });
    expect(await filtered(claims, 'replied')).toEqual([ada]);

    expect((await choose('new')).status).toBe(200);
    expect(await cardOf(claims, ada)).toBeNull();
    expect(await relationshipOf(claims, ada)).toBe('new');

    // an event moves it on from there, as from any stage chosen by hand
    await replyIn(claims.sub, conversation.id);
    expect(await cardOf(claims, ada)).toEqual({ stage: 'replied', movedBy: 'event' });
    expect(await relationshipOf(claims, ada)).toBe('replied');
  });
});

describe('a contact written before the relationship followed the stage', () => {
  it('is put right when the board is read: the list and its filter then say what the board says', async () => {
    const claims = userClaims();
    const ada = await addContact(claims, 'Ada Lovelace');
    // its stage moved alone, as before every move wrote the relationship with it
    const outcome = await transact(db, {
      move: pipelineMoveWrite(db, claims.sub, {
        contactId: ada,
        stage: 'replied',
        stageChangedAt: new Date().toISOString(),
        movedBy: 'event',
        conversationId: null,
      }),
    });
    expect(outcome.done).toBe(true);
    expect(await relationshipOf(claims, ada)).toBe('new');

    expect(await cardOf(claims, ada)).toEqual({ stage: 'replied', movedBy: 'event' });
    expect(await relationshipOf(claims, ada)).toBe('replied');
    expect(await filtered(claims, 'replied')).toEqual([ada]);
  });
});

describe("the list's 'Recently updated' order", () => {
  it('moves a contact up when a reply comes in, in the list and in a search', async () => {
    const claims = userClaims();
    const ada = await addContact(claims, 'Ada Lovelace');
    const { conversation } = await sendTo(claims.sub, ada);
    const grace = await addContact(claims, 'Grace Hopper');
    const order = { sort: 'last_updated', order: 'desc' };
    expect((await list(claims, order)).map((contact) => contact.id)).toEqual([grace, ada]);
    const search = { ...order, q: 'e' };
    expect((await list(claims, search)).map((contact) => contact.id)).toEqual([grace, ada]);

    await replyIn(claims.sub, conversation.id);
    expect((await list(claims, order)).map((contact) => contact.id)).toEqual([ada, grace]);
    expect((await list(claims, search)).map((contact) => contact.id)).toEqual([ada, grace]);
  });
});
