import { type AttachableSource, attachedSources } from '../../shared/draft-attachments.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import { type Draft, draftMessages, type SendMessage } from '../../shared/schemas/drafts.js';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import { HttpError } from '../core/errors.js';
import { activityChanged, type ActivityItemOutcome, progressActivity } from '../data/activity.js';
import { getContact } from '../data/contact.js';
import { type AlsoWrite, AlsoWriteRefusedError, conversationKey, type DraftItem, getDraft } from '../data/draft.js';
import { getEnrollment, stepStillDueCheck } from '../data/sequence.js';
import { getMailbox, type MailboxItem } from '../data/mailbox.js';
import { countDailySend, deferMailboxSends, nextUtcDay, reserveSendSlot, sendLimitsOf } from '../data/send-guard.js';
import { getUserProfile, type UserProfileItem } from '../data/user-profile.js';
import { getConversation, isDoNotContact, recordSentEmail, threadingOf } from '../conversations/index.js';
import { expireMailbox, mailboxAccessToken, type MailboxesDeps, markMailboxActive } from '../mailboxes/index.js';
import { type MailApi, MailApiFailure, type OutgoingMail, type SentMail } from '../providers/mail/port.js';
import type { QueuePort } from '../providers/queue/port.js';
import type { Storage } from '../providers/storage/storage.js';
import { changeContactDrafts, type DraftWriteDeps, publish, publishSaved } from './service.js';
import {
  draftIdHeader,
  draftMessageId,
  followUpText,
  followUpTime,
  replySubject,
  sendRules,
  sendTarget,
} from './send-rules.js';

/** What the `send` worker needs (built once per Lambda: send-worker.ts; tests pass local ones and a MailApi double). */
export type SendingDeps = DraftWriteDeps & {
  queue: QueuePort;
  /** the mailboxes domain: a fresh access token, and marking a mailbox expired when the provider refuses it */
  mailboxes: MailboxesDeps;
  mailApis: Record<MailProvider, MailApi>;
  /** the uploads bucket: the résumé and cover letter a send attaches */
  storage: Pick<Storage, 'read' | 'head'>;
};

/** What one message came to (logged; `sent` and `alreadySent` mark its key done, the others give it back). */
export type SendOutcome = 'sent' | 'alreadySent' | 'gone' | 'notSending' | 'held' | 'failed' | 'cancelled' | 'movedOn';

/** Whether a later message for the same draft may still have work: only a sent (or gone) draft has none. */
export const isFinal = (outcome: SendOutcome) => outcome === 'sent' || outcome === 'alreadySent' || outcome === 'gone';

const whenOf = (at: Date) => at.toISOString();
const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Changes the draft being sent, only while it is still `sending` (a user who called a scheduled send off, or another
 * delivery that finished it, wins): `change` makes the next draft of it (and any draft it adds). Null when it was no
 * longer sending.
 */
const changeSending = async (
  deps: SendingDeps,
  draft: DraftItem,
  change: (current: DraftItem) => DraftItem | { put: DraftItem[] },
  /** conditions of other items the change holds on (`AlsoWriteRefusedError` when one does not) */
  also?: readonly AlsoWrite[],
): Promise<DraftItem | null> =>
  changeContactDrafts(
    deps,
    draft.userId,
    draft.contactId,
    (state) => {
      const current = state.drafts.find((candidate) => candidate.id === draft.id);
      if (current?.status !== 'sending') return { change: null, result: null };
      const next = change(current);
      const put = 'put' in next ? next.put : [next];
      const added = put.filter((item) => !state.list.draftIds.includes(item.id)).map((item) => item.id);
      return {
        change: { put, remove: [], list: { ...state.list, draftIds: [...state.list.draftIds, ...added] } },
        result: put[0] ?? null,
      };
    },
    { requireContact: false, also },
  );

/** A draft without the machinery of a send that waits. */
const withoutWait = (draft: DraftItem): DraftItem => {
  const { sendAfter: _after, sendWaitReason: _reason, guardSlot: _slot, dueAt: _due, ...rest } = draft;
  return rest;
};

/**
 * The send's activity action ends: completed once the e-mail left, failed with the reason; once, however
 * often its message comes (lambdas/data/activity.ts counts the draft once). A draft sent without one (an auto
 * follow-up) has none.
 */
