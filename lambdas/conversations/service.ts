import type * as z from 'zod/mini';
import type { Logger } from '@aws-lambda-powertools/logger';
import { monotonicFactory } from 'ulid';
import type { LiveEvent } from '../../shared/live-events.js';
import { messages } from '../../shared/messages.js';
import type {
  classifyMessageBody,
  bulkUpdateBody,
  Conversation,
  ConversationEmail,
  createConversationBody,
  readNotificationsBody,
  replyStatusBody,
  searchConversationsBody,
  updateConversationBody,
} from '../../shared/schemas/conversations.js';
import { conflict, notFound } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { type ContactItem, getContact, getContacts, sortName } from '../data/contact.js';
import {
  type ConversationChange,
  type ConversationItem,
  changeConversation,
  contactConversations,
  conversationEmails,
  conversationIdOfThread,
  conversationUnchangedCheck,
  getConversationItem,
  newConversationItem,
  newConversationWrite,
  removeConversation,
  toConversationWire,
  userConversations,
} from '../data/conversation.js';
import { transact } from '../data/entity/transaction.js';
import { markNotificationRead, notificationsKept, userNotifications } from '../data/notification.js';
import type { LivePort } from '../providers/live/port.js';
import { correctEmailLabel } from './record.js';
import { contactMirrorRemovalWrite, contactMirrorWrite, contactToMirror, mirrorKeyOf } from './contact-mirror.js';

export type ConversationsDeps = {
  db: DataClient;
  now: () => Date;
  newId: () => string;
  /** the live channel (DESIGN §8): a changed conversation reaches the user's other tabs as `conversation.updated` */
  live?: LivePort;
  logger?: Pick<Logger, 'warn'>;
};

const ulid = monotonicFactory();
export const newConversationId = () => ulid();

const conversationNotFound = () => notFound(messages.status[404]);
const contactNotFound = () => notFound(messages.contacts.notFound);

/** Tells the user's open tabs (best effort: pages poll too); a failed publish is logged, never the answer. */
const publish = async (deps: ConversationsDeps, uid: string, event: LiveEvent) => {
  await deps.live
    ?.publish(uid, event)
    .catch((error: unknown) => deps.logger?.warn(`${event.type} was not published`, { error }));
};
const publishUpdated = (deps: ConversationsDeps, uid: string, conversation: ConversationItem) =>
  publish(deps, uid, {
    type: 'conversation.updated',
    data: { conversationId: conversation.id, contactId: conversation.contactId },
  });

type WithEmails = Conversation & { emails: ConversationEmail[] };
const withEmails = async (deps: ConversationsDeps, uid: string, item: ConversationItem): Promise<WithEmails> => ({
  ...toConversationWire(item),
  emails: await conversationEmails(deps.db, uid, item.id),
});

const ownConversation = async (deps: ConversationsDeps, uid: string, id: string) => {
  const item = await getConversationItem(deps.db, uid, id);
  if (!item) throw conversationNotFound();
  return item;
};

/** Times a new conversation is tried again because its contact changed while it was written. */
const createRetries = 10;

/**
 * POST /api/conversations (SPEC §7): a conversation with one of the user's contacts, before any e-mail; the contact
 * shows it (./contact-mirror.ts) from the same transaction, which holds only while the contact exists.
 */
