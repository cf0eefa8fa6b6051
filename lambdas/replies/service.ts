import type * as z from 'zod/mini';
import { messages } from '../../shared/messages.js';
import {
  type checkRepliesBody,
  type checkRepliesSchema,
  type Conversation,
  type outlookBatchBody,
  type outlookBatchSchema,
  replyCheckMessages,
  type replyCheckStatusSchema,
} from '../../shared/schemas/conversations.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import { listMailboxes, type MailboxItem } from '../data/mailbox.js';
import { listMailSyncs } from '../data/mail-sync.js';
import { type CheckResult, checkMailbox, type RecordedEmail, replyCheckRules } from './check.js';
import type { ReplyDeps } from './deps.js';

/** Reads at once while answering a user's check. */
const concurrency = 10;

const mapLimited = async <T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
};

type MailboxCheck = { mailbox: MailboxItem; result: CheckResult };

/**
 * Checks the user's connected mailboxes now (of one provider when given), one after another, each bounded as a
 * worker's run is (SPEC §9: a mailbox checked under 30 s ago answers from what is stored).
 */
const checkNow = async (deps: ReplyDeps, uid: string, provider?: MailProvider): Promise<MailboxCheck[]> => {
  const { mailboxes } = await listMailboxes(deps.db, uid);
  const checks: MailboxCheck[] = [];
  for (const mailbox of mailboxes) {
    if (provider && mailbox.provider !== provider) continue;
    const result = await checkMailbox(deps, uid, mailbox.id, {
      reason: 'manual',
      minGapMs: replyCheckRules.manualMinGapMs,
    });
    checks.push({ mailbox, result });
  }
  return checks;
};

const latestRecorded = (checks: MailboxCheck[]) => {
  const byConversation = new Map<string, RecordedEmail>();
  for (const { result } of checks) {
    for (const recorded of result.recorded) {
      const known = byConversation.get(recorded.conversationId);
      if (recorded.kind === 'reply' && (!known || known.at < recorded.at))
        byConversation.set(recorded.conversationId, recorded);
    }
  }
  return byConversation;
};

const errorsByMailbox = (checks: MailboxCheck[]) =>
  new Map(checks.map(({ mailbox, result }) => [mailbox.id, result.error] as const));

/**
 * POST /api/conversations/check-replies (SPEC §7): the caller's mailboxes read now, then one result per conversation
 * asked for (default: the open ones and those this check changed). The body's tokens are never used (DESIGN §6).
 */
export const checkReplies = async (
  deps: ReplyDeps,
  uid: string,
  body: z.infer<typeof checkRepliesBody>,
): Promise<z.infer<typeof checkRepliesSchema>> => {
  const checks = await checkNow(deps, uid, body.emailProvider);
  const replies = latestRecorded(checks);
  const errors = errorsByMailbox(checks);
  const changed = new Set(checks.flatMap(({ result }) => result.recorded.map((recorded) => recorded.conversationId)));
  const ids = body.conversationIds ?? [
    ...new Set([
      ...(await deps.conversations.openConversations(deps.db, uid, undefined, deps.now())).map(
        (conversation) => conversation.id,
      ),
      ...changed,
    ]),
  ];
  const results = await mapLimited([...new Set(ids)], async (conversationId) => {
    const conversation = await deps.conversations.getConversation(deps.db, uid, conversationId);
    if (!conversation) {
      return {
        conversationId,
        updated: false,
        hasReply: false,
        replySender: null,
        replyDate: null,
        replySubject: null,
        error: messages.status[404],
      };
    }
    return {
      conversationId,
      updated: changed.has(conversationId),
      hasReply: conversation.replyStatus === 'REPLY_RECEIVED',
      replySender: conversation.replySender,
      replyDate: conversation.lastReplyDate,
      replySubject: replies.get(conversationId)?.subject ?? null,
      error: (conversation.mailboxId && errors.get(conversation.mailboxId)) || null,
    };
  });
  return { results };
};

/**
 * POST /outlook/check-replies-batch (SPEC §7): the Outlook mailboxes read now; each thread answered by the
 * conversation of its (new, given or original) thread id.
 */
export const outlookBatch = async (
  deps: ReplyDeps,
  uid: string,
  body: z.infer<typeof outlookBatchBody>,
): Promise<z.infer<typeof outlookBatchSchema>> => {
  const checks = await checkNow(deps, uid, 'outlook');
  const replies = latestRecorded(checks);
  const errors = errorsByMailbox(checks);
  const results = await mapLimited(body.threads, async (thread) => {
    let conversation: Conversation | null = null;
    for (const id of [thread.newThreadId, thread.threadId, thread.originalThreadId]) {
      if (!id || conversation) continue;
      conversation = await deps.conversations.conversationByThread(deps.db, uid, id);
    }
    return {
      threadId: thread.threadId ?? null,
      messageId: thread.messageId ?? null,
      newThreadId: thread.newThreadId ?? null,
      originalThreadId: thread.originalThreadId ?? null,
      hasReply: conversation?.replyStatus === 'REPLY_RECEIVED',
      replySender: conversation?.replySender ?? null,
      lastReplyDate: conversation?.lastReplyDate ?? null,
      replySubject: conversation ? (replies.get(conversation.id)?.subject ?? null) : null,
      conversationId: conversation?.id ?? null,
      error: conversation
        ? (conversation.mailboxId && errors.get(conversation.mailboxId)) || null
        : checks.length === 0
          ? null
          : messages.status[404],
    };
  });
  return { results };
};

/**
 * GET /api/reply-checks: each mailbox's last check and the SPEC §8 text the red banner shows. An expired mailbox
 * cannot be read: it says so even when no check has run since it expired.
 */
export const replyCheckStatus = async (
  deps: ReplyDeps,
  uid: string,
): Promise<z.infer<typeof replyCheckStatusSchema>> => {
  const [{ mailboxes }, syncs] = await Promise.all([listMailboxes(deps.db, uid), listMailSyncs(deps.db, uid)]);
  const syncOf = new Map(syncs.map((sync) => [sync.mailboxId, sync]));
  return {
    mailboxes: mailboxes.map((mailbox) => {
      const sync = syncOf.get(mailbox.id);
      const expiredText =
        mailbox.provider === 'gmail' ? replyCheckMessages.gmailExpired : replyCheckMessages.outlookExpired;
      // an inactive mailbox's stored error is the expiry's: once reconnected it is not shown again
      const error = mailbox.status === 'expired' ? (sync?.error ?? expiredText) : sync?.active ? sync.error : null;
      return {
        mailboxId: mailbox.id,
        email: mailbox.email,
        provider: mailbox.provider,
        lastCheckedAt: sync?.lastCheckedAt ?? null,
        error,
        errorAt: error ? (sync?.errorAt ?? mailbox.updatedAt) : null,
        pushExpiresAt: sync?.watchExpiresAt ?? null,
      };
    }),
  };
};
