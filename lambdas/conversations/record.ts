import { ulid } from 'ulid';
import type { Conversation, ConversationEmail, Notification, ReplyLabel } from '../../shared/schemas/conversations.js';
import type { DraftType } from '../../shared/schemas/drafts.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import type { PipelineStage } from '../../shared/schemas/pipeline.js';
import { notFound } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { relationshipOfStage } from '../../shared/relationship.js';
import {
  type ContactConversationRead,
  type ContactTouch,
  contactTouchLineWrites,
  getContact,
  setContactMilestone,
  sortName,
} from '../data/contact.js';
import {
  type ConversationItem,
  changedConversationWrite,
  changedEmailWrite,
  conversationEmailById,
  conversationUnchangedCheck,
  conversationEmails,
  conversationIdOfThread,
  getConversationItem,
  getConversationEmail,
  hasConversationEmail,
  keyPart,
  newConversationItem,
  newConversationWrite,
  newEmailWrite,
  receivedEmailKey,
  sentEmailKey,
  threadPointerWrite,
  toConversationWire,
  userConversations,
} from '../data/conversation.js';
import { transact, worthRetrying } from '../data/entity/transaction.js';
import {
  addDoNotContactEntry,
  type DoNotContactReason,
  doNotContactWrite,
  getDoNotContact,
} from '../data/do-not-contact.js';
import { newNotificationWrite, relabelNotification, trimNotifications } from '../data/notification.js';
import {
  getPipelineEntry,
  movePipelineEntry,
  type PipelineEntry,
  pipelineMoveWrite,
  stageRank,
} from '../data/pipeline.js';
import { contactMirrorWrite, contactToMirror } from './contact-mirror.js';
import { nowMs } from '../core/clock.js';

/**
 * What the sending and reply-reading domains record in conversations (contracts in the coordination notes,
 * DESIGN §4: a redelivered message never produces a second e-mail or notification). Every recording is ONE
 * transaction: the e-mail under its business key (refused when it exists: a repeat writes nothing), the conversation
 * at the version it was read at, and what follows from it (the thread pointer, the notification, the pipeline's move,
 * the do-not-contact entry, what the contact shows of it: ./contact-mirror.ts), so a crash leaves all of it or none,
 * and a repeat finds it all.
 */

/** Times a recording is read and planned again because something it read changed meanwhile. */
const conflictRetries = 20;
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
const conversationNotFound = () => notFound();

/** A stored body is plain text cut to 64 KiB (shared/schemas/conversations.ts). */
const maxBodyBytes = 64 * 1024;
export const cutBody = (text: string) => {
  if (Buffer.byteLength(text, 'utf8') <= maxBodyBytes) return text;
  const cut = Buffer.from(text, 'utf8').subarray(0, maxBodyBytes).toString('utf8');
  // a character cut in two decodes as U+FFFD: drop it
  return cut.replace(/\uFFFD$/, '');
};

/** Outside texts are cut to what a conversation holds (shared/schemas/conversations.ts: a subject of 1,000). */
const cut = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max));
const addressMax = 320;
const nameMax = 500;
const subjectMax = 1000;

const later = (a: string | null, b: string) => (a && a > b ? a : b);

/** The event that moves a contact to `stage` when it is a later one than where it stands (DESIGN §6: forward only). */
const forwardMove = async (
  db: DataClient,
  uid: string,
  contactId: string,
  stage: PipelineStage,
  at: string,
  conversationId: string,
): Promise<PipelineEntry | null> => {
  const current = await getPipelineEntry(db, uid, contactId);
  if (current && stageRank(current.stage) >= stageRank(stage)) return null;
  return { contactId, stage, stageChangedAt: at, movedBy: 'event', conversationId };
};

/**
 * What an e-mail of the conversation touches of its contact: it moves up the list ('Recently updated') and, when its
 * stage moved, shows the new one as its relationship (shared/relationship.ts).
 */
