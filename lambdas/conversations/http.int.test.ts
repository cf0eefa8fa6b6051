import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/live-events.js';
import { createDataClient } from '../data/client.js';
import { partitionSnapshot } from '../test/raw-items.js';
import { apiEvent, lambdaContext, userClaims } from '../test/api-event.js';
import { recordIncomingEmail, recordSentEmail } from './index.js';
import type { SentEmail } from './record.js';
import * as service from './service.js';

type Handler = (
  event: ReturnType<typeof apiEvent>,
  context: ReturnType<typeof lambdaContext>,
) => Promise<APIGatewayProxyResult>;
let conversationsHandler: Handler;
let contactsHandler: Handler;
beforeAll(async () => {
  ({ handler: conversationsHandler } = await import('./http.js'));
  ({ handler: contactsHandler } = await import('../contacts/http.js'));
});

const db = createDataClient(process.env.TABLE_NAME!);

const call = async (
  handler: Handler,
  claims: Record<string, unknown>,
  method: string,
  resource: string,
  options: { body?: unknown; params?: Record<string, string>; query?: Record<string, string> } = {},
) => {
  const path = Object.entries(options.params ?? {}).reduce(
    (at, [name, value]) => at.replace(`{${name}}`, encodeURIComponent(value)),
    resource,
  );
  const response = await handler(apiEvent({ method, resource, path, ...options, claims }), lambdaContext());
  return { status: response.statusCode, json: JSON.parse(response.body) };
};
const api = (claims: Record<string, unknown>, method: string, resource: string, options = {}) =>
  call(conversationsHandler, claims, method, resource, options);