const endActivity = async (deps: SendingDeps, draft: DraftItem, outcome: ActivityItemOutcome) => {
  if (!draft.sendActivityId) return;
  const action = await progressActivity(deps.db, draft.userId, draft.sendActivityId, draft.id, outcome, deps.now());
  if (action) await publish(deps, draft.userId, activityChanged(action));
};

/** The send failed for good: `failed` with the reason the UI shows; the user may send it again. */
const fail = async (deps: SendingDeps, draft: DraftItem, reason: string): Promise<SendOutcome> => {
  const failed = await changeSending(deps, draft, (current) => ({
    ...withoutWait(current),
    status: 'failed',
    failureReason: reason,
    updatedAt: whenOf(deps.now()),
  }));
  if (!failed) return 'movedOn';
  await publishSaved(deps, draft.userId, [failed]);
  await publish(deps, draft.userId, {
    type: 'email.sendState',
    data: { draftId: draft.id, contactId: draft.contactId, status: 'failed', reason },
  });
  await endActivity(deps, draft, { status: 'failed', error: reason });
  return 'failed';
};

/**
 * The send waits until `until` (the guard, a provider's Retry-After, a scheduled time not reached): the draft shows
 * why; a wait within SQS's 15 minutes is queued again with that delay (and on the due index a while after, should the
 * message be lost), a longer one is left to the due-sends job.
 */
const hold = async (
  deps: SendingDeps,
  draft: DraftItem,
  /** `guardSlot`: the slot reserved for this send (null drops one held; absent keeps it) */
  input: { until: Date; reason: string | null; guardSlot?: Date | null },
): Promise<SendOutcome> => {
  const now = deps.now();
  const seconds = secondsUntil(input.until, now);
  const requeue = seconds <= sendRules.maxDelaySeconds;
  const dueAt = requeue ? new Date(input.until.getTime() + sendRules.redriveAfterMs) : input.until;
  const held = await changeSending(deps, draft, (current) => {
    const { guardSlot: held, sendWaitReason: waiting, ...rest } = current;
    const slot = input.guardSlot === undefined ? held : input.guardSlot && whenOf(input.guardSlot);
    const reason = input.reason ?? waiting;
    return {
      ...rest,
      sendAfter: whenOf(input.until),
      dueAt: whenOf(dueAt),
      ...(reason ? { sendWaitReason: reason } : {}),
      ...(slot ? { guardSlot: slot } : {}),
      updatedAt: whenOf(now),
    };
  });
  if (!held) return 'movedOn';
  if (requeue) {
    // should this fail, the due-sends job sends it at its dueAt
    await deps.queue
      .send('send', { uid: draft.userId, draftId: draft.id }, { delaySeconds: seconds })
      .catch((error: unknown) =>
        deps.logger?.warn('a held send was not queued again; the due-sends job will', { error }),
      );
  }
  if (input.reason) {
    await publishSaved(deps, draft.userId, [held]);
    await publish(deps, draft.userId, {
      type: 'email.sendState',
      data: { draftId: draft.id, contactId: draft.contactId, status: 'sending', reason: input.reason },
    });
  }
  return 'held';
};

/** A transient failure: the draft says so (and is on the due index a while later); the message is retried. */
const waitForProvider = async (deps: SendingDeps, draft: DraftItem, error: unknown) => {
  const now = deps.now();
  await changeSending(deps, draft, (current) => ({
    ...current,
    sendWaitReason: draftMessages.providerDown,
    dueAt: whenOf(new Date(now.getTime() + sendRules.redriveAfterMs)),
    updatedAt: whenOf(now),
  }));
  throw error;
};

