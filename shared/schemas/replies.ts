import * as z from 'zod';
import { lazySchema } from '../lazy-schema.js';

/**
 * A message of the `reply-check` queue (shared/queues.ts; issue 13): read one mailbox from its cursor. `checkId` names
 * the occasion (a schedule run's slot, a push's history id or notification, a user's request), so the worker kit's
 * idempotency key `[uid, mailboxId, checkId]` runs a redelivered message once while later occasions still run.
 */
export const replyCheckMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    uid: z.string().min(1).max(128),
    mailboxId: z.string().min(1).max(64),
    reason: z.enum(['push', 'schedule', 'manual']),
    checkId: z.string().min(1).max(200),
  }),
);
export type ReplyCheckMessage = z.infer<typeof replyCheckMessageSchema>;

/** A `reply-check` message; the occasion's id is cut to what the schema keeps. */
export const replyCheckMessage = (
  uid: string,
  mailboxId: string,
  reason: ReplyCheckMessage['reason'],
  checkId: string,
): ReplyCheckMessage => ({ uid, mailboxId, reason, checkId: checkId.slice(0, 200) });
