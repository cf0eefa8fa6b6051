import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/live-events.js';
import { createDataClient } from '../data/client.js';
import { partitionSnapshot } from '../test/raw-items.js';
import { userClaims } from '../test/api-event.js';
import { answerOf, callRoute } from '../test/call-route.js';
import { recordIncomingEmail, recordSentEmail } from './index.js';
import type { SentEmail } from './record.js';
import * as service from './service.js';

const db = createDataClient(process.env.TABLE_NAME!);

const newUser = () => userClaims();
const addContact = async (claims: Record<string, unknown>, name = 'Ada Lovelace', email = 'ada@example.com') => {
  const answer = await callRoute('POST /api/contacts', {
    claims,
    body: { name, email, company: 'Analytical Engines' },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
  return answer.json.data.id as string;
};
const sent = (contactId: string, overrides: Partial<SentEmail> = {}): SentEmail => {
  const draftId = `draft-${randomUUID()}`;
  return {
    conversationId: null,
    contactId,
    draftId,
    draftType: 'initial_outreach',
    mailboxId: 'mailbox-1',
    provider: 'gmail',
    from: 'me@gmail.com',
    fromName: 'Me',
    to: 'ada@example.com',
    subject: 'Hello Ada',
    body: 'Hi Ada',
    sentAt: new Date(),
    messageId: `<draft-${draftId}@gmail.com>`,
    providerMessageId: `gm-${randomUUID()}`,
    threadId: `thread-${randomUUID()}`,
    ...overrides,
  };
};
const reply = (at = new Date()) => ({
  kind: 'reply' as const,
  providerMessageId: `gm-${randomUUID()}`,
  messageId: `<${randomUUID()}@example.com>`,
  from: 'ada@example.com',
  fromName: 'Ada',
  to: 'me@gmail.com',
  subject: 'Re: Hello Ada',
  body: 'Yes!',
  at,
});

describe('conversations Lambda', () => {
  it('creates a conversation (201, the spec’s snake_case twins), answers it by id, contact and thread, with its e-mails', async () => {
    const claims = newUser();
    const contactId = await addContact(claims);
    const made = await callRoute('POST /api/conversations', { claims, body: { contactId, subject: ' Coffee? ' } });
    expect(made.status).toBe(201);
    expect(made.json.data).toMatchObject({
      contactId,
      contact_id: contactId,
      subject: 'Coffee?',
      replyStatus: 'awaiting_reply',
      emailCount: 0,
      threadId: null,
    });
    expect(made.json.data.created_at).toBe(made.json.data.createdAt);
    const byId = await callRoute('GET /api/conversations/{id}', { claims, params: { id: made.json.data.id } });
    expect(byId.json.data).toEqual({ ...made.json.data, emails: [] });

    const { conversation } = await recordSentEmail(db, claims.sub, sent(contactId));
    await recordIncomingEmail(db, claims.sub, conversation.id, reply());
    const ofContact = await callRoute('GET /api/conversations/contact/{contactId}', { claims, params: { contactId } });
    expect(ofContact.json.data.map((item: { id: string }) => item.id).sort()).toEqual(
      [made.json.data.id, conversation.id].sort(),
    );
    const byThread = await callRoute('GET /api/conversations/thread/{threadId}', {
      claims,
      params: { threadId: conversation.threadId! },
    });
    expect(byThread.json.data).toMatchObject({ id: conversation.id, replyStatus: 'REPLY_RECEIVED' });
    expect(byThread.json.data.emails.map((email: { kind: string }) => email.kind)).toEqual(['sent', 'reply']);
  });

  it('refuses a conversation with a contact the user does not have (404 Contact not found)', async () => {
    const owner = newUser();
    const contactId = await addContact(owner);
    const intruder = newUser();
    const answer = await callRoute('POST /api/conversations', { claims: intruder, body: { contactId, subject: 'Hi' } });
    expect(answerOf(answer)).toEqual({
      status: 404,
      json: { success: false, error: 'Contact not found', code: 'not_found' },
    });
    expect(
      (await callRoute('GET /api/conversations/contact/{contactId}', { claims: intruder, params: { contactId } }))
        .status,
    ).toBe(404);
  });

  it("answers 404 for another user's conversation on every route, and changes nothing of theirs", async () => {
    const owner = newUser();
    const contactId = await addContact(owner);
    const { conversation } = await recordSentEmail(db, owner.sub, sent(contactId));
    const intruder = newUser();
    const before = await partitionSnapshot(db, owner.sub);
    const params = { id: conversation.id };
    const answers = [
      await callRoute('GET /api/conversations/{id}', { claims: intruder, params }),
      await callRoute('GET /api/conversations/thread/{threadId}', {
        claims: intruder,
        params: { threadId: conversation.threadId! },
      }),
      await callRoute('PATCH /api/conversations/{id}', { claims: intruder, params, body: { replyStatus: 'closed' } }),
      await callRoute('PATCH /api/conversations/{id}', { claims: intruder, params, body: {} }),
      await callRoute('PATCH /api/conversations/{id}/reply-status', {
        claims: intruder,
        params,
        body: { replyStatus: 'REPLY_RECEIVED' },
      }),
      await callRoute('DELETE /api/conversations/{id}', { claims: intruder, params }),
    ];
    for (const answer of answers)
      expect(answerOf(answer)).toEqual({
        status: 404,
        json: { success: false, error: 'The requested resource was not found.', code: 'not_found' },
      });
    const bulk = await callRoute('PATCH /api/conversations/bulk-update', {
      claims: intruder,
      body: { conversationIds: [conversation.id], updates: { replyStatus: 'closed' } },
    });
    expect(bulk.json.data).toEqual({ updated: [], notFound: [conversation.id] });
    const search = await callRoute('POST /api/conversations/search', { claims: intruder, body: {} });
    expect(search.json.data).toEqual([]);
    expect(await partitionSnapshot(db, owner.sub)).toEqual(before);
  });

  it('patches, sets the reply status, bulk-updates (foreign ids reported not found) and deletes with its e-mails', async () => {
    const claims = newUser();
    const contactId = await addContact(claims);
    const { conversation } = await recordSentEmail(db, claims.sub, sent(contactId));
    const params = { id: conversation.id };
    const patched = await callRoute('PATCH /api/conversations/{id}', {
      claims,
      params,
      body: { subject: 'New subject', replySender: null },
    });
    expect(patched.json.data).toMatchObject({ subject: 'New subject', replySender: null, emailCount: 1 });
    const status = await callRoute('PATCH /api/conversations/{id}/reply-status', {
      claims,
      params,
      body: {
        replyStatus: 'REPLY_RECEIVED',
        lastReplyDate: '2026-11-20T10:00:00+01:00',
        replySender: 'ada@example.com',
      },
    });
    expect(status.json.data).toMatchObject({
      replyStatus: 'REPLY_RECEIVED',
      lastReplyDate: '2026-11-20T09:00:00.000Z',
      replySender: 'ada@example.com',
    });
    // an empty patch changes nothing and answers the conversation
    const unchanged = await callRoute('PATCH /api/conversations/{id}', { claims, params, body: {} });
    expect(unchanged.json.data).toEqual(status.json.data);

    const other = newUser();
    const othersContact = await addContact(other);
    const othersConversation = (await recordSentEmail(db, other.sub, sent(othersContact))).conversation;
    const othersBefore = await partitionSnapshot(db, other.sub);
    const second = (await recordSentEmail(db, claims.sub, sent(contactId))).conversation;
    const bulk = await callRoute('PATCH /api/conversations/bulk-update', {
      claims,
      body: {
        conversationIds: [conversation.id, othersConversation.id, second.id, 'gone', second.id],
        updates: { replyStatus: 'closed' },
      },
    });
    expect(bulk.json.data).toEqual({
      updated: [conversation.id, second.id],
      notFound: [othersConversation.id, 'gone'],
    });
    expect(
      (await callRoute('GET /api/conversations/{id}', { claims, params: { id: second.id } })).json.data.replyStatus,
    ).toBe('closed');
    expect(await partitionSnapshot(db, other.sub)).toEqual(othersBefore);

    const deleted = await callRoute('DELETE /api/conversations/{id}', { claims, params });
    expect(deleted.json.data).toEqual({ deleted: true });
    expect((await callRoute('GET /api/conversations/{id}', { claims, params })).status).toBe(404);
    expect(
      (
        await callRoute('GET /api/conversations/thread/{threadId}', {
          claims,
          params: { threadId: conversation.threadId! },
        })
      ).status,
    ).toBe(404);
    expect((await callRoute('DELETE /api/conversations/{id}', { claims, params })).status).toBe(404);
    const left = (await partitionSnapshot(db, claims.sub)).filter((item) => String(item.sk).includes(conversation.id));
    expect(left).toEqual([]);
  });

  it('searches by words of the subject or the contact, by reply status and by contact, newest first', async () => {
    const claims = newUser();
    const ada = await addContact(claims, 'Ada Lovelace', 'ada@example.com');
    const grace = await addContact(claims, 'Grace Hopper', 'grace@navy.example');
    const first = (await recordSentEmail(db, claims.sub, sent(ada, { subject: 'Engines and looms' }))).conversation;
    const second = (
      await recordSentEmail(db, claims.sub, sent(grace, { subject: 'Compilers', to: 'grace@navy.example' }))
    ).conversation;
    await recordIncomingEmail(db, claims.sub, second.id, reply());
    const search = async (body: Record<string, unknown>) =>
      ((await callRoute('POST /api/conversations/search', { claims, body })).json.data as { id: string }[]).map(
        (item) => item.id,
      );
    expect(await search({})).toEqual([second.id, first.id]);
    expect(await search({ query: 'LOOMS' })).toEqual([first.id]);
    expect(await search({ query: 'grace navy' })).toEqual([second.id]);
    expect(await search({ query: 'hopper looms' })).toEqual([]);
    expect(await search({ replyStatus: 'REPLY_RECEIVED' })).toEqual([second.id]);
    expect(await search({ contactId: ada })).toEqual([first.id]);
    expect(await search({ limit: 1 })).toEqual([second.id]);
  });

  it('lists the newest notifications with the unread count, and marks some read (others’ ids skipped) or all', async () => {
    const claims = newUser();
    const contactId = await addContact(claims);
    const { conversation } = await recordSentEmail(db, claims.sub, sent(contactId));
    const start = Date.UTC(2026, 10, 21, 9);
    for (let index = 0; index < 3; index += 1)
      await recordIncomingEmail(db, claims.sub, conversation.id, reply(new Date(start + index * 60_000)));
    const listed = (await callRoute('GET /api/notifications', { claims })).json.data;
    expect(listed.unreadCount).toBe(3);
    expect(listed.notifications.map((n: { timestamp: string }) => n.timestamp)).toEqual([
      new Date(start + 120_000).toISOString(),
      new Date(start + 60_000).toISOString(),
      new Date(start).toISOString(),
    ]);
    expect(listed.notifications[0]).toMatchObject({
      contact: { name: 'Ada Lovelace', email: 'ada@example.com' },
      read: false,
    });

    const other = newUser();
    const othersContact = await addContact(other);
    const othersConversation = (await recordSentEmail(db, other.sub, sent(othersContact))).conversation;
    const othersNotification = (await recordIncomingEmail(db, other.sub, othersConversation.id, reply())).notification!;
    const othersBefore = await partitionSnapshot(db, other.sub);

    const first = listed.notifications[0]!.id as string;
    const marked = await callRoute('POST /api/notifications/read', {
      claims,
      body: { ids: [first, first, othersNotification.id, 'x'.repeat(600)] },
    });
    expect(marked.json.data).toEqual({ updated: 1 });
    expect((await callRoute('GET /api/notifications', { claims })).json.data.unreadCount).toBe(2);
    expect(await partitionSnapshot(db, other.sub)).toEqual(othersBefore);
    expect((await callRoute('POST /api/notifications/read', { claims, body: { all: true } })).json.data).toEqual({
      updated: 2,
    });
    const after = (await callRoute('GET /api/notifications', { claims })).json.data;
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
    expect(await partitionSnapshot(db, other.sub)).toEqual(othersBefore);
  });

  it('answers 404, not a 500, for a thread id too long for a key (wide characters)', async () => {
    const claims = newUser();
    const answer = await callRoute('GET /api/conversations/thread/{threadId}', {
      claims,
      params: { threadId: '𝔸'.repeat(256) },
    });
    expect(answer.status).toBe(404);
  });
});

describe('conversations service: live events', () => {
  it('tells the user’s other tabs that a conversation changed', async () => {
    const claims = newUser();
    const contactId = await addContact(claims);
    const events: LiveEvent[] = [];
    const deps: service.ConversationsDeps = {
      db,
      now: () => new Date(),
      newId: service.newConversationId,
      live: { publish: async (_uid, event) => void events.push(event) },
    };
    const made = await service.createConversation(deps, claims.sub, { contactId, subject: 'Hi' });
    await service.setReplyStatus(deps, claims.sub, made.id, { replyStatus: 'closed' });
    expect(events).toEqual([
      { type: 'conversation.updated', data: { conversationId: made.id, contactId } },
      { type: 'conversation.updated', data: { conversationId: made.id, contactId } },
    ]);
  });

  it('tells the user’s other tabs which notifications were read, and nothing when none changed', async () => {
    const claims = newUser();
    const contactId = await addContact(claims);
    const { conversation } = await recordSentEmail(db, claims.sub, sent(contactId));
    const { notification } = await recordIncomingEmail(db, claims.sub, conversation.id, reply());
    const events: LiveEvent[] = [];
    const deps: service.ConversationsDeps = {
      db,
      now: () => new Date(),
      newId: service.newConversationId,
      live: { publish: async (_uid, event) => void events.push(event) },
    };
    expect(await service.readNotifications(deps, claims.sub, { all: true })).toEqual({ updated: 1 });
    expect(await service.readNotifications(deps, claims.sub, { all: true })).toEqual({ updated: 0 });
    expect(events).toEqual([{ type: 'notification.read', data: { ids: [notification!.id] } }]);
  });
});
