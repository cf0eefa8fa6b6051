import { createHash } from 'node:crypto';
import { replyCheckMessages, type Conversation } from '../../shared/schemas/conversations.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import { type ReplyCheckMessage, replyCheckMessage } from '../../shared/schemas/replies.js';
import { HttpError } from '../core/errors.js';
import { getMailbox, type MailboxItem } from '../data/mailbox.js';
import {
  activateMailSync,
  advanceCursor,
  deactivateMailSync,
  deleteGraphSubscription,
  deleteMailSync,
  getGraphSubscription,
  getMailSync,
  type MailSyncItem,
  putGraphSubscription,
  recordCheckOutcome,
  recordWatch,
} from '../data/mail-sync.js';
import { expireMailbox, mailboxAccessToken } from '../mailboxes/index.js';
import { type ItipReply, parseItipReply } from '../meetings/index.js';
import { type MailApi, MailApiFailure, type MailboxMessage } from '../providers/mail/port.js';
import { classifyIncoming } from './classify.js';
import { triage } from './triage.js';
import type { ReplyDeps } from './deps.js';

export const replyCheckRules = {
  /** messages read per run from the cursor; a mailbox with more gets another run at once */
  changesPerRun: 100,
  /**
   * a lost cursor is rebuilt from the threads of every open conversation, newest first, this many per run: each page
   * queues the next (a `reply-check` message with `resync`), so a crash resumes at the page it stopped in
   */
  resyncConversations: 25,
  /** threads read at once while resyncing */
  resyncConcurrency: 5,
  /** SPEC §9: at least 30 s between a user's checks; sooner, the stored state answers */
  manualMinGapMs: 30_000,
  /** push that lapses within a day is renewed */
  pushRenewMarginMs: 24 * 60 * 60_000,
  /** SPEC §8: the banner shows the third consecutive failure (Gmail: more than two) */
  failuresShown: 3,
  /** SPEC §8: a 429 without Retry-After waits 60 s */
  defaultRetryAfterSeconds: 60,
  /** SQS holds a message back at most 15 minutes */
  maxDelaySeconds: 900,
  /**
   * A message answering an e-mail of ours whose conversation is not recorded yet (its send is under way: the send
   * worker records it just after the provider took it, or after its redelivery should it crash in between) is read
   * again every `delaySeconds` while it is younger than `forMs`, instead of being passed by for good. A bounce or an
   * auto-reply can come within seconds.
   */
  sendUnderWay: { delaySeconds: 60, forMs: 15 * 60_000, attempts: 15, threadsPerMessage: 25 },
} as const;

const providerName: Record<MailProvider, string> = { gmail: 'Gmail', outlook: 'Outlook' };

/** What one check recorded for a conversation. */
export type RecordedEmail = {
  conversationId: string;
  contactId: string;
  kind: 'reply' | 'auto_reply' | 'bounce';
  from: string;
  subject: string;
  at: string;
};

export type CheckResult = {
  /** `checked`: read; `recent`: read within the caller's `minGapMs`; `waiting`: a 429's wait runs; `failed`; `expired`;
   * `idle`: a scheduled check of a mailbox without open conversations, not read; `gone`: the mailbox no longer exists */
  status: 'checked' | 'recent' | 'waiting' | 'idle' | 'failed' | 'expired' | 'gone';
  recorded: RecordedEmail[];
  /** the mailbox's SPEC §8 error after this check (null when fine) */
  error: string | null;
};

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** What is kept of a Graph subscription's clientState: its SHA-256 (a notification's is hashed and compared). */
export const clientStateHash = digest;

/** A reply-check message of the mailbox (shared/schemas/replies.ts). */
/** A `reply-check` message (shared/schemas/replies.ts), named here for this domain's callers. */
export const checkMessage = replyCheckMessage;

const publish = async (deps: ReplyDeps, uid: string, event: Parameters<ReplyDeps['live']['publish']>[1]) => {
  await deps.live
    .publish(uid, event)
    .catch((error: unknown) => deps.logger.warn('a live event was not published', { type: event.type, error }));
};

type Run = {
  deps: ReplyDeps;
  uid: string;
  mailbox: MailboxItem;
  sync: MailSyncItem;
  api: MailApi;
  now: Date;
  /** what this run is for: its message's checkId (a redelivery has the same) */
  occasion: string;
};