const newUser = () => userClaims();
const addContact = async (claims: Record<string, unknown>, name = 'Ada Lovelace', email = 'ada@example.com') => {
  const answer = await call(contactsHandler, claims, 'POST', '/api/contacts', {
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
    const made = await api(claims, 'POST', '/api/conversations', { body: { contactId, subject: ' Coffee? ' } });
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
    const byId = await api(claims, 'GET', '/api/conversations/{id}', { params: { id: made.json.data.id } });
    expect(byId.json.data).toEqual({ ...made.json.data, emails: [] });

    const { conversation } = await recordSentEmail(db, claims.sub, sent(contactId));
    await recordIncomingEmail(db, claims.sub, conversation.id, reply());
    const ofContact = await api(claims, 'GET', '/api/conversations/contact/{contactId}', { params: { contactId } });
    expect(ofContact.json.data.map((item: { id: string }) => item.id).sort()).toEqual(
      [made.json.data.id, conversation.id].sort(),
    );
    const byThread = await api(claims, 'GET', '/api/conversations/thread/{threadId}', {
      params: { threadId: conversation.threadId! },
    });
    expect(byThread.json.data).toMatchObject({ id: conversation.id, replyStatus: 'REPLY_RECEIVED' });
    expect(byThread.json.data.emails.map((email: { kind: string }) => email.kind)).toEqual(['sent', 'reply']);
  });

  it('refuses a conversation with a contact the user does not have (404 Contact not found)', async () => {
    const owner = newUser();
    const contactId = await addContact(owner);
    const intruder = newUser();
    const answer = await api(intruder, 'POST', '/api/conversations', { body: { contactId, subject: 'Hi' } });
    expect(answer).toEqual({ status: 404, json: { success: false, error: 'Contact not found', code: 'not_found' } });
    expect(
      (await api(intruder, 'GET', '/api/conversations/contact/{contactId}', { params: { contactId } })).status,
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
      await api(intruder, 'GET', '/api/conversations/{id}', { params }),
      await api(intruder, 'GET', '/api/conversations/thread/{threadId}', {
        params: { threadId: conversation.threadId! },
      }),
      await api(intruder, 'PATCH', '/api/conversations/{id}', { params, body: { replyStatus: 'closed' } }),
      await api(intruder, 'PATCH', '/api/conversations/{id}', { params, body: {} }),
      await api(intruder, 'PATCH', '/api/conversations/{id}/reply-status', {
        params,
        body: { replyStatus: 'REPLY_RECEIVED' },
      }),
      await api(intruder, 'DELETE', '/api/conversations/{id}', { params }),
    ];
    for (const answer of answers)
      expect(answer).toEqual({
        status: 404,
        json: { success: false, error: 'The requested resource was not found.', code: 'not_found' },
      });
    const bulk = await api(intruder, 'PATCH', '/api/conversations/bulk-update', {
      body: { conversationIds: [conversation.id], updates: { replyStatus: 'closed' } },
    });
    expect(bulk.json.data).toEqual({ updated: [], notFound: [conversation.id] });
    const search = await api(intruder, 'POST', '/api/conversations/search', { body: {} });
    expect(search.json.data).toEqual([]);
    expect(await partitionSnapshot(db, owner.sub)).toEqual(before);
  });

  it('patches, sets the reply status, bulk-updates (foreign ids reported not found) and deletes with its e-mails', async () => {
    const claims = newUser();
    const contactId = await addContact(claims);
    const { conversation } = await recordSentEmail(db, claims.sub, sent(contactId));
    const params = { id: conversation.id };
    const patched = await api(claims, 'PATCH', '/api/conversations/{id}', {
      params,
      body: { subject: 'New subject', replySender: null },
    });
    expect(patched.json.data).toMatchObject({ subject: 'New subject', replySender: null, emailCount: 1 });
    const status = await api(claims, 'PATCH', '/api/conversations/{id}/reply-status', {
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
    const unchanged = await api(claims, 'PATCH', '/api/conversations/{id}', { params, body: {} });
    expect(unchanged.json.data).toEqual(status.json.data);

    const other = newUser();
    const othersContact = await addContact(other);
    const othersConversation = (await recordSentEmail(db, other.sub, sent(othersContact))).conversation;
    const othersBefore = await partitionSnapshot(db, other.sub);
    const second = (await recordSentEmail(db, claims.sub, sent(contactId))).conversation;
    const bulk = await api(claims, 'PATCH', '/api/conversations/bulk-update', {
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
      (await api(claims, 'GET', '/api/conversations/{id}', { params: { id: second.id } })).json.data.replyStatus,
    ).toBe('closed');
    expect(await partitionSnapshot(db, other.sub)).toEqual(othersBefore);

    const deleted = await api(claims, 'DELETE', '/api/conversations/{id}', { params });
    expect(deleted.json.data).toEqual({ deleted: true });
    expect((await api(claims, 'GET', '/api/conversations/{id}', { params })).status).toBe(404);
    expect(
      (
        await api(claims, 'GET', '/api/conversations/thread/{threadId}', {
          params: { threadId: conversation.threadId! },
        })
      ).status,
    ).toBe(404);
    expect((await api(claims, 'DELETE', '/api/conversations/{id}', { params })).status).toBe(404);
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
      ((await api(claims, 'POST', '/api/conversations/search', { body })).json.data as { id: string }[]).map(
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
    const listed = (await api(claims, 'GET', '/api/notifications')).json.data;
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

    const first = listed.notifications[0].id as string;
    const marked = await api(claims, 'POST', '/api/notifications/read', {
      body: { ids: [first, first, othersNotification.id, 'x'.repeat(600)] },
    });
    expect(marked.json.data).toEqual({ updated: 1 });
    expect((await api(claims, 'GET', '/api/notifications')).json.data.unreadCount).toBe(2);
    expect(await partitionSnapshot(db, other.sub)).toEqual(othersBefore);
    expect((await api(claims, 'POST', '/api/notifications/read', { body: { all: true } })).json.data).toEqual({
      updated: 2,
    });
    const after = (await api(claims, 'GET', '/api/notifications')).json.data;
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
    expect(await partitionSnapshot(db, other.sub)).toEqual(othersBefore);
  });

  it('answers 404, not a 500, for a thread id too long for a key (wide characters)', async () => {
    const claims = newUser();
    const answer = await api(claims, 'GET', '/api/conversations/thread/{threadId}', {
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
