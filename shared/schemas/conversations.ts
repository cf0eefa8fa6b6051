import * as z from 'zod';
import { lazySchema } from '../lazy-schema.js';
import { rsvpAnswers } from './meetings.js';

/**
 * Conversations, their e-mails, reply checks and notifications (SPEC §3 'Conversation', 'Notification',
 * §7 'Conversations', §8 'Reply checks'; DESIGN §8 'Conversations and replies'). JSON keys camelCase except where
 * SPEC §7 shows snake_case (`contact_id`, `created_at`, `time_period`, `access_token`...). Ids are ULID strings.
 */
const id = /* @__PURE__ */ lazySchema(() => z.string().min(1).max(64));
const isoDate = /* @__PURE__ */ lazySchema(() => z.iso.datetime({ offset: true }));

/**
 * Where a conversation stands: `awaiting_reply` once an e-mail was sent, `REPLY_RECEIVED` when the contact answered
 * (SPEC §4: the value is the spec's), `auto_reply` when only an out-of-office came back (shown, not counted as a
 * reply), `bounced` when the address refused the e-mail, `closed` by hand.
 */
export const replyStatuses = ['awaiting_reply', 'REPLY_RECEIVED', 'auto_reply', 'bounced', 'closed'] as const;
export type ReplyStatus = (typeof replyStatuses)[number];

/** A conversation on the wire (SPEC §3): both the spec's snake_case `contact_id`/`created_at` and camelCase. */
export const conversationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    userId: z.string(),
    contactId: z.string(),
    contact_id: z.string(),
    subject: z.string(),
    created_at: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    replyStatus: z.enum(replyStatuses),
    lastReplyDate: z.string().nullable(),
    replySender: z.string().nullable(),
    /** the provider's thread id (Gmail threadId, Graph conversationId); null until the first e-mail left */
    threadId: z.string().nullable(),
    /** the RFC Message-ID of the first e-mail sent */
    messageId: z.string().nullable(),
    /** the mailbox the conversation's e-mails leave from */
    mailboxId: z.string().nullable(),
    provider: z.enum(['gmail', 'outlook']).nullable(),
    /** how many e-mails were sent in it, and when the last left */
    emailCount: z.number().int().nonnegative(),
    lastEmailSentAt: z.string().nullable(),
    /** the label of the newest received e-mail and that e-mail's id; absent until one is labelled */
    latestLabel: replyLabelSchema.extend({ emailId: z.string() }).optional(),
  }),
);
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * What a received message of a conversation is (DESIGN §9 'Triage'): read from its headers first (a delivery report
 * is a `bounce`, an RFC 3834 automatic answer an `out_of_office`), else by the AI port from its text; the person can
 * correct it (`classifiedBy: 'user'`). `returnDate` (YYYY-MM-DD) only on an `out_of_office` that states one.
 */
export const replyClassifications = [
  'interested',
  'not_now',
  'referral',
  'out_of_office',
  'unsubscribe',
  'bounce',
  'other',
] as const;
export type ReplyClassification = (typeof replyClassifications)[number];
export const classifiedByValues = ['headers', 'model', 'user'] as const;
export type ClassifiedBy = (typeof classifiedByValues)[number];
/** The answers that ask the person to write back (a 'Reply to ...' task, the positive reply rate). */
export const positiveClassifications: readonly ReplyClassification[] = ['interested', 'referral'];
export const isoDay = /^\d{4}-\d{2}-\d{2}$/;
export const replyLabelSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    classification: z.enum(replyClassifications),
    returnDate: z.string().regex(isoDay).optional(),
    classifiedBy: z.enum(classifiedByValues),
  }),
);
export type ReplyLabel = z.infer<typeof replyLabelSchema>;

/** `sent` by the user; `reply` from the contact; `auto_reply` (out-of-office, `Auto-Submitted`); `bounce` */
export const conversationEmailKinds = ['sent', 'reply', 'auto_reply', 'bounce'] as const;
export type ConversationEmailKind = (typeof conversationEmailKinds)[number];