/**
 * Records a run's messages in their conversations, in order: what was new, and the threads to read again later (a
 * message answering an e-mail whose send is still being recorded).
 */
const recordAll = async (run: Run, messages: readonly MailboxMessage[]) => {
  const find = conversationFinder(run);
  const recorded: RecordedEmail[] = [];
  const later = new Set<string>();
  for (const message of messages) {
    const done = await recordMessage(run, find, message);
    if (done === 'later') later.add(message.threadId);
    else if (done) recorded.push(done);
  }
  return { recorded, later: [...later] };
};

/**
 * Queues the reading again of threads that hold a message answering a send under way (`replyCheckRules.sendUnderWay`),
 * at most `threadsPerMessage` to a message. A checkId is made of the run's occasion and its threads, so a redelivered
 * run queues the same messages (run once), while another run waiting for the same thread (a second bounce) is its own.
 */
const readLater = async (
  run: Run,
  reason: ReplyCheckMessage['reason'],
  threads: readonly string[],
  attempt: number,
  /** a provider's wait (its Retry-After), when longer than the usual minute */
  waitSeconds: number | null = null,
) => {
  const { attempts, threadsPerMessage } = replyCheckRules.sendUnderWay;
  if (threads.length === 0 || attempt > attempts) return;
  const sorted = [...new Set(threads)].sort();
  for (let start = 0; start < sorted.length; start += threadsPerMessage) {
    const group = sorted.slice(start, start + threadsPerMessage);
    const checkId = `later-${attempt}-${digest([run.occasion, ...group].join('\n'))}`;
    await run.deps.queue.send(
      'reply-check',
      checkMessage(run.uid, run.mailbox.id, reason, checkId, { later: { threads: group, attempt } }),
      {
        delaySeconds: Math.min(
          Math.max(waitSeconds ?? 0, replyCheckRules.sendUnderWay.delaySeconds),
          replyCheckRules.maxDelaySeconds,
        ),
      },
    );
  }
};

/** Stores the outcome and tells the tabs when the banner's text changed. */
const settle = async (run: Run, outcome: { error: string | null; errorCount: number; retryAt?: Date }) => {
  const { deps, uid, mailbox, sync, now } = run;
  const changed = outcome.error !== sync.error;
  await recordCheckOutcome(deps.db, uid, mailbox.id, {
    lastCheckedAt: now.toISOString(),
    errorCount: outcome.errorCount,
    error: outcome.error,
    errorAt: outcome.error === null ? null : changed ? now.toISOString() : (sync.errorAt ?? now.toISOString()),
    retryAt: outcome.retryAt?.toISOString() ?? null,
  });
  if (changed) {
    await publish(deps, uid, { type: 'replyCheck.changed', data: { mailboxId: mailbox.id, error: outcome.error } });
  }
};

/**
 * SPEC §8: 401/403 (or a gone grant) mark the mailbox expired; it leaves the fan-out until it is reconnected. Outlook
 * says which: its API refused the token ('[Outlook] Email authentication expired...') or the token could not be
 * renewed ('Email token expired...').
 */
const expired = async (run: Run, cause: 'api' | 'token'): Promise<CheckResult> => {
  const { deps, uid, mailbox } = run;
  const error =
    mailbox.provider === 'gmail'
      ? replyCheckMessages.gmailExpired
      : cause === 'token'
        ? replyCheckMessages.outlookTokenExpired
        : replyCheckMessages.outlookExpired;
  // expireMailbox tells the tabs (connection.changed) when it changed the mailbox
  await expireMailbox(deps.mailboxes, uid, mailbox.id).catch((cause: unknown) => {
    if (!(cause instanceof HttpError && cause.status === 404)) throw cause;
  });
  await deactivateMailSync(deps.db, uid, mailbox.id);
  await settle(run, { error, errorCount: run.sync.errorCount + 1 });
  return { status: 'expired', recorded: [], error };
};

/** What the banner may say of a failure: the provider and what went wrong, never our internals. */
const failureDetail = (provider: MailProvider, error: unknown) => {
  const name = providerName[provider];
  if (error instanceof MailApiFailure) {
    if (error.kind === 'rate_limited') return `${name} rate limit exceeded`;
    if (error.kind === 'rejected') return `${name} refused the request`;
    return `${name} did not answer${error.status ? ` (HTTP ${error.status})` : ''}`;
  }
  return `${name} sign-in did not answer`;
};