/** The sending guard (DESIGN §6): a slot of the mailbox's spread, and one of its day's sends; or how long to wait. */
const guard = async (
  deps: SendingDeps,
  draft: DraftItem,
  mailbox: MailboxItem,
): Promise<{ go: true; slot: Date } | { go: false; until: Date; reason: string; guardSlot: Date | null }> => {
  const now = deps.now();
  // a slot reserved on an earlier delivery (held for it, or retried after a transient failure) is this send's, once
  // its time came: counted already
  if (draft.guardSlot && Date.parse(draft.guardSlot) <= now.getTime() + 500)
    return { go: true, slot: new Date(draft.guardSlot) };
  const limits = sendLimitsOf(mailbox.provider, mailbox.email);
  const slot = await reserveSendSlot(deps.db, {
    uid: draft.userId,
    address: mailbox.email,
    gapMs: limits.minGapMs,
    now,
  });
  if (!(await countDailySend(deps.db, { uid: draft.userId, address: mailbox.email, cap: limits.dailyCap, at: slot }))) {
    return {
      go: false,
      until: nextUtcDay(slot),
      reason: draftMessages.dailyCap(limits.dailyCap, mailbox.email),
      guardSlot: null,
    };
  }
  if (slot.getTime() - now.getTime() > 500) {
    return {
      go: false,
      until: slot,
      guardSlot: slot,
      reason: draftMessages.spreading(secondsUntil(slot, now), mailbox.email),
    };
  }
  return { go: true, slot };
};

type Profile = Pick<
  UserProfileItem,
  | 'settings'
  | 'displayName'
  | 'firstName'
  | 'lastName'
  | 'resumeFileKey'
  | 'resumeFileName'
  | 'coverLetterFileKey'
  | 'coverLetterFileName'
>;

const senderName = (profile: Profile | null) =>
  profile?.displayName?.trim() ||
  [profile?.firstName, profile?.lastName].filter((part) => part?.trim()).join(' ') ||
  null;

/**
 * The files the e-mail carries: the documents `attachedSources` (shared/draft-attachments.ts) names for the draft,
 * the same rule the draft editor shows before Send. A document not uploaded, or gone from the bucket, is left out.
 */
const attachmentsOf = async (deps: SendingDeps, draft: Draft, profile: Profile | null) => {
  const settings = { ...settingsDefaults, ...profile?.settings };
  const sources = new Set(attachedSources(draft, settings.includeResume));
  const documents: { source: AttachableSource; key: string | undefined; name: string }[] = [
    { source: 'resume', key: profile?.resumeFileKey, name: profile?.resumeFileName || 'resume.pdf' },
    {
      source: 'cover_letter',
      key: profile?.coverLetterFileKey,
      name: profile?.coverLetterFileName || 'cover-letter.pdf',
    },
  ];
  const files: NonNullable<OutgoingMail['attachments']> = [];
  for (const document of documents) {
    if (!sources.has(document.source) || !document.key) continue;
    const head = await deps.storage.head(document.key);
    if (!head) {
      deps.logger?.warn('a document to attach is not in the bucket; sent without it', { source: document.source });
      continue;
    }
    files.push({
      fileName: document.name,
      contentType: head.contentType ?? 'application/octet-stream',
      content: await deps.storage.read(document.key),
    });
  }
  return files;
};

/** Whether the contact answered in the conversation: an auto follow-up of it is not sent (DESIGN §6). */
const answered = async (deps: SendingDeps, draft: DraftItem) => {
  if (draft.draftType !== 'follow_up' || !draft.scheduledSendTime || !draft.conversationId) return false;
  const conversation = await getConversation(deps.db, draft.userId, draft.conversationId);
  return conversation?.replyStatus === 'REPLY_RECEIVED' || conversation?.replyStatus === 'bounced';
};

/** The mailbox's access token, or the reason the send fails for good (a gone grant: reconnect). */
const accessTokenOf = async (
  deps: SendingDeps,
  uid: string,
  mailbox: MailboxItem,
): Promise<{ token: string } | { failure: string }> => {
  try {
    return { token: (await mailboxAccessToken(deps.mailboxes, uid, mailbox.id)).accessToken };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401)
      return { failure: draftMessages.reconnectToSend(mailbox.email) };
    if (error instanceof HttpError && error.status === 404) return { failure: draftMessages.mailboxGone };
    throw error;
  }
};

/**
 * Counts a provider attempt on the draft BEFORE it is made (keeping the guard's slot), answering how many came before: a later attempt (a crash
 * after the provider took the e-mail, a redelivery) first asks the mailbox for the Message-ID (`findSent`), so the
 * e-mail never leaves twice. Null when the draft is no longer being sent.
 */