/** One e-mail of a conversation (the contact drawer's thread), oldest first. */
export const conversationEmailSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    conversationId: z.string(),
    kind: z.enum(conversationEmailKinds),
    from: z.string(),
    fromName: z.string().nullable(),
    to: z.string(),
    subject: z.string(),
    /** plain text, cut to 64 KiB */
    body: z.string(),
    at: z.string(),
    messageId: z.string().nullable(),
    /** the draft it was sent from (kind `sent`) */
    draftId: z.string().nullable(),
    /** a received e-mail's label (DESIGN §9 'Triage'); absent on a sent one and on those received before triage */
    classification: z.enum(replyClassifications).optional(),
    returnDate: z.string().regex(isoDay).optional(),
    classifiedBy: z.enum(classifiedByValues).optional(),
  }),
);
export type ConversationEmail = z.infer<typeof conversationEmailSchema>;

export const conversationIdParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ id }));
/** PATCH /api/conversations/{id}/messages/{messageId} (DESIGN §9): the person corrects a received e-mail's label */
export const conversationMessageParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ id, messageId: id }));
export const classifyMessageBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ classification: z.enum(replyClassifications) }),
);
export const conversationContactParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ contactId: id }));
export const conversationThreadParams = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ threadId: z.string().min(1).max(256) }),
);

/** POST /api/conversations (SPEC §7): `contactId, subject` -> `{id, contact_id, subject, created_at}` and the rest */
export const createConversationBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    contactId: id,
    subject: z.string().trim().min(1).max(1000),
  }),
);

const conversationUpdates = {
  replyStatus: /* @__PURE__ */ lazySchema(() => z.enum(replyStatuses).optional()),
  lastReplyDate: /* @__PURE__ */ lazySchema(() => isoDate.nullable().optional()),
  replySender: /* @__PURE__ */ lazySchema(() => z.string().max(320).nullable().optional()),
  subject: /* @__PURE__ */ lazySchema(() => z.string().trim().min(1).max(1000).optional()),
};
/** PATCH /api/conversations/{id}: a 404 is "stale" to the client and ignored (SPEC §7) */
export const updateConversationBody = /* @__PURE__ */ lazySchema(() => z.strictObject(conversationUpdates));
/** PATCH /api/conversations/{id}/reply-status */
export const replyStatusBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    replyStatus: z.enum(replyStatuses),
    lastReplyDate: isoDate.nullable().optional(),
    replySender: z.string().max(320).nullable().optional(),
  }),
);
/** PATCH /api/conversations/bulk-update: at most 100 ids, all the user's (others are reported not found) */
export const bulkUpdateBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    conversationIds: z.array(id).min(1).max(100),
    updates: z.strictObject(conversationUpdates),
  }),
);
export const bulkUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ updated: z.array(z.string()), notFound: z.array(z.string()) }),
);

/** POST /api/conversations/search: text in subject or contact name/address; by reply status; newest first */
export const searchConversationsBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    query: z.string().trim().max(200).optional(),
    replyStatus: z.enum(replyStatuses).optional(),
    contactId: id.optional(),
    limit: z.number().int().min(1).max(100).default(50),
  }),
);

export const conversationListSchema = /* @__PURE__ */ lazySchema(() => z.array(conversationSchema));
/** GET /api/conversations/{id} answers the conversation with its e-mails (SPEC §3: e-mails come back as an array) */
export const conversationWithEmailsSchema = /* @__PURE__ */ lazySchema(() =>
  conversationSchema.extend({ emails: z.array(conversationEmailSchema) }),
);
export const conversationsWithEmailsSchema = /* @__PURE__ */ lazySchema(() => z.array(conversationWithEmailsSchema));
export const conversationDeletedSchema = /* @__PURE__ */ lazySchema(() => z.object({ deleted: z.boolean() }));