/** A failed check: Outlook's 429 waits its Retry-After; the rest count, shown from the third in a row (SPEC §8). */
const failed = async (run: Run, error: unknown): Promise<CheckResult> => {
  const { deps, uid, mailbox, sync, now } = run;
  const errorCount = sync.errorCount + 1;
  if (error instanceof MailApiFailure && error.kind === 'rate_limited' && mailbox.provider === 'outlook') {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds ?? replyCheckRules.defaultRetryAfterSeconds));
    const retryAt = new Date(now.getTime() + seconds * 1000);
    const text = replyCheckMessages.outlookRateLimited(seconds);
    await settle(run, { error: text, errorCount, retryAt });
    await deps.queue.send('reply-check', checkMessage(uid, mailbox.id, 'schedule', `retry-${retryAt.toISOString()}`), {
      delaySeconds: Math.min(seconds, replyCheckRules.maxDelaySeconds),
    });
    return { status: 'failed', recorded: [], error: text };
  }
  const text =
    errorCount >= replyCheckRules.failuresShown
      ? replyCheckMessages.failed(failureDetail(mailbox.provider, error))
      : sync.error;
  deps.logger.warn('a reply check failed', {
    userId: uid,
    mailboxId: mailbox.id,
    errorCount,
    error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
  });
  await settle(run, { error: text, errorCount });
  return { status: 'failed', recorded: [], error: text };
};

/**
 * One page of a resync (a lost or never taken cursor): the threads of the mailbox's open conversations created before
 * `after` (a conversation id; null: from the newest), at most `resyncConversations` of them, and the id to go on
 * after (null: that was the last page). Conversation ids are ULIDs, so the order never changes under the pages; one
 * begun after the resync's cursor was taken is read from that cursor instead.
 */
const resyncPage = async (run: Run, token: string, after: string | null) => {
  const { deps, uid, mailbox, api } = run;
  const open = (await deps.conversations.openConversations(deps.db, uid, mailbox.id, deps.now()))
    .filter((conversation) => conversation.threadId && (after === null || conversation.id < after))
    .sort((a, b) => b.id.localeCompare(a.id));
  const page = open.slice(0, replyCheckRules.resyncConversations);
  const messages = await readThreads(
    api,
    token,
    page.map((conversation) => conversation.threadId!),
  );
  return { messages, after: open.length > page.length ? page.at(-1)!.id : null };
};

/** The messages of some threads, `resyncConcurrency` read at once; a thread deleted in the mailbox has none. */
const readThreads = async (api: MailApi, token: string, threadIds: readonly string[]) => {
  const messages: MailboxMessage[] = [];
  let next = 0;
  const lane = async () => {
    while (next < threadIds.length) {
      const threadId = threadIds[next++]!;
      try {
        messages.push(...(await api.threadMessages(token, threadId)));
      } catch (error) {
        // anything but a deleted thread fails the reading
        if (!(error instanceof MailApiFailure && error.kind === 'not_found')) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(replyCheckRules.resyncConcurrency, threadIds.length) }, lane));
  return messages;
};

/** Queues the resync's next page; its checkId is the same whichever delivery of this page queues it. */
const queueResyncPage = async (run: Run, reason: ReplyCheckMessage['reason'], occasion: string, after: string) => {
  await run.deps.queue.send(
    'reply-check',
    checkMessage(run.uid, run.mailbox.id, reason, `resync-${occasion}-${after}`, { resync: { occasion, after } }),
  );
};

const messageIdsIn = (text: string) => text.match(/<[^<>\s@]+@[^<>\s]+>/g) ?? [];

/** The Message-IDs a message answers: its In-Reply-To and References, and a bounce's quoted one in its report. */
const answeredIds = (message: MailboxMessage, kind: string) =>
  [message.inReplyTo, ...message.references, ...(kind === 'bounce' ? messageIdsIn(message.body) : [])].filter(
    (id): id is string => Boolean(id),
  );

