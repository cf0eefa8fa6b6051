import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema.js';

/**
 * Notification e-mails and reminders (SPEC §3 profile settings `emailNotifications`, `reminderNotifications`;
 * DESIGN §9 'Notification e-mails'): what the notifications domain's queue carries and what its public unsubscribe
 * route takes.
 */

/** The settings a notification e-mail's unsubscribe link turns off (one per kind of e-mail). */
export const mailSettings = ['emailNotifications', 'reminderNotifications'] as const;
export type MailSetting = (typeof mailSettings)[number];

/**
 * One message of the `notification-email` queue: the user's reply digest whose window opened at `windowId`
 * (sent 15 minutes later, delayed by SQS, with every reply that arrived meanwhile).
 */
export const replyDigestMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    kind: z.literal('reply-digest'),
    uid: z.string().check(z.minLength(1), z.maxLength(128)),
    windowId: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
);
export type ReplyDigestMessage = z.infer<typeof replyDigestMessageSchema>;

/** The signed token of an unsubscribe link (lambdas/notifications/unsubscribe.ts), as the link carries it. */
const tokenSchema = z.string().check(z.minLength(1), z.maxLength(1024));

/** `POST /api/notification-emails/unsubscribe?token=` (RFC 8058 one-click: the body is `List-Unsubscribe=One-Click`) */
export const unsubscribeQuery = /* @__PURE__ */ lazySchema(() => z.object({ token: tokenSchema }));
export const unsubscribeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ setting: z.enum(mailSettings), enabled: z.literal(false) }),
);
export type Unsubscribed = z.infer<typeof unsubscribeSchema>;