/** GET /api/conversations/analytics (SPEC §7, optional filters); the dashboard's filters widen it */
export const analyticsQuery = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    contactId: id.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
);
export const timePeriods = ['week', 'month', 'quarter', 'year'] as const;
export const detailedAnalyticsQuery = /* @__PURE__ */ lazySchema(() =>
  analyticsQuery.extend({ time_period: z.enum(timePeriods).default('week') }),
);
export const conversationAnalyticsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    totalConversations: z.number().int(),
    emailsSent: z.number().int(),
    replies: z.number().int(),
    autoReplies: z.number().int(),
    bounces: z.number().int(),
    awaitingReply: z.number().int(),
    /** replies / conversations with a sent e-mail, 0..1 */
    replyRate: z.number(),
  }),
);
/** how the replies to e-mails sent to contacts of one company, role, school or seniority went */
export const analyticsBreakdownSchema = /* @__PURE__ */ lazySchema(() =>
  z.array(z.object({ value: z.string(), sent: z.number().int(), replies: z.number().int(), replyRate: z.number() })),
);
/**
 * Over the period (the last 7, 30, 91 or 364 days up to `to`, or from `from`), read from the day counters
 * (lambdas/data/stats.ts): the counts of conversations started in it and their replies, a series, the median time to
 * the first reply, replies by the contact's company, role, school and seniority (the 10 with most e-mails each),
 * sending times in the user's time zone, and the funnel of what happened to the contacts, now.
 */
export const detailedAnalyticsSchema = /* @__PURE__ */ lazySchema(() =>
  conversationAnalyticsSchema.extend({
    time_period: z.enum(timePeriods),
    /** per day (week, month) or per week (quarter, year): ISO date of the bucket's start */
    series: z.array(z.object({ start: z.string(), sent: z.number().int(), replies: z.number().int() })),
    /** minutes from a conversation's first e-mail to its first reply, the median; null with no replies */
    medianReplyMinutes: z.number().nullable(),
    byCompany: analyticsBreakdownSchema,
    byRole: analyticsBreakdownSchema,
    bySchool: analyticsBreakdownSchema,
    bySeniority: analyticsBreakdownSchema,
    /** the IANA zone weekdays and hours are in (the user's setting, SPEC §3 App settings) */
    timeZone: z.string(),
    /** 0 = Sunday .. 6 = Saturday, all seven */
    byWeekday: z.array(
      z.object({
        weekday: z.number().int().min(0).max(6),
        sent: z.number().int(),
        replies: z.number().int(),
        replyRate: z.number(),
      }),
    ),
    /** 0..23, all 24 */
    byHour: z.array(
      z.object({
        hour: z.number().int().min(0).max(23),
        sent: z.number().int(),
        replies: z.number().int(),
        replyRate: z.number(),
      }),
    ),
    /** the weekday and hour with the best reply rate (at least 3 e-mails sent in that slot); null without */
    bestSendTime: z.object({ weekday: z.number().int(), hour: z.number().int(), replyRate: z.number() }).nullable(),
    /**
     * contacts by what happened to them, each step within the one before (shared/relationship.ts `funnelSteps`:
     * drafted, contacted = e-mailed, replied, meeting_scheduled = a meeting booked); hand-set stages do not count
     */
    funnel: z.array(z.object({ stage: z.string(), count: z.number().int() })),
  }),
);

/**
 * POST /api/conversations/check-replies (SPEC §7): checks now. DESIGN §6: replies are read server-side with the
 * stored grant, so the body's tokens are accepted for the spec's shape and never used; `conversationIds` narrows
 * the answer (default: every open conversation of the user).
 */
export const checkRepliesBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    conversationIds: z.array(id).max(500).optional(),
    emailProvider: z.enum(['gmail', 'outlook']).optional(),
    accessToken: z.string().max(8192).optional(),
    refreshToken: z.string().max(8192).optional(),
  }),
);
export const checkReplyResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    conversationId: z.string(),
    updated: z.boolean(),
    hasReply: z.boolean(),
    replySender: z.string().nullable(),
    replyDate: z.string().nullable(),
    replySubject: z.string().nullable(),
    /** a SPEC §8 reply-check message when this conversation's mailbox could not be read */
    error: z.string().nullable(),
  }),
);
export const checkRepliesSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ results: z.array(checkReplyResultSchema) }),
);