/** Finds the conversation a message belongs to: its thread, else the Message-IDs it answers. */
const conversationFinder = (run: Run) => {
  const { deps, uid, mailbox } = run;
  const byThread = new Map<string, Promise<Conversation | null>>();
  let byMessageId: Promise<Map<string, Conversation>> | null = null;
  const ours = (conversation: Conversation | null) =>
    conversation && (conversation.mailboxId === null || conversation.mailboxId === mailbox.id) ? conversation : null;
  // the Message-IDs of the mailbox's open conversations, read once per run and only when a message needs them
  const knownIds = async () => {
    const map = new Map<string, Conversation>();
    const open = await deps.conversations.openConversations(deps.db, uid, mailbox.id, deps.now());
    for (const conversation of open) {
      if (conversation.messageId) map.set(conversation.messageId, conversation);
      const threading = await deps.conversations.threadingOf(deps.db, uid, conversation.id);
      for (const id of [threading?.inReplyTo, ...(threading?.references ?? [])]) if (id) map.set(id, conversation);
    }
    return map;
  };
  return async (message: MailboxMessage, kind: string): Promise<Conversation | null> => {
    let thread = byThread.get(message.threadId);
    if (!thread) {
      thread = deps.conversations.conversationByThread(deps.db, uid, message.threadId).then(ours);
      byThread.set(message.threadId, thread);
    }
    const found = await thread;
    if (found) return found;
    const answered = answeredIds(message, kind);
    if (answered.length === 0) return null;
    byMessageId ??= knownIds();
    const map = await byMessageId;
    for (const id of answered) {
      const conversation = map.get(id);
      if (conversation) return conversation;
    }
    return null;
  };
};

/**
 * The contact's answer to a meeting's invitation (an iTIP REPLY): the meeting records it and a notification says it
 * ('Ada Lovelace accepted: Coffee chat'), once per message (lambdas/meetings/rsvp.ts); the tabs hear of it. It is no
 * reply to the outreach: the conversation, the funnel and the pipeline do not change.
 */
const recordAnswer = async (run: Run, message: MailboxMessage, reply: ItipReply) => {
  const { deps, uid } = run;
  const outcome = await deps.meetings.recordRsvp(deps.db, uid, {
    reply,
    providerMessageId: message.providerMessageId,
    messageId: message.messageId,
    receivedAt: message.receivedAt,
  });
  if (!outcome.recorded || !outcome.meeting) return;
  const { id: meetingId, contactId } = outcome.meeting;
  await publish(deps, uid, { type: 'meeting.updated', data: { meetingId, contactId } });
  if (outcome.notification) {
    await publish(deps, uid, { type: 'notification.created', data: { notificationId: outcome.notification.id } });
  }
};

/** Whether a message no conversation holds answers a send of ours under way, and is young enough to wait for it. */
const answersSendUnderWay = async (run: Run, message: MailboxMessage, kind: string) => {
  const age = run.now.getTime() - message.receivedAt.getTime();
  if (age >= replyCheckRules.sendUnderWay.forMs) return false;
  const answered = answeredIds(message, kind);
  // a send recorded in these minutes may have been recorded while this run looked for its conversation
  const since = new Date(run.now.getTime() - replyCheckRules.sendUnderWay.forMs);
  return (
    answered.length > 0 &&
    run.deps.conversations.answersDraftOf(run.deps.db, run.uid, answered, { mailboxId: run.mailbox.id, since })
  );
};

/**
 * Records one message in its conversation, once (recordIncomingEmail is idempotent by provider message id). The
 * consequences that must hold whatever happened before (cancelling follow-ups, do-not-contact) run on a repeat too, so
 * a run cut off after the record still completes them; the tabs hear only of what is new. `later`: it answers an
 * e-mail of ours whose conversation is not recorded yet, to be read again.
 */