export const createConversation = async (
  deps: ConversationsDeps,
  uid: string,
  body: z.infer<typeof createConversationBody>,
): Promise<Conversation> => {
  const now = deps.now().toISOString();
  const item = newConversationItem({
    id: deps.newId(),
    userId: uid,
    contactId: body.contactId,
    subject: body.subject,
    createdAt: now,
  });
  for (let attempt = 0; ; attempt += 1) {
    const contact = await contactToMirror(deps.db, uid, body.contactId);
    if (!contact) throw contactNotFound();
    const outcome = await transact(deps.db, {
      conversation: newConversationWrite(deps.db, item),
      mirror: contactMirrorWrite(deps.db, contact, item) ?? undefined,
    });
    if (outcome.done) break;
    // the contact was deleted, or shows another conversation's status, since it was read: read it again
    const contactChanged = outcome.refused.has('mirror') || outcome.conflicted.has('mirror');
    if (!contactChanged) throw new Error(`Creating the conversation was refused: ${outcome.summary}`);
    if (attempt >= createRetries) throw conflict();
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
  await publishUpdated(deps, uid, item);
  return toConversationWire(item);
};

/** GET /api/conversations/contact/{contactId}: the contact's conversations, newest first, each with its e-mails. */
export const contactConversationsWithEmails = async (
  deps: ConversationsDeps,
  uid: string,
  contactId: string,
): Promise<WithEmails[]> => {
  if (!(await getContact(deps.db, uid, contactId))) throw contactNotFound();
  const items = await contactConversations(deps.db, uid, contactId);
  return Promise.all(items.map((item) => withEmails(deps, uid, item)));
};

/** GET /api/conversations/thread/{threadId} */
export const conversationOfThread = async (
  deps: ConversationsDeps,
  uid: string,
  threadId: string,
): Promise<WithEmails> => {
  const id = await conversationIdOfThread(deps.db, uid, threadId);
  if (!id) throw conversationNotFound();
  return withEmails(deps, uid, await ownConversation(deps, uid, id));
};

/** GET /api/conversations/{id} */
export const conversationById = async (deps: ConversationsDeps, uid: string, id: string): Promise<WithEmails> =>
  withEmails(deps, uid, await ownConversation(deps, uid, id));

/** The change a body asks for: the fields it names (an explicit null clears a reply's date or sender). */
const changeOf = (body: z.infer<typeof updateConversationBody>): ConversationChange => ({
  ...(body.replyStatus !== undefined && { replyStatus: body.replyStatus }),
  ...(body.lastReplyDate !== undefined && {
    lastReplyDate: body.lastReplyDate === null ? null : new Date(body.lastReplyDate).toISOString(),
  }),
  ...(body.replySender !== undefined && { replySender: body.replySender }),
  ...(body.subject !== undefined && { subject: body.subject }),
});

/**
 * Changes a conversation of the user, and what its contact shows of it (./contact-mirror.ts) in the same transaction;
 * null when it is gone.
 */
const changeWithContact = (deps: ConversationsDeps, uid: string, id: string, fields: ConversationChange, at: string) =>
  changeConversation(deps.db, uid, id, fields, at, async (next) => ({
    mirror: contactMirrorWrite(deps.db, await contactToMirror(deps.db, uid, next.contactId), next) ?? undefined,
  }));

/**
 * Changes a conversation of the user; 404 when it is gone (SPEC §7: the client takes that as stale). A body naming
 * nothing changes nothing and answers the conversation as it is.
 */
const change = async (deps: ConversationsDeps, uid: string, id: string, fields: ConversationChange) => {
  if (Object.keys(fields).length === 0) return ownConversation(deps, uid, id);
  const changed = await changeWithContact(deps, uid, id, fields, deps.now().toISOString());
  if (!changed) throw conversationNotFound();
  await publishUpdated(deps, uid, changed);
  return changed;
};

/** PATCH /api/conversations/{id} */
export const updateConversation = async (
  deps: ConversationsDeps,
  uid: string,
  id: string,
  body: z.infer<typeof updateConversationBody>,
): Promise<Conversation> => toConversationWire(await change(deps, uid, id, changeOf(body)));

/** PATCH /api/conversations/{id}/reply-status */
export const setReplyStatus = async (
  deps: ConversationsDeps,
  uid: string,
  id: string,
  body: z.infer<typeof replyStatusBody>,
): Promise<Conversation> => toConversationWire(await change(deps, uid, id, changeOf(body)));

/**
 * PATCH /api/conversations/{id}/messages/{messageId} (DESIGN §9 'Triage'): the person corrects a received e-mail's
 * label (./record.ts `correctEmailLabel`); the tabs hear the conversation changed. Answers the e-mail.
 */
export const correctMessageLabel = async (
  deps: ConversationsDeps,
  uid: string,
  id: string,
  messageId: string,
  body: z.infer<typeof classifyMessageBody>,
): Promise<ConversationEmail> => {
  const { email, conversation } = await correctEmailLabel(deps.db, uid, id, messageId, body.classification);
  await publishUpdated(deps, uid, conversation);
  return email;
};

/**
 * PATCH /api/conversations/bulk-update: the same change of each of the user's conversations named; ids the user does
 * not have (another user's, deleted ones) are reported in `notFound` and nothing of theirs changes.
 */
export const bulkUpdate = async (
  deps: ConversationsDeps,
  uid: string,
  body: z.infer<typeof bulkUpdateBody>,
): Promise<{ updated: string[]; notFound: string[] }> => {
  const fields = changeOf(body.updates);
  const updated: string[] = [];
  const missing: string[] = [];
  const at = deps.now().toISOString();
  for (const id of new Set(body.conversationIds)) {
    const changed =
      Object.keys(fields).length === 0
        ? await getConversationItem(deps.db, uid, id)
        : await changeWithContact(deps, uid, id, fields, at);
    if (changed) updated.push(id);
    else missing.push(id);
    if (changed && Object.keys(fields).length > 0) await publishUpdated(deps, uid, changed);
  }
  return { updated, notFound: missing };
};

/**
 * DELETE /api/conversations/{id}: the conversation, its e-mails and its thread pointers. A contact that showed its
 * status shows its newest other conversation's (or none) from the same transaction, which also holds only while that
 * other conversation is as read (a change of it meanwhile: read again).
 */
export const deleteConversation = async (deps: ConversationsDeps, uid: string, id: string) => {
  const item = await ownConversation(deps, uid, id);
  const removed = await removeConversation(deps.db, uid, id, async (current) => {
    const contact = await contactToMirror(deps.db, uid, current.contactId);
    if (contact?.conversationStatusOf !== mirrorKeyOf(current)) return {};
    const successorId = (await contactConversations(deps.db, uid, current.contactId)).find(
      (other) => other.id !== current.id,
    )?.id;
    const successor = successorId ? await getConversationItem(deps.db, uid, successorId) : null;
    return {
      mirror: contactMirrorRemovalWrite(deps.db, contact, current, successor) ?? undefined,
      successorUnchanged: successor ? conversationUnchangedCheck(deps.db, successor) : undefined,
    };
  });
  if (!removed) throw conversationNotFound();
  await publishUpdated(deps, uid, item);
  return { deleted: true };
};

/** Lower-case text without accents, for matching a search's words. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

const contactsById = async (deps: ConversationsDeps, uid: string, items: readonly ConversationItem[]) =>
  new Map(
    (await getContacts(deps.db, uid, [...new Set(items.map((item) => item.contactId))])).map((contact) => [
      contact.contactId,
      contact,
    ]),
  );

const searchableText = (item: ConversationItem, contact: ContactItem | undefined) =>
  folded(
    [
      item.subject,
      item.replySender ?? '',
      contact ? sortName(contact) : '',
      contact?.email ?? '',
      contact?.company ?? '',
    ].join('\n'),
  );

/**
 * POST /api/conversations/search: the user's conversations whose subject, reply sender or contact (name, address,
 * company) holds every word of `query`, of a reply status and a contact when given; newest first, at most `limit`.
 */
export const searchConversations = async (
  deps: ConversationsDeps,
  uid: string,
  body: z.infer<typeof searchConversationsBody>,
): Promise<Conversation[]> => {
  const items = (
    body.contactId ? await contactConversations(deps.db, uid, body.contactId) : await userConversations(deps.db, uid)
  ).filter((item) => !body.replyStatus || item.replyStatus === body.replyStatus);
  const words = folded(body.query ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return items.slice(0, body.limit).map(toConversationWire);
  const contacts = await contactsById(deps, uid, items);
  return items
    .filter((item) => {
      const text = searchableText(item, contacts.get(item.contactId));
      return words.every((word) => text.includes(word));
    })
    .slice(0, body.limit)
    .map(toConversationWire);
};

// GET /api/conversations/analytics and /detailed-analytics: read from the stats counters
export { analytics, detailedAnalytics } from './analytics.js';

/** GET /api/notifications: the newest 30 (SPEC §9), newest first, and how many of them are unread. */
export const listNotifications = async (deps: ConversationsDeps, uid: string) => {
  const notifications = (await userNotifications(deps.db, uid)).slice(0, notificationsKept);
  return { notifications, unreadCount: notifications.filter((notification) => !notification.read).length };
};

/** POST /api/notifications/read: some of the user's notifications, or all ('Mark all as read'); ids not theirs are skipped. */
export const readNotifications = async (
  deps: ConversationsDeps,
  uid: string,
  body: z.infer<typeof readNotificationsBody>,
) => {
  const ids =
    'all' in body
      ? (await userNotifications(deps.db, uid)).filter((notification) => !notification.read).map(({ id }) => id)
      : [...new Set(body.ids)];
  const read: string[] = [];
  for (const id of ids) if (await markNotificationRead(deps.db, uid, id)) read.push(id);
  if (read.length) await publish(deps, uid, { type: 'notification.read', data: { ids: read } });
  return { updated: read.length };
};