const touchOf = (now: string, move: PipelineEntry | null): ContactTouch => ({
  lastUpdated: now,
  ...(move ? { relationshipStatus: relationshipOfStage(move.stage) } : {}),
});

export type SentEmail = {
  /** null for an initial outreach: the e-mail starts a conversation */
  conversationId: string | null;
  contactId: string;
  draftId: string;
  draftType: DraftType;
  mailboxId: string;
  provider: MailProvider;
  from: string;
  fromName: string | null;
  to: string;
  subject: string;
  body: string;
  sentAt: Date;
  messageId: string;
  providerMessageId: string;
  threadId: string;
};

/**
 * Records a sent e-mail. An initial outreach (`conversationId` null) starts a conversation, whose id is the draft's (so
 * a repeat finds it) and whose thread id points to it; a reply or follow-up is appended to its conversation (a 404
 * HttpError when the user has none of that id). Idempotent by draft id: a repeat answers the same conversation,
 * `created: false`, and writes nothing. The conversation waits for a reply (`awaiting_reply`) unless one came already
 * (SPEC §4 `REPLY_RECEIVED` stays), counts the e-mail, and the contact moves to `contacted` (forward only) and
 * shows the conversation's status and the e-mail sent (./contact-mirror.ts; nothing of a contact deleted meanwhile).
 */
export const recordSentEmail = async (
  db: DataClient,
  uid: string,
  input: SentEmail,
): Promise<{ conversation: Conversation; created: boolean }> => {
  const initial = input.conversationId === null;
  const conversationId = input.conversationId ?? input.draftId;
  const emailKey = sentEmailKey(input.draftId);
  const at = input.sentAt.toISOString();
  for (let attempt = 0; ; attempt += 1) {
    const current = await getConversationItem(db, uid, conversationId);
    if (current && (await hasConversationEmail(db, uid, conversationId, emailKey)))
      return { conversation: toConversationWire(current), created: false };
    if (!current && !initial) throw conversationNotFound();
    const now = new Date(nowMs()).toISOString();
    const base: ConversationItem =
      current ??
      newConversationItem({
        id: conversationId,
        userId: uid,
        contactId: input.contactId,
        subject: cut(input.subject, subjectMax),
        createdAt: at,
      });
    const next: ConversationItem = {
      ...base,
      updatedAt: later(base.updatedAt, now),
      replyStatus: base.replyStatus === 'REPLY_RECEIVED' ? 'REPLY_RECEIVED' : 'awaiting_reply',
      threadId: base.threadId ?? input.threadId,
      messageId: base.messageId ?? input.messageId,
      mailboxId: base.mailboxId ?? input.mailboxId,
      provider: base.provider ?? input.provider,
      emailCount: base.emailCount + 1,
      lastEmailSentAt: later(base.lastEmailSentAt, at),
      ...(input.draftType === 'reply' && {
        repliesSent: (base.repliesSent ?? 0) + 1,
        lastReplySentAt: later(base.lastReplySentAt ?? null, at),
      }),
    };
    const email: ConversationEmail = {
      id: ulid(input.sentAt.getTime()),
      conversationId,
      kind: 'sent',
      from: cut(input.from, addressMax),
      fromName: input.fromName === null ? null : cut(input.fromName, nameMax),
      to: cut(input.to, addressMax),
      subject: cut(input.subject, subjectMax),
      body: cutBody(input.body),
      at,
      messageId: input.messageId,
      draftId: input.draftId,
    };
    const move = await forwardMove(db, uid, base.contactId, 'contacted', at, conversationId);
    const contact = await contactToMirror(db, uid, base.contactId);
    const touch = touchOf(now, move);
    const mirror = contactMirrorWrite(db, contact, next, { at, initial, provider: input.provider }, touch);
    const line = mirror ? await contactTouchLineWrites(db, uid, base.contactId, touch) : [];
    const outcome = await transact(db, {
      email: newEmailWrite(db, uid, emailKey, email),
      conversation: current ? changedConversationWrite(db, current, next) : newConversationWrite(db, next),
      thread:
        input.threadId && current?.threadId !== input.threadId
          ? threadPointerWrite(db, uid, input.threadId, conversationId)
          : undefined,
      move: move ? pipelineMoveWrite(db, uid, move) : undefined,
      mirror: mirror ?? undefined,
      line: mirror ? line : undefined,
    });
    if (outcome.done)
      return { conversation: toConversationWire({ ...next, version: base.version + 1 }), created: !current };
    // the e-mail is there (a repeat racing this one), the conversation, the contact or its stage changed: read again
    if (!worthRetrying(outcome)) throw new Error(`Recording the sent e-mail was refused: ${outcome.summary}`);
    if (attempt >= conflictRetries) throw new Error('Recording the sent e-mail kept conflicting');
    await backoff(attempt);
  }
};

