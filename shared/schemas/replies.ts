import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema.js';

/**
 * A message of the `reply-check` queue (shared/queues.ts): read one mailbox from its cursor. `checkId` names
 * the occasion (a schedule run's slot, a push's history id or notification, a user's request), so the worker kit's
 * idempotency key `[uid, mailboxId, checkId]` runs a redelivered message once while later occasions still run.
 */
export const replyCheckMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    uid: z.string().check(z.minLength(1), z.maxLength(128)),
    mailboxId: z.string().check(z.minLength(1), z.maxLength(64)),
    reason: z.enum(['push', 'schedule', 'manual']),
    checkId: z.string().check(z.minLength(1), z.maxLength(200)),
    /**
     * A page of a resync (a lost cursor): read the threads of the mailbox's open conversations older than `after` (a
     * conversation id), a bounded page, then queue the next page. `occasion` names the resync, so each page's
     * `checkId` is the same however often the page before is delivered.
     */
    resync: z.optional(
      z.strictObject({
        occasion: z.string().check(z.minLength(1), z.maxLength(64)),
        after: z.string().check(z.minLength(1), z.maxLength(64)),
      }),
    ),
    /**
     * Threads read again a while later: they hold a message answering an e-mail of ours whose send was still being
     * recorded when it was read (lambdas/replies/check.ts `replyCheckRules.sendUnderWay`). `attempt` counts the reads.
     */
    later: z.optional(
      z.strictObject({
        threads: z
          .array(z.string().check(z.minLength(1), z.maxLength(256)))
          .check(z.minLength(1))
          .check(z.maxLength(25)),
        attempt: z.int().check(z.gte(1), z.lte(100)),
      }),
    ),
  }),
);
export type ReplyCheckMessage = z.infer<typeof replyCheckMessageSchema>;

/** A `reply-check` message; the occasion's id is cut to what the schema keeps. */
export const replyCheckMessage = (
  uid: string,
  mailboxId: string,
  reason: ReplyCheckMessage['reason'],
  checkId: string,
  part: Pick<ReplyCheckMessage, 'resync' | 'later'> = {},
): ReplyCheckMessage => ({ uid, mailboxId, reason, checkId: checkId.slice(0, 200), ...part });