const countAttempt = async (deps: SendingDeps, draft: DraftItem, slot: Date): Promise<number | null | 'answered'> => {
  let before = 0;
  try {
    const counted = await changeSending(
      deps,
      draft,
      (current) => {
        before = current.sendAttempts ?? 0;
        // the guard's slot stays this send's: a retry after a transient failure takes no second one
        return { ...current, sendAttempts: before + 1, guardSlot: whenOf(slot) };
      },
      stillUnansweredChecks(deps, draft),
    );
    return counted ? before : null;
  } catch (error) {
    if (error instanceof AlsoWriteRefusedError) return 'answered';
    throw error;
  }
};

/**
 * What a scheduled follow-up (an auto follow-up, a sequence's step) holds on at the moment it leaves, in the same
 * write that counts the attempt right before the provider is called: its conversation has no reply nor bounce
 * recorded, and a step's enrolment still waits for it (not stopped, not paused by the person). A reply recorded while
 * the send was on its way (after the early check) is seen here, so no e-mail leaves after it (DESIGN §9).
 */
const stillUnansweredChecks = (deps: SendingDeps, draft: DraftItem): AlsoWrite[] => {
  if (draft.draftType !== 'follow_up' || !draft.scheduledSendTime || !draft.conversationId) return [];
  const checks: AlsoWrite[] = [
    {
      ConditionCheck: {
        TableName: deps.db.table,
        Key: conversationKey(draft.userId, draft.conversationId),
        ConditionExpression: 'replyStatus <> :replied AND replyStatus <> :bounced',
        ExpressionAttributeValues: { ':replied': 'REPLY_RECEIVED', ':bounced': 'bounced' },
      },
    },
  ];
  if (draft.sequenceId)
    checks.push(
      stepStillDueCheck(deps.db, {
        uid: draft.userId,
        contactId: draft.contactId,
        sequenceId: draft.sequenceId,
        draftId: draft.id,
        now: whenOf(deps.now()),
      }),
    );
  return checks;
};

/** A scheduled follow-up that may not go (answered, or its sequence stopped): archived, off the due index. */
const callOff = async (deps: SendingDeps, draft: DraftItem): Promise<SendOutcome> => {
  const cancelled = await changeSending(deps, draft, (current) => ({
    ...withoutWait(current),
    status: 'archived',
    updatedAt: whenOf(deps.now()),
  }));
  if (cancelled) await publishSaved(deps, draft.userId, [cancelled]);
  return cancelled ? 'cancelled' : 'movedOn';
};

/** How long a sequence's step that may not go yet waits before it is tried again (the enrolment says why). */
const stepWaitMs = 60 * 60_000;

/**
 * A sequence's step never goes to a do-not-contact address nor from an expired mailbox (DESIGN §9): rather than fail,
 * it waits (tried again in an hour) and says why, which its enrolment shows.
 */
const failOrWait = (deps: SendingDeps, draft: DraftItem, reason: string): Promise<SendOutcome> =>
  draft.sequenceId
    ? hold(deps, draft, { until: new Date(deps.now().getTime() + stepWaitMs), reason })
    : fail(deps, draft, reason);

/**
 * Sends one draft (the `send` queue's message, DESIGN §4/§6), exactly once: only a `sending` draft proceeds, when its
 * time came; the contact's address must still be usable and not on the do-not-contact list, the mailbox connected;
 * the sending guard may hold it; then the e-mail (threaded in its conversation, with the documents `attachedSources` names)
 * leaves through the provider, or is found there when an earlier attempt may have sent it. Recorded after: the
 * conversation with the contact's sent fields and conversation status (lambdas/conversations, one transaction), the
 * mailbox's reply checks (lambdas/replies), then ONE change of the contact's drafts marks it `sent` (with the auto
 * follow-up it schedules). A transient failure
 * throws (the queue retries it; after its last receive the draft is `failed`); a permanent one is `failed` with a
 * reason the UI shows.
 */