export type IncomingEmail = {
  kind: 'reply' | 'auto_reply' | 'bounce';
  /**
   * its triage label (DESIGN §9), written with it so a stream consumer sees it on INSERT; without one (a caller that
   * reads no text) its kind's: a bounce's or an automatic answer's by the headers, else `other`
   */
  label?: ReplyLabel;
  providerMessageId: string;
  messageId: string | null;
  from: string;
  fromName: string | null;
  to: string;
  subject: string;
  body: string;
  at: Date;
};

const kindLabel: Record<IncomingEmail['kind'], ReplyLabel> = {
  bounce: { classification: 'bounce', classifiedBy: 'headers' },
  auto_reply: { classification: 'out_of_office', classifiedBy: 'headers' },
  reply: { classification: 'other', classifiedBy: 'model' },
};

/** SPEC §3/§5: a notification's id is the reply's message id plus its time. */
export const notificationIdOf = (input: Pick<IncomingEmail, 'messageId' | 'providerMessageId' | 'at'>) =>
  `${keyPart(input.messageId ?? input.providerMessageId)}-${input.at.getTime()}`;

/** The name a notification shows: the contact's as the list shows it, else the sender's, else the address. */
const senderName = (contact: ContactConversationRead | null, input: IncomingEmail) => {
  const name = contact ? sortName(contact).trim() : '';
  return name || input.fromName?.trim() || input.from;
};

/**
 * Records an e-mail that came into a conversation (a 404 HttpError when the user has none of that id). Idempotent by
 * the provider's message id: a repeat answers `recorded: false` and writes nothing.
 * - a reply: `REPLY_RECEIVED` (SPEC §4), its date and sender, a notification (SPEC §5: skipped when one of its id
 *   exists; the newest 30 kept, SPEC §9) and the contact to `replied` (forward only);
 * - an auto-reply: shown, not counted: `auto_reply` unless a reply came already; no notification;
 * - a bounce: `bounced`, and the address it was sent to goes on the do-not-contact list (DESIGN §6).
 * The contact shows the conversation's new status (./contact-mirror.ts). `stage` is the contact's new stage when it
 * moved.
 */