const recordMessage = async (
  run: Run,
  find: ReturnType<typeof conversationFinder>,
  message: MailboxMessage,
): Promise<RecordedEmail | 'later' | null> => {
  const { deps, uid, mailbox, now } = run;
  const kind = classifyIncoming(message, mailbox.email);
  if (kind === 'own') return null;
  const answer = message.calendar === undefined ? null : parseItipReply(message.calendar);
  if (answer) {
    await recordAnswer(run, message, answer);
    return null;
  }
  const conversation = await find(message, kind);
  if (!conversation) return (await answersSendUnderWay(run, message, kind)) ? 'later' : null;
  // a message recorded already keeps its label (a repeat costs no model call) and completes what follows from it
  const stored = await deps.conversations.incomingEmail(deps.db, uid, conversation.id, message.providerMessageId);
  const triaged =
    stored && stored.kind !== 'sent'
      ? {
          kind: stored.kind,
          label: { classification: stored.classification ?? 'other', classifiedBy: stored.classifiedBy ?? 'model' },
        }
      : await triage(deps, message, kind, { userId: uid, conversationId: conversation.id });
  let result: Awaited<ReturnType<ReplyDeps['conversations']['recordIncomingEmail']>>;
  try {
    result = await deps.conversations.recordIncomingEmail(deps.db, uid, conversation.id, {
      kind: triaged.kind,
      label: triaged.label,
      providerMessageId: message.providerMessageId,
      messageId: message.messageId,
      from: message.from.email,
      fromName: message.from.name,
      to: message.to[0] ?? mailbox.email,
      subject: message.subject,
      body: message.body,
      at: message.receivedAt,
    });
  } catch (error) {
    // the conversation was deleted since it was found: nothing to record it in
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
  if (triaged.kind === 'reply') await deps.conversations.cancelFollowUps(deps.db, uid, conversation.id, now);
  if (triaged.kind === 'bounce') {
    const failedRecipients = (message.headers['x-failed-recipients'] ?? '')
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter((address) => address.includes('@'));
    for (const address of failedRecipients) await deps.conversations.addDoNotContact(deps.db, uid, address, 'bounce');
  }
  if (!result.recorded) return null;
  const { contactId } = result.conversation;
  const conversationId = conversation.id;
  if (triaged.kind === 'reply')
    await publish(deps, uid, { type: 'reply.received', data: { conversationId, contactId } });
  if (result.notification) {
    await publish(deps, uid, { type: 'notification.created', data: { notificationId: result.notification.id } });
  }
  if (result.stage) await publish(deps, uid, { type: 'pipeline.changed', data: { contactId, stage: result.stage } });
  await publish(deps, uid, { type: 'conversation.updated', data: { conversationId, contactId } });
  return {
    conversationId,
    contactId,
    kind: triaged.kind,
    from: message.from.email,
    subject: message.subject,
    at: message.receivedAt.toISOString(),
  };
};

/**
 * Push that lapses within a day is renewed (Gmail: `users.watch` again; Graph: the subscription renewed, or made anew
 * with a new clientState when it is gone). Without its setting a provider has no push: the schedule reads it.
 * A failure here never fails the check: the next run tries again.
 */
const ensurePush = async (run: Run, token: string) => {
  const { deps, uid, mailbox, sync, api, now } = run;
  const due =
    !sync.watchExpiresAt || new Date(sync.watchExpiresAt).getTime() - now.getTime() < replyCheckRules.pushRenewMarginMs;
  if (!due) return;
  try {
    if (mailbox.provider === 'gmail') {
      if (!deps.settings.gmailTopic) return;
      const watch = await api.watch(token, { topicName: deps.settings.gmailTopic });
      await recordWatch(deps.db, uid, mailbox.id, {
        watchId: watch.id,
        watchExpiresAt: watch.expiresAt.toISOString(),
      });
      return;
    }
    const notificationUrl = deps.settings.outlookNotificationUrl;
    if (!notificationUrl) return;
    if (sync.watchId && (await getGraphSubscription(deps.db, sync.watchId))) {
      try {
        const renewed = await api.watch(token, { notificationUrl, renewId: sync.watchId });
        await recordWatch(deps.db, uid, mailbox.id, {
          watchId: sync.watchId,
          watchExpiresAt: renewed.expiresAt.toISOString(),
        });
        return;
      } catch (error) {
        if (!(error instanceof MailApiFailure && error.kind === 'not_found')) throw error;
      }
    }
    const clientState = deps.newSecret();
    const created = await api.watch(token, { notificationUrl, clientState });
    // the lookup first: a notification may arrive as soon as the subscription exists
    await putGraphSubscription(deps.db, {
      subscriptionId: created.id,
      uid,
      mailboxId: mailbox.id,
      clientStateHash: clientStateHash(clientState),
    });
    await recordWatch(deps.db, uid, mailbox.id, {
      watchId: created.id,
      watchExpiresAt: created.expiresAt.toISOString(),
    });
    if (sync.watchId && sync.watchId !== created.id) await deleteGraphSubscription(deps.db, sync.watchId);
  } catch (error) {
    deps.logger.warn('push was not renewed; the next check tries again', {
      userId: uid,
      mailboxId: mailbox.id,
      provider: mailbox.provider,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
  }
};

/** The mailbox is gone (disconnected): its sync state, address lookup and subscription lookup go. */
const forget = async (deps: ReplyDeps, sync: MailSyncItem) => {
  await deleteMailSync(deps.db, sync);
  if (sync.provider === 'outlook' && sync.watchId) await deleteGraphSubscription(deps.db, sync.watchId);
};

/**
 * A later page of a resync: its threads recorded (idempotent, so a redelivered page records nothing twice), then the
 * next page queued. A refused token expires the mailbox; another failure throws, so the queue delivers the page again
 * and the resync goes on from it.
 */
const checkResyncPage = async (
  run: Run,
  token: string,
  reason: ReplyCheckMessage['reason'],
  resync: NonNullable<ReplyCheckMessage['resync']>,
): Promise<CheckResult> => {
  let page: Awaited<ReturnType<typeof resyncPage>>;
  try {
    page = await resyncPage(run, token, resync.after);
  } catch (error) {
    if (error instanceof MailApiFailure && error.kind === 'unauthorized') return expired(run, 'api');
    throw error;
  }
  const { recorded, later } = await recordAll(run, page.messages);
  await readLater(run, reason, later, 1);
  if (page.after !== null) await queueResyncPage(run, reason, resync.occasion, page.after);
  return { status: 'checked', recorded, error: null };
};

/**
 * Threads read again (`replyCheckRules.sendUnderWay`): their messages recorded (idempotent), and the threads still
 * waiting for a send's record queued once more. A refused token expires the mailbox; a provider that does not answer
 * has the threads read again later (within the same bound of readings), which is no failure of the mailbox's checks.
 */
const checkLater = async (
  run: Run,
  token: string,
  reason: ReplyCheckMessage['reason'],
  later: NonNullable<ReplyCheckMessage['later']>,
): Promise<CheckResult> => {
  let messages: MailboxMessage[];
  try {
    messages = await readThreads(run.api, token, later.threads);
  } catch (error) {
    if (!(error instanceof MailApiFailure)) throw error;
    if (error.kind === 'unauthorized') return expired(run, 'api');
    run.deps.logger.warn('threads waiting for a send were not read; they are read again later', {
      userId: run.uid,
      mailboxId: run.mailbox.id,
      error: { name: error.name, message: error.message },
    });
    await readLater(run, reason, later.threads, later.attempt + 1, error.retryAfterSeconds);
    return { status: 'failed', recorded: [], error: run.sync.error };
  }
  const result = await recordAll(run, messages);
  await readLater(run, reason, result.later, later.attempt + 1);
  return { status: 'checked', recorded: result.recorded, error: null };
};

/**
 * Reads one mailbox from its cursor (DESIGN §4: incremental, `history.list` / Graph delta) and records the replies,
 * auto-replies and bounces of its conversations. A lost or missing cursor resyncs every open conversation's thread,
 * a bounded page per run (the first in this one, the rest queued one after another). The cursor moves only
 * from the one this run read (a concurrent run's is kept); every record is idempotent, so a repeat records nothing
 * twice. SPEC §8 failures are stored for the red banner; success clears them.
 */
export const checkMailbox = async (
  deps: ReplyDeps,
  uid: string,
  mailboxId: string,
  options: {
    reason: ReplyCheckMessage['reason'];
    /** a mailbox read more recently than this answers from what is stored (`recent`): a user's checks (SPEC §9) */
    minGapMs?: number;
    /** a later page of a resync (the message's `resync`): its threads only, the cursor untouched */
    resync?: ReplyCheckMessage['resync'];
    /** threads read again (the message's `later`): those only, the cursor untouched */
    later?: ReplyCheckMessage['later'];
    /** the message's checkId (what threads read again are queued under) @default the reason and the time */
    checkId?: string;
  },
): Promise<CheckResult> => {
  const now = deps.now();
  const [mailbox, stored] = await Promise.all([
    getMailbox(deps.db, uid, mailboxId),
    getMailSync(deps.db, uid, mailboxId),
  ]);
  if (!mailbox) {
    if (stored) await forget(deps, stored);
    return { status: 'gone', recorded: [], error: null };
  }
  let sync = stored;
  if (!sync?.active && mailbox.status === 'connected') {
    await activateMailSync(deps.db, { uid, mailboxId, provider: mailbox.provider, email: mailbox.email, now });
    sync = await getMailSync(deps.db, uid, mailboxId);
  }
  if (!sync) return { status: 'expired', recorded: [], error: null };
  const run: Run = {
    deps,
    uid,
    mailbox,
    sync,
    api: deps.mail[mailbox.provider],
    now,
    occasion: options.checkId ?? `${options.reason}-${now.toISOString()}`,
  };
  if (mailbox.status === 'expired') {
    if (sync.active) await deactivateMailSync(deps.db, uid, mailboxId);
    return { status: 'expired', recorded: [], error: sync.error };
  }
  if (options.minGapMs && sync.lastCheckedAt) {
    if (now.getTime() - new Date(sync.lastCheckedAt).getTime() < options.minGapMs) {
      return { status: 'recent', recorded: [], error: sync.error };
    }
  }
  const part = Boolean(options.resync || options.later);
  if (sync.retryAt && new Date(sync.retryAt) > now && !options.resync) {
    // threads waiting for a send wait with the mailbox's 429 (Outlook's Retry-After)
    if (options.later) {
      const seconds = Math.ceil((new Date(sync.retryAt).getTime() - now.getTime()) / 1000);
      await readLater(run, options.reason, options.later.threads, options.later.attempt + 1, seconds);
    }
    return { status: 'waiting', recorded: [], error: sync.error };
  }
  // DESIGN §4: the safety net reads mailboxes with open conversations; the others cost one Query and no quota (push,
  // a send or the user's check still read them; a new send brings the schedule back)
  if (options.reason === 'schedule' && sync.cursor !== null && !part) {
    const open = await deps.conversations.openConversations(deps.db, uid, mailboxId, deps.now());
    if (open.length === 0) return { status: 'idle', recorded: [], error: sync.error };
  }

  let token: string;
  try {
    token = (await mailboxAccessToken(deps.mailboxes, uid, mailboxId)).accessToken;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return expired(run, 'token');
    if (error instanceof HttpError && error.status === 404) {
      await forget(deps, sync);
      return { status: 'gone', recorded: [], error: null };
    }
    // the provider's sign-in is down or refused our request (lambdas/mailboxes: a 502/503 whose text is the user's)
    if (error instanceof HttpError && error.status >= 500 && error.expose) return failed(run, error);
    throw error;
  }

  if (options.resync) return checkResyncPage(run, token, options.reason, options.resync);
  if (options.later) return checkLater(run, token, options.reason, options.later);
  // push first, then the read: a message that arrives after the cursor is taken is pushed. Started after the read (a
  // mailbox's first check), push missed what came in between, and that waited for the schedule's next run (5 min)
  await ensurePush(run, token);

  try {
    let changes: { messages: MailboxMessage[]; cursor: string };
    let more = false;
    /** the next page of a resync this run begins */
    let resyncAfter: string | null = null;
    const resync = async () => {
      // the cursor first: what arrives from now on is read from it, what came before is in the threads
      const cursor = await run.api.currentCursor(token);
      const page = await resyncPage(run, token, null);
      resyncAfter = page.after;
      return { messages: page.messages, cursor };
    };
    if (sync.cursor === null) changes = await resync();
    else {
      try {
        changes = await run.api.changesSince(token, sync.cursor, replyCheckRules.changesPerRun);
        more = changes.messages.length >= replyCheckRules.changesPerRun;
      } catch (error) {
        if (!(error instanceof MailApiFailure && error.kind === 'not_found')) throw error;
        deps.logger.info('the mailbox cursor was lost; resyncing from the open conversations', {
          userId: uid,
          mailboxId,
        });
        changes = await resync();
      }
    }
    const { recorded, later } = await recordAll(run, changes.messages);
    // before the cursor moves past them: a crash in between reads them again from the old cursor
    await readLater(run, options.reason, later, 1);
    await advanceCursor(deps.db, uid, mailboxId, sync.cursor, changes.cursor);
    if (resyncAfter !== null)
      await queueResyncPage(run, options.reason, digest(changes.cursor).slice(0, 32), resyncAfter);
    await settle(run, { error: null, errorCount: 0 });
    if (more) {
      await deps.queue.send(
        'reply-check',
        checkMessage(uid, mailboxId, options.reason, `more-${digest(changes.cursor)}`),
      );
    }
    return { status: 'checked', recorded, error: null };
  } catch (error) {
    if (error instanceof MailApiFailure) {
      if (error.kind === 'unauthorized') return expired(run, 'api');
      return failed(run, error);
    }
    throw error;
  }
};
