import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDataClient } from '../data/client.js';
import { contactKey } from '../data/contact.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import { readItem } from '../test/raw-items.js';
import { getConversation, type IncomingEmail, recordIncomingEmail, recordSentEmail, type SentEmail } from './index.js';

/**
 * SPEC §3 Contact `conversationStatus` (the contacts table's Conversation column) and the contact's sent fields follow
 * its conversations, written in the conversation's own transaction (./contact-mirror.ts).
 */

const db = createDataClient(process.env.TABLE_NAME!);

const addContact = async (claims: Record<string, unknown>, name = 'Ada Lovelace') => {
  const answer = await callRoute('POST /api/contacts', { claims, body: { name, email: 'ada@example.com' } });
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
  return answer.json.data.id as string;
};

/** The contact as GET /api/contacts/{id} answers it, and its row of the list (GET /api/contacts). */
const contactAsShown = async (claims: Record<string, unknown>, contactId: string) => {
  const one = await callRoute('GET /api/contacts/{id}', { claims, params: { id: contactId } });
  expect(one.status, JSON.stringify(one.json)).toBe(200);
  const contact = one.json.data.contact ?? one.json.data;
  const list = await callRoute('GET /api/contacts', { claims });
  const row = list.json.data.contacts;
  expect(row.find((item) => item.id === contactId)?.conversation_status).toBe(contact.conversation_status);
  return contact as Record<string, unknown>;
};
const statusShown = async (claims: Record<string, unknown>, contactId: string) =>
  (await contactAsShown(claims, contactId)).conversation_status;

const sent = (contactId: string, overrides: Partial<SentEmail> = {}): SentEmail => {
  const draftId = overrides.draftId ?? `draft-${randomUUID()}`;
  return {
    conversationId: null,
    contactId,
    draftId,
    draftType: 'initial_outreach',
    mailboxId: 'mailbox-1',
    provider: 'outlook',
    from: 'me@outlook.com',
    fromName: 'Me',
    to: 'ada@example.com',
    subject: 'Hello Ada',
    body: 'Hi Ada',
    sentAt: new Date('2026-11-20T09:00:00.000Z'),
    messageId: `<draft-${draftId}@outlook.com>`,
    providerMessageId: `ol-${randomUUID()}`,
    threadId: `thread-${randomUUID()}`,
    ...overrides,
  };
};
const incoming = (overrides: Partial<IncomingEmail> = {}): IncomingEmail => ({
  kind: 'reply',
  providerMessageId: `ol-${randomUUID()}`,
  messageId: `<${randomUUID()}@example.com>`,
  from: 'ada@example.com',
  fromName: 'Ada',
  to: 'me@outlook.com',
  subject: 'Re: Hello Ada',
  body: 'Gladly',
  at: new Date('2026-11-21T10:00:00.000Z'),
  ...overrides,
});

/**
 * A data client that, before its first transaction, runs `before` (e.g. deletes the contact the transaction was
 * planned on: a delete landing between a recording's read and its write).
 */
const clientRunningFirst = (before: () => Promise<void>) => {
  let ran = false;
  const db = createDataClient(process.env.TABLE_NAME!, {});
  db.documents.use(async ({ commandName }, next) => {
    if (!ran && commandName === 'TransactWriteItemsCommand') {
      ran = true;
      await before();
    }
    return next();
  });
  return db;
};