export const recordIncomingEmail = async (
  db: DataClient,
  uid: string,
  conversationId: string,
  input: IncomingEmail,
): Promise<{
  recorded: boolean;
  conversation: Conversation;
  notification: Notification | null;
  stage: PipelineStage | null;
}> => {
  const emailKey = receivedEmailKey(input.providerMessageId);
  const at = input.at.toISOString();
  const label = input.label ?? kindLabel[input.kind];
  let skipNotification = false;
  for (let attempt = 0; ; attempt += 1) {
    const current = await getConversationItem(db, uid, conversationId);
    if (!current) throw conversationNotFound();
    if (await hasConversationEmail(db, uid, conversationId, emailKey))
      return { recorded: false, conversation: toConversationWire(current), notification: null, stage: null };
    const now = new Date(nowMs()).toISOString();
    const contact = await contactToMirror(db, uid, current.contactId);
    const next: ConversationItem = { ...current, updatedAt: later(current.updatedAt, now) };
    if (input.kind === 'reply') {
      next.replyStatus = 'REPLY_RECEIVED';
      next.lastReplyDate = later(current.lastReplyDate, at);
      next.replySender = cut(input.from, addressMax);
    } else if (input.kind === 'auto_reply') {
      if (current.replyStatus !== 'REPLY_RECEIVED') next.replyStatus = 'auto_reply';
    } else {
      next.replyStatus = 'bounced';
    }
    const email: ConversationEmail = {
      id: ulid(input.at.getTime()),
      conversationId,
      kind: input.kind,
      from: cut(input.from, addressMax),
      fromName: input.fromName === null ? null : cut(input.fromName, nameMax),
      to: cut(input.to, addressMax),
      subject: cut(input.subject, subjectMax),
      body: cutBody(input.body),
      at,
      messageId: input.messageId,
      draftId: null,
      ...labelFields(label),
    };
    // the conversation shows its newest received e-mail's label (ULIDs order by time)
    if (!current.latestLabel || current.latestLabel.emailId < email.id)
      next.latestLabel = { emailId: email.id, ...labelFields(label) };
    const notification: Notification | null =
      input.kind === 'reply' && !skipNotification
        ? {
            id: notificationIdOf(input),
            contact: {
              name: cut(senderName(contact, input), nameMax),
              email: cut(input.from, addressMax),
            },
            contactId: current.contactId,
            conversationId,
            timestamp: at,
            read: false,
            classification: label.classification,
          }
        : null;
    const move =
      input.kind === 'reply' ? await forwardMove(db, uid, current.contactId, 'replied', at, conversationId) : null;
    // a bounce's refused address, an unsubscribe's sender (DESIGN §6), on the do-not-contact list with the e-mail
    const bounced = input.kind === 'bounce' ? await bouncedAddress(db, uid, current) : null;
    const unsubscribed = label.classification === 'unsubscribe' ? cut(input.from, addressMax) : null;
    const listedAddress = bounced ?? unsubscribed;
    const unlisted = listedAddress && !(await getDoNotContact(db, uid, listedAddress)) ? listedAddress : null;
    const touch = touchOf(now, move);
    const mirror = contactMirrorWrite(db, contact, next, undefined, touch);
    const line = mirror ? await contactTouchLineWrites(db, uid, current.contactId, touch) : [];
    const outcome = await transact(db, {
      email: newEmailWrite(db, uid, emailKey, email),
      conversation: changedConversationWrite(db, current, next),
      notification: notification ? newNotificationWrite(db, uid, notification) : undefined,
      move: move ? pipelineMoveWrite(db, uid, move) : undefined,
      doNotContact: unlisted
        ? doNotContactWrite(db, uid, { email: unlisted, reason: bounced ? 'bounce' : 'unsubscribe', addedAt: at })
        : undefined,
      mirror: mirror ?? undefined,
      line: mirror ? line : undefined,
    });
    if (outcome.done) {
      if (notification) await trimNotifications(db, uid);
      return {
        recorded: true,
        conversation: toConversationWire({ ...next, version: current.version + 1 }),
        notification,
        stage: move?.stage ?? null,
      };
    }
    // SPEC §5: a notification of this id exists (the same reply read from another mailbox): recorded without one
    if (outcome.refused.has('notification')) skipNotification = true;
    if (!worthRetrying(outcome)) throw new Error(`Recording the incoming e-mail was refused: ${outcome.summary}`);
    if (attempt >= conflictRetries) throw new Error('Recording the incoming e-mail kept conflicting');
    await backoff(attempt);
  }
};

/** A label as an e-mail keeps it: no `returnDate` key unless one was stated. */
export const labelFields = (label: ReplyLabel): ReplyLabel => ({
  classification: label.classification,
  classifiedBy: label.classifiedBy,
  ...(label.classification === 'out_of_office' && label.returnDate ? { returnDate: label.returnDate } : {}),
});