export const sendOne = async (
  deps: SendingDeps,
  message: SendMessage,
  delivery: { receiveCount: number; maxReceiveCount: number },
): Promise<SendOutcome> => {
  const { uid, draftId } = message;
  const draft = await getDraft(deps.db, uid, draftId);
  if (!draft) return 'gone';
  if (draft.status === 'sent') {
    // a copy after a stop between the draft's write and its activity's: the activity ends now (once)
    await endActivity(deps, draft, { status: 'completed' });
    return 'alreadySent';
  }
  if (draft.status !== 'sending') return 'notSending';
  const now = deps.now();

  const notBefore = Math.max(Date.parse(draft.scheduledSendTime ?? '') || 0, Date.parse(draft.sendAfter ?? '') || 0);
  if (notBefore - now.getTime() > 1000) return hold(deps, draft, { until: new Date(notBefore), reason: null });

  if (await answered(deps, draft)) return callOff(deps, draft);

  const contact = await getContact(deps.db, uid, draft.contactId);
  if (!contact) return 'gone';
  const target = sendTarget(contact);
  if ('refusal' in target) return failOrWait(deps, draft, target.refusal.message);
  const to = target.to;
  if (await isDoNotContact(deps.db, uid, to)) return failOrWait(deps, draft, draftMessages.doNotContact(to));

  const mailbox = draft.mailboxId ? await getMailbox(deps.db, uid, draft.mailboxId) : null;
  if (!mailbox) return fail(deps, draft, draftMessages.mailboxGone);
  if (draft.sequenceId && mailbox.status !== 'connected')
    return failOrWait(deps, draft, draftMessages.reconnectToSend(mailbox.email));
  const access = await accessTokenOf(deps, uid, mailbox).catch((error: unknown) => waitForProvider(deps, draft, error));
  if ('failure' in access) return failOrWait(deps, draft, access.failure);

  const allowed = await guard(deps, draft, mailbox);
  if (!allowed.go) return hold(deps, draft, allowed);

  const profile = (await getUserProfile(deps.db, uid, [
    'settings',
    'displayName',
    'firstName',
    'lastName',
    'resumeFileKey',
    'resumeFileName',
    'coverLetterFileKey',
    'coverLetterFileName',
  ])) as Profile | null;
  const thread = draft.conversationId ? await threadingOf(deps.db, uid, draft.conversationId) : null;
  const messageId = draftMessageId(draft.id, mailbox.email);
  const fromName = senderName(profile);
  const subject = draft.subject?.trim() || (thread ? replySubject(thread.subject) : '');
  const mail: OutgoingMail = {
    from: mailbox.email,
    ...(fromName ? { fromName } : {}),
    to,
    ...(contact.name ? { toName: contact.name } : {}),
    subject,
    body: draft.body ?? '',
    messageId,
    ...(thread?.inReplyTo ? { inReplyTo: thread.inReplyTo } : {}),
    ...(thread?.references.length ? { references: thread.references } : {}),
    // a provider thread id means something in its own mailbox only
    ...(thread?.threadId && (thread.mailboxId === null || thread.mailboxId === mailbox.id)
      ? { threadId: thread.threadId }
      : {}),
    attachments: await attachmentsOf(deps, draft, profile),
    headers: { [draftIdHeader]: draft.id },
  };

  const before = await countAttempt(deps, draft, allowed.slot);
  if (before === null) return 'movedOn';
  if (before === 'answered') return callOff(deps, draft);
  const api = deps.mailApis[mailbox.provider];
  let sent: SentMail | null;
  try {
    sent = before > 0 ? await api.findSent(access.token, messageId) : null;
    sent ??= await api.send(access.token, mail);
  } catch (error) {
    if (!(error instanceof MailApiFailure)) return waitForProvider(deps, draft, error);
    if (error.kind === 'unauthorized') {
      await expireMailbox(deps.mailboxes, uid, mailbox.id);
      return fail(deps, draft, draftMessages.reconnectToSend(mailbox.email));
    }
    // an Outlook grant made before drafts were asked for, on its first e-mail over 4 MB: asked to reconnect now
    if (error.kind === 'consent_required') {
      await expireMailbox(deps.mailboxes, uid, mailbox.id, 'permission_denied');
      return fail(deps, draft, draftMessages.reconnectForLargeMail(mailbox.email));
    }
    if (error.kind === 'rate_limited') {
      const seconds = error.retryAfterSeconds ?? sendRules.defaultRetryAfterSeconds;
      const until = new Date(deps.now().getTime() + seconds * 1000);
      await deferMailboxSends(deps.db, uid, mailbox.email, until);
      return hold(deps, draft, { until, reason: draftMessages.rateLimited(seconds, mailbox.email), guardSlot: null });
    }
    if (error.kind === 'rejected' || error.kind === 'not_found')
      return fail(deps, draft, draftMessages.rejected(error.message));
    if (delivery.receiveCount >= delivery.maxReceiveCount) return fail(deps, draft, draftMessages.providerGaveUp);
    return waitForProvider(deps, draft, error);
  }
  return recordSent(deps, draft, { mailbox, mail, sent, profile });
};