describe('the contact follows its conversation', () => {
  it('after a send: awaiting a reply, sent, counted; a redelivered send changes nothing', async () => {
    const claims = userClaims();
    const contactId = await addContact(claims);
    expect(await statusShown(claims, contactId)).toBe('');
    const email = sent(contactId);
    await recordSentEmail(db, claims.sub, email);
    expect(await contactAsShown(claims, contactId)).toMatchObject({
      conversation_status: 'awaiting_reply',
      email_status: 'sent',
      last_email_status: 'sent',
      email_count: 1,
      email_sent_at: '2026-11-20T09:00:00.000Z',
      last_email_sent_at: '2026-11-20T09:00:00.000Z',
      email_provider: 'outlook',
    });
    const stored = await readItem(db, contactKey(claims.sub, contactId));
    await recordSentEmail(db, claims.sub, email);
    expect(await readItem(db, contactKey(claims.sub, contactId))).toEqual(stored);

    // a follow-up in the conversation counts too; the initial e-mail's time stays
    const conversationId = email.draftId;
    await recordSentEmail(
      db,
      claims.sub,
      sent(contactId, { conversationId, draftType: 'follow_up', sentAt: new Date('2026-11-23T09:00:00.000Z') }),
    );
    expect(await contactAsShown(claims, contactId)).toMatchObject({
      conversation_status: 'awaiting_reply',
      email_count: 2,
      email_sent_at: '2026-11-20T09:00:00.000Z',
      last_email_sent_at: '2026-11-23T09:00:00.000Z',
    });
  });

  it('after a reply: REPLY_RECEIVED, kept by a later auto-reply; a redelivered reply changes nothing; a bounce shows', async () => {
    const claims = userClaims();
    const contactId = await addContact(claims);
    const { conversation } = await recordSentEmail(db, claims.sub, sent(contactId));
    const answer = incoming();
    expect((await recordIncomingEmail(db, claims.sub, conversation.id, answer)).recorded).toBe(true);
    expect(await statusShown(claims, contactId)).toBe('REPLY_RECEIVED');
    // when the contact answered: the Outreach row and the table tell whose turn it is from it (conversation-turn.ts)
    expect(await contactAsShown(claims, contactId)).toMatchObject({ last_reply_at: answer.at.toISOString() });
    const stored = await readItem(db, contactKey(claims.sub, contactId));
    expect((await recordIncomingEmail(db, claims.sub, conversation.id, answer)).recorded).toBe(false);
    expect(await readItem(db, contactKey(claims.sub, contactId))).toEqual(stored);
    await recordIncomingEmail(db, claims.sub, conversation.id, incoming({ kind: 'auto_reply' }));
    expect(await statusShown(claims, contactId)).toBe('REPLY_RECEIVED');

    const other = await addContact(claims, 'Grace Hopper');
    const second = (await recordSentEmail(db, claims.sub, sent(other))).conversation;
    await recordIncomingEmail(db, claims.sub, second.id, incoming({ kind: 'auto_reply' }));
    expect(await statusShown(claims, other)).toBe('auto_reply');
    await recordIncomingEmail(db, claims.sub, second.id, incoming({ kind: 'bounce' }));
    expect(await statusShown(claims, other)).toBe('bounced');
    // the first contact is not touched by the second's conversation
    expect(await statusShown(claims, contactId)).toBe('REPLY_RECEIVED');
  });

  it('shows its newest conversation: a change of an older one leaves it, deleting the newest shows the one before', async () => {
    const claims = userClaims();
    const contactId = await addContact(claims);
    const older = (
      await recordSentEmail(db, claims.sub, sent(contactId, { sentAt: new Date('2026-11-01T09:00:00.000Z') }))
    ).conversation;
    const newer = (
      await recordSentEmail(db, claims.sub, sent(contactId, { sentAt: new Date('2026-11-10T09:00:00.000Z') }))
    ).conversation;
    expect(await contactAsShown(claims, contactId)).toMatchObject({
      conversation_status: 'awaiting_reply',
      email_count: 2,
      email_sent_at: '2026-11-10T09:00:00.000Z',
      last_email_sent_at: '2026-11-10T09:00:00.000Z',
    });
    await recordIncomingEmail(db, claims.sub, older.id, incoming());
    expect(await statusShown(claims, contactId)).toBe('awaiting_reply');

    // by hand (SPEC §7): the reply status, a patch, a bulk update
    const params = { id: newer.id };
    const closed = await callRoute('PATCH /api/conversations/{id}/reply-status', {
      claims,
      params,
      body: { replyStatus: 'closed' },
    });
    expect(closed.status).toBe(200);
    expect(await statusShown(claims, contactId)).toBe('closed');
    await callRoute('PATCH /api/conversations/{id}', { claims, params, body: { replyStatus: 'awaiting_reply' } });
    expect(await statusShown(claims, contactId)).toBe('awaiting_reply');
    const bulk = await callRoute('PATCH /api/conversations/bulk-update', {
      claims,
      body: { conversationIds: [older.id], updates: { replyStatus: 'bounced' } },
    });
    expect(bulk.json.data).toEqual({ updated: [older.id], notFound: [] });
    expect(await statusShown(claims, contactId)).toBe('awaiting_reply');
    await callRoute('PATCH /api/conversations/bulk-update', {
      claims,
      body: { conversationIds: [older.id, newer.id], updates: { replyStatus: 'REPLY_RECEIVED' } },
    });
    expect(await statusShown(claims, contactId)).toBe('REPLY_RECEIVED');
    await callRoute('PATCH /api/conversations/{id}/reply-status', {
      claims,
      params: { id: older.id },
      body: { replyStatus: 'closed' },
    });

    expect((await callRoute('DELETE /api/conversations/{id}', { claims, params })).status).toBe(200);
    expect(await statusShown(claims, contactId)).toBe('closed');
    await callRoute('DELETE /api/conversations/{id}', { claims, params: { id: older.id } });
    expect(await statusShown(claims, contactId)).toBe('');

    // a conversation started by hand (POST /api/conversations) is the newest
    const made = await callRoute('POST /api/conversations', { claims, body: { contactId, subject: 'Hi' } });
    expect(made.status).toBe(201);
    expect(await statusShown(claims, contactId)).toBe('awaiting_reply');
  });

  it('side by side: two conversations recorded at once both count and the newest shows; copies of one send count once', async () => {
    const claims = userClaims();
    const contactId = await addContact(claims);
    const older = sent(contactId, { sentAt: new Date('2026-11-01T09:00:00.000Z') });
    const newer = sent(contactId, { sentAt: new Date('2026-11-02T09:00:00.000Z') });
    await Promise.all([older, newer, older, newer, newer].map((email) => recordSentEmail(db, claims.sub, email)));
    expect(await contactAsShown(claims, contactId)).toMatchObject({
      conversation_status: 'awaiting_reply',
      email_count: 2,
      email_sent_at: '2026-11-02T09:00:00.000Z',
      last_email_sent_at: '2026-11-02T09:00:00.000Z',
    });
    // a reply in the older and a bounce in the newer at once: the newer's status shows
    await Promise.all([
      recordIncomingEmail(db, claims.sub, older.draftId, incoming()),
      recordIncomingEmail(db, claims.sub, newer.draftId, incoming({ kind: 'bounce' })),
    ]);
    expect(await statusShown(claims, contactId)).toBe('bounced');
  });

  it('never brings a deleted contact back: recordings after the delete, and a delete between read and write', async () => {
    const claims = userClaims();
    const contactId = await addContact(claims);
    const { conversation } = await recordSentEmail(db, claims.sub, sent(contactId));
    const deleteContact = async () => {
      const answer = await callRoute('DELETE /api/contacts/{id}', { claims, params: { id: contactId } });
      expect(answer.status).toBe(200);
    };
    // the delete lands after the reply's recording read the contact, before its transaction
    const racing = clientRunningFirst(deleteContact);
    const recorded = await recordIncomingEmail(racing, claims.sub, conversation.id, incoming());
    expect(recorded.recorded).toBe(true);
    expect((await getConversation(db, claims.sub, conversation.id))?.replyStatus).toBe('REPLY_RECEIVED');
    expect(await readItem(db, contactKey(claims.sub, contactId))).toBeNull();

    // later recordings and changes of its conversations write nothing of it either
    await recordSentEmail(db, claims.sub, sent(contactId, { conversationId: conversation.id, draftType: 'follow_up' }));
    await recordSentEmail(db, claims.sub, sent(contactId));
    await recordIncomingEmail(db, claims.sub, conversation.id, incoming({ kind: 'bounce' }));
    await callRoute('PATCH /api/conversations/{id}/reply-status', {
      claims,
      params: { id: conversation.id },
      body: { replyStatus: 'closed' },
    });
    await callRoute('DELETE /api/conversations/{id}', { claims, params: { id: conversation.id } });
    expect(await readItem(db, contactKey(claims.sub, contactId))).toBeNull();
    expect((await callRoute('GET /api/contacts/{id}', { claims, params: { id: contactId } })).status).toBe(404);
    const made = await callRoute('POST /api/conversations', { claims, body: { contactId, subject: 'Hi' } });
    expect(made.status).toBe(404);
  });

  it('a send whose contact is deleted between its read and its write records the conversation only', async () => {
    const claims = userClaims();
    const contactId = await addContact(claims);
    const racing = clientRunningFirst(async () => {
      const answer = await callRoute('DELETE /api/contacts/{id}', { claims, params: { id: contactId } });
      expect(answer.status).toBe(200);
    });
    const { conversation, created } = await recordSentEmail(racing, claims.sub, sent(contactId));
    expect(created).toBe(true);
    expect(conversation).toMatchObject({ replyStatus: 'awaiting_reply', emailCount: 1 });
    expect(await readItem(db, contactKey(claims.sub, contactId))).toBeNull();
  });
});