/**
 * PATCH /api/conversations/{id}/messages/{messageId} (DESIGN §9): the person's label of a received e-mail
 * (`classifiedBy: user`; an out-of-office keeps the return date it stated). One transaction: the e-mail, the
 * conversation's newest label when it is the newest received one, and an `unsubscribe` puts the sender on the
 * do-not-contact list (DESIGN §6). A correction away from `unsubscribe` leaves the list as it is: taking an address off
 * it is the person's own act. The reply's notification shows the new label. 404 for an e-mail the user does not have
 * (another user's, a sent one).
 */
export const correctEmailLabel = async (
  db: DataClient,
  uid: string,
  conversationId: string,
  emailId: string,
  classification: ReplyLabel['classification'],
): Promise<{ email: ConversationEmail; conversation: ConversationItem }> => {
  for (let attempt = 0; ; attempt += 1) {
    const current = await getConversationItem(db, uid, conversationId);
    if (!current) throw conversationNotFound();
    const found = await conversationEmailById(db, uid, conversationId, emailId);
    if (!found || found.email.kind === 'sent') throw notFound();
    const label = labelFields({
      classification,
      classifiedBy: 'user',
      ...(found.email.returnDate ? { returnDate: found.email.returnDate } : {}),
    });
    const { classification: _c, classifiedBy: _b, returnDate: _r, ...rest } = found.email;
    const email: ConversationEmail = { ...rest, ...label };
    const newest = !current.latestLabel || current.latestLabel.emailId <= email.id;
    const next: ConversationItem = newest
      ? {
          ...current,
          latestLabel: { emailId: email.id, ...label },
          updatedAt: later(current.updatedAt, new Date(nowMs()).toISOString()),
        }
      : current;
    const listed = classification === 'unsubscribe' && !(await getDoNotContact(db, uid, email.from));
    const outcome = await transact(db, {
      email: changedEmailWrite(db, found.key, email),
      conversation: newest ? changedConversationWrite(db, current, next) : conversationUnchangedCheck(db, current),
      doNotContact: listed
        ? doNotContactWrite(db, uid, {
            email: email.from,
            reason: 'unsubscribe',
            addedAt: new Date(nowMs()).toISOString(),
          })
        : undefined,
    });
    if (outcome.done) {
      if (email.messageId) {
        await relabelNotification(db, uid, `${keyPart(email.messageId)}-${Date.parse(email.at)}`, classification);
      }
      return { email, conversation: newest ? { ...next, version: current.version + 1 } : current };
    }
    if (!worthRetrying(outcome)) throw new Error(`Correcting the label was refused: ${outcome.summary}`);
    if (attempt >= conflictRetries) throw new Error('Correcting the label kept conflicting');
    await backoff(attempt);
  }
};

/** The received e-mail of a provider message id in the conversation (idempotency's key), or null. */
export const incomingEmail = (db: DataClient, uid: string, conversationId: string, providerMessageId: string) =>
  getConversationEmail(db, uid, conversationId, receivedEmailKey(providerMessageId));

/** The address a bounce refused: the one the conversation's last sent e-mail went to, else the contact's. */
const bouncedAddress = async (db: DataClient, uid: string, conversation: ConversationItem) => {
  const sent = (await conversationEmails(db, uid, conversation.id)).filter((email) => email.kind === 'sent');
  const to = sent.at(-1)?.to;
  if (to) return to;
  const contact = await getContact(db, uid, conversation.contactId);
  return contact?.email || null;
};

/** One conversation of the user, or null (none of that id, or another user's). */
export const getConversation = async (db: DataClient, uid: string, id: string): Promise<Conversation | null> => {
  const item = await getConversationItem(db, uid, id);
  return item ? toConversationWire(item) : null;
};

/** The user's conversation of a provider thread id (Gmail threadId, Graph conversationId), or null. */
export const conversationByThread = async (
  db: DataClient,
  uid: string,
  threadId: string,
): Promise<Conversation | null> => {
  const id = await conversationIdOfThread(db, uid, threadId);
  return id ? getConversation(db, uid, id) : null;
};

/**
 * How a next e-mail of the conversation threads (RFC 5322 §3.6.4): the provider thread, `In-Reply-To` the last
 * e-mail's Message-ID, `References` every Message-ID of the conversation oldest first; null when there is none.
 */