/** POST /outlook/check-replies-batch (SPEC §7): the Outlook shape of the same check */
export const outlookBatchBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    token: z.object({
      access_token: z.string().max(8192).optional(),
      refresh_token: z.string().max(8192).optional(),
      email: z.string().max(320),
    }),
    threads: z
      .array(
        z.object({
          threadId: z.string().max(512).optional(),
          messageId: z.string().max(512).optional(),
          targetName: z.string().max(500).optional(),
          email: z.string().max(320).optional(),
          originalThreadId: z.string().max(512).optional(),
          newThreadId: z.string().max(512).optional(),
          mappingState: z.string().max(100).optional(),
        }),
      )
      .max(500),
  }),
);
export const outlookBatchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    results: z.array(
      z.object({
        threadId: z.string().nullable(),
        messageId: z.string().nullable(),
        newThreadId: z.string().nullable(),
        originalThreadId: z.string().nullable(),
        hasReply: z.boolean(),
        replySender: z.string().nullable(),
        lastReplyDate: z.string().nullable(),
        replySubject: z.string().nullable(),
        conversationId: z.string().nullable(),
        error: z.string().nullable(),
      }),
    ),
  }),
);

/**
 * A notification (SPEC §3): `id` is the reply's message id plus its time (SPEC §5: an existing id is skipped);
 * newest 30 kept (SPEC §9). The text is built by the client: 'Received a reply from {name} ({email})'; one with
 * `rsvp` is the contact's answer to a meeting's invitation instead: '{name} accepted: {title}' (tentatively
 * accepted, declined).
 */
export const notificationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    contact: z.object({ name: z.string(), email: z.string() }),
    contactId: z.string().nullable(),
    conversationId: z.string().nullable(),
    timestamp: z.string(),
    read: z.boolean(),
    rsvp: z.object({ meetingId: z.string(), title: z.string(), answer: z.enum(rsvpAnswers) }).optional(),
    /** the reply's label (DESIGN §9 'Triage'), the newest: a correction changes it here too */
    classification: z.enum(replyClassifications).optional(),
    /** a meeting about to start (SPEC §3 `reminderNotifications`): '{title} with {name} starts at {time}' */
    reminder: z.object({ meetingId: z.string(), title: z.string(), startTime: z.string() }).optional(),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    notifications: z.array(notificationSchema),
    unreadCount: z.number().int().nonnegative(),
  }),
);
/** POST /api/notifications/read `{ids}` or `{all: true}` ('Mark all as read') */
export const readNotificationsBody = /* @__PURE__ */ lazySchema(() =>
  z.union([
    z.strictObject({ ids: z.array(z.string().min(1).max(600)).min(1).max(30) }),
    z.strictObject({ all: z.literal(true) }),
  ]),
);
export const readNotificationsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ updated: z.number().int().nonnegative() }),
);

/** The texts of SPEC §8 'Reply checks' (shown in the red banner) and the webhooks' refusals. */
export const replyCheckMessages = {
  gmailExpired: '[Gmail] Email authentication expired. Please reconnect your email account.',
  outlookExpired: '[Outlook] Email authentication expired. Please reconnect your email account.',
  outlookRateLimited: (seconds: number) => `Microsoft API rate limit exceeded. Will retry in ${seconds} seconds.`,
  failed: (detail: string) => `Failed to check for email replies: ${detail}`,
  outlookTokenExpired: 'Email token expired. Please reconnect your email account.',
  unicode: 'Unicode conversion error in email data. Please retry.',
} as const;

/** GET /api/reply-checks: each mailbox's last reply check, and the SPEC §8 error the red banner shows (or null). */
export const replyCheckStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    mailboxes: z.array(
      z.object({
        mailboxId: z.string(),
        email: z.string(),
        provider: z.enum(['gmail', 'outlook']),
        lastCheckedAt: z.string().nullable(),
        /** a replyCheckMessages text, or null when the last check went well */
        error: z.string().nullable(),
        errorAt: z.string().nullable(),
        /** push is on (Gmail watch / Graph subscription) and lapses at this time */
        pushExpiresAt: z.string().nullable(),
      }),
    ),
  }),
);