/** Whether the draft's contact is enrolled in a sequence still running (its steps replace the auto follow-up). */
const inSequence = async (deps: SendingDeps, draft: DraftItem) => {
  const enrollment = await getEnrollment(deps.db, draft.userId, draft.contactId);
  return enrollment?.status === 'active' || enrollment?.status === 'paused';
};

/**
 * After the provider took the e-mail: the conversation (created by an initial outreach, idempotent by draft id) with
 * what the contact shows of it (its sent fields and conversation status, in the same transaction), the mailbox's reply
 * checks, then ONE change marks the draft `sent` and, for an initial outreach with `autoFollowUp` on, schedules its
 * follow-up (so a repeat of this finds the draft sent and adds none).
 */
const recordSent = async (
  deps: SendingDeps,
  draft: DraftItem,
  input: { mailbox: MailboxItem; mail: OutgoingMail; sent: SentMail; profile: Profile | null },
): Promise<SendOutcome> => {
  const { mailbox, mail, sent, profile } = input;
  const uid = draft.userId;
  const { conversation } = await recordSentEmail(deps.db, uid, {
    conversationId: draft.draftType === 'initial_outreach' ? null : draft.conversationId,
    contactId: draft.contactId,
    draftId: draft.id,
    draftType: draft.draftType,
    mailboxId: mailbox.id,
    provider: mailbox.provider,
    from: mailbox.email,
    fromName: mail.fromName ?? null,
    to: mail.to,
    subject: mail.subject,
    body: mail.body,
    sentAt: sent.sentAt,
    messageId: sent.messageId,
    providerMessageId: sent.providerMessageId,
    threadId: sent.threadId,
  });
  // best effort: the e-mail left; the reply-check schedule also finds the mailbox's open conversations
  await markMailboxActive(deps.db, uid, mailbox.id, mailbox.provider, deps.now(), { queue: deps.queue }).catch(
    (error: unknown) => deps.logger?.warn('the mailbox was not put on the reply checks now', { error }),
  );

  const settings = { ...settingsDefaults, ...profile?.settings };
  const sentAt = whenOf(sent.sentAt);
  const now = whenOf(deps.now());
  let followUp: DraftItem | null = null;
  // the settings' auto follow-up is the default one-step sequence of a contact in none (DESIGN §9)
  if (draft.draftType === 'initial_outreach' && settings.autoFollowUp && !(await inSequence(deps, draft))) {
    const at = followUpTime(sent.sentAt, {
      delayDays: settings.followUpDelay,
      time: settings.followUpTime,
      timeZone: settings.timeZone,
    });
    const contact = await getContact(deps.db, uid, draft.contactId);
    followUp = {
      id: deps.newId(),
      userId: uid,
      contactId: draft.contactId,
      conversationId: conversation.id,
      draftType: 'follow_up',
      status: 'sending',
      isPrimary: false,
      createdFromTemplate: false,
      createdAt: now,
      updatedAt: now,
      ...followUpText({
        subject: mail.subject,
        firstName: contact?.firstName?.trim() || contact?.name?.trim().split(/\s+/)[0] || null,
        senderName: mail.fromName ?? null,
      }),
      scheduledSendTime: whenOf(at),
      dueAt: whenOf(at),
      mailboxId: mailbox.id,
    };
  }
  const marked = await changeSending(deps, draft, (current) => ({
    put: [
      {
        ...withoutWait(current),
        status: 'sent',
        sentAt,
        sentMessageId: sent.messageId,
        updatedAt: now,
      },
      ...(followUp ? [followUp] : []),
    ],
  }));
  if (!marked) return 'movedOn';
  await publishSaved(deps, uid, [marked, ...(followUp ? [followUp] : [])]);
  await publish(deps, uid, {
    type: 'email.sent',
    data: { draftId: draft.id, contactId: draft.contactId, conversationId: conversation.id },
  });
  await endActivity(deps, draft, { status: 'completed' });
  return 'sent';
};