export const threadingOf = async (
  db: DataClient,
  uid: string,
  conversationId: string,
): Promise<{
  threadId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  mailboxId: string | null;
} | null> => {
  const conversation = await getConversationItem(db, uid, conversationId);
  if (!conversation) return null;
  const references = (await conversationEmails(db, uid, conversationId))
    .map((email) => email.messageId)
    .filter((id): id is string => Boolean(id));
  return {
    threadId: conversation.threadId,
    inReplyTo: references.at(-1) ?? null,
    references: [...new Set(references)],
    subject: conversation.subject,
    mailboxId: conversation.mailboxId,
  };
};

/** How long a conversation the contact answered stays open: their next message in it is looked for this long. */
export const repliedOpenForMs = 30 * 24 * 60 * 60_000;

/**
 * The user's open conversations, of one mailbox or all: those still waiting for an answer (`awaiting_reply`,
 * `auto_reply`), and those the contact answered within the last 30 days, whose next message the reply checks must
 * still find (a conversation goes on after a first reply). Closed and bounced ones are not.
 */
export const openConversations = async (
  db: DataClient,
  uid: string,
  mailboxId?: string,
  now: Date = new Date(nowMs()),
): Promise<Conversation[]> =>
  (await userConversations(db, uid))
    .filter((conversation) => {
      if (mailboxId !== undefined && conversation.mailboxId !== mailboxId) return false;
      if (conversation.replyStatus === 'awaiting_reply' || conversation.replyStatus === 'auto_reply') return true;
      if (conversation.replyStatus !== 'REPLY_RECEIVED') return false;
      const lastActivity = [conversation.lastReplyDate, conversation.lastEmailSentAt]
        .filter((at): at is string => Boolean(at))
        .sort()
        .at(-1);
      return lastActivity !== undefined && now.getTime() - Date.parse(lastActivity) < repliedOpenForMs;
    })
    .map(toConversationWire);

/** Puts an address on the user's do-not-contact list (the first reason stays); false when it was listed already. */
export const addDoNotContact = (
  db: DataClient,
  uid: string,
  email: string,
  reason: DoNotContactReason,
  at: Date = new Date(nowMs()),
) => addDoNotContactEntry(db, uid, { email, reason, addedAt: at.toISOString() });

/** Whether an address is on the user's do-not-contact list (case-blind). */
export const isDoNotContact = async (db: DataClient, uid: string, email: string) =>
  (await getDoNotContact(db, uid, email)) !== null;

/**
 * Moves a contact in the pipeline. By an event only forward (DESIGN §6); by hand (`manual`) to any stage. `moved` is
 * false when the contact is not the user's, or an event found it at this stage or a later one. A meeting booked (the
 * event to `meeting_scheduled`) is kept on the contact (`meetingBookedAt`, the analytics funnel's Meeting) even when
 * the contact stands further already.
 */
export const moveContactStage = async (
  db: DataClient,
  uid: string,
  contactId: string,
  stage: PipelineStage,
  at: Date,
  by: 'event' | 'manual',
): Promise<{ moved: boolean }> => {
  const booked = by === 'event' && stage === 'meeting_scheduled';
  const current = await getPipelineEntry(db, uid, contactId);
  if (by === 'event' && current && stageRank(current.stage) >= stageRank(stage)) {
    if (booked) await setContactMilestone(db, uid, contactId, 'meetingBookedAt', at.toISOString());
    return { moved: false };
  }
  const outcome = await movePipelineEntry(
    db,
    uid,
    {
      contactId,
      stage,
      stageChangedAt: at.toISOString(),
      movedBy: by,
      conversationId: current?.conversationId ?? null,
    },
    booked ? { meetingBookedAt: at.toISOString() } : {},
  );
  if (outcome === 'notForward' && booked)
    await setContactMilestone(db, uid, contactId, 'meetingBookedAt', at.toISOString());
  return { moved: outcome === 'moved' };
};
