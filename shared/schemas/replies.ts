import * as z from 'zod';
import { lazySchema } from '../lazy-schema.js';

/**
 * A message of the `reply-check` queue (shared/queues.ts): read one mailbox from its cursor. `checkId` names
 * the occasion (a schedule run's slot, a push's history id or notification, a user's request), so the worker kit's
 * idempotency key `[uid, mailboxId, checkId]` runs a redelivered message once while later occasions still run.
 */
export const replyCheckMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    uid: z.string().min(1).max(128),
    mailboxId: z.string().min(1).max(64),
    reason: z.enum(['push', 'schedule', 'manual']),
    checkId: z.string().min(1).max(200),
    /**
     * A page of a resync (a lost cursor): read the threads of the mailbox's open conversations older than `after` (a
     * conversation id), a bounded page, then queue the next page. `occasion` names the resync, so each page's
     * `checkId` is the same however often the page before is delivered.
     */
    resync: z.strictObject({ occasion: z.string().min(1).max(64), after: z.string().min(1).max(64) }).optional(),
  }),
);
export type ReplyCheckMessage = z.infer<typeof replyCheckMessageSchema>;

/** A `reply-check` message; the occasion's id is cut to what the schema keeps. */
export const replyCheckMessage = (
  uid: string,
  mailboxId: string,
  reason: ReplyCheckMessage['reason'],
  checkId: string,
  resync?: ReplyCheckMessage['resync'],
): ReplyCheckMessage => ({ uid, mailboxId, reason, checkId: checkId.slice(0, 200), ...(resync ? { resync } : {}) });
