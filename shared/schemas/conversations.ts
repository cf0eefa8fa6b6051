import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema.js';
import { rsvpAnswers } from './meetings.js';

/**
 * Conversations, their e-mails, reply checks and notifications (SPEC §3 'Conversation', 'Notification',
 * §7 'Conversations', §8 'Reply checks'; DESIGN §8 'Conversations and replies'). JSON keys camelCase except where
 * SPEC §7 shows snake_case (`contact_id`, `created_at`, `time_period`, `access_token`...). Ids are ULID strings.
 */
const id = /* @__PURE__ */ lazySchema(() => z.string().check(z.minLength(1), z.maxLength(64)));
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
    lastReplyDate: z.nullable(z.string()),
    replySender: z.nullable(z.string()),
    /** the provider's thread id (Gmail threadId, Graph conversationId); null until the first e-mail left */
    threadId: z.nullable(z.string()),
    /** the RFC Message-ID of the first e-mail sent */
    messageId: z.nullable(z.string()),
    /** the mailbox the conversation's e-mails leave from */
    mailboxId: z.nullable(z.string()),
    provider: z.nullable(z.enum(['gmail', 'outlook'])),
    /** how many e-mails were sent in it, and when the last left */
    emailCount: z.int().check(z.nonnegative()),
    lastEmailSentAt: z.nullable(z.string()),
    /** the label of the newest received e-mail and that e-mail's id; absent until one is labelled */
    latestLabel: z.optional(z.extend(replyLabelSchema, { emailId: z.string() })),
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
    returnDate: z.optional(z.string().check(z.regex(isoDay))),
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
    fromName: z.nullable(z.string()),
    to: z.string(),
    subject: z.string(),
    /** plain text, cut to 64 KiB */
    body: z.string(),
    at: z.string(),
    messageId: z.nullable(z.string()),
    /** the draft it was sent from (kind `sent`) */
    draftId: z.nullable(z.string()),
    /** a received e-mail's label (DESIGN §9 'Triage'); absent on a sent one and on those received before triage */
    classification: z.optional(z.enum(replyClassifications)),
    returnDate: z.optional(z.string().check(z.regex(isoDay))),
    classifiedBy: z.optional(z.enum(classifiedByValues)),
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
  z.strictObject({ threadId: z.string().check(z.minLength(1), z.maxLength(256)) }),
);

/** POST /api/conversations (SPEC §7): `contactId, subject` -> `{id, contact_id, subject, created_at}` and the rest */
export const createConversationBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    contactId: id,
    subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000)),
  }),
);

const conversationUpdates = {
  replyStatus: /* @__PURE__ */ lazySchema(() => z.optional(z.enum(replyStatuses))),
  lastReplyDate: /* @__PURE__ */ lazySchema(() => z.optional(z.nullable(isoDate))),
  replySender: /* @__PURE__ */ lazySchema(() => z.optional(z.nullable(z.string().check(z.maxLength(320))))),
  subject: /* @__PURE__ */ lazySchema(() => z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(1000)))),
};
/** PATCH /api/conversations/{id}: a 404 is "stale" to the client and ignored (SPEC §7) */
export const updateConversationBody = /* @__PURE__ */ lazySchema(() => z.strictObject(conversationUpdates));
/** PATCH /api/conversations/{id}/reply-status */
export const replyStatusBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    replyStatus: z.enum(replyStatuses),
    lastReplyDate: z.optional(z.nullable(isoDate)),
    replySender: z.optional(z.nullable(z.string().check(z.maxLength(320)))),
  }),
);
/** PATCH /api/conversations/bulk-update: at most 100 ids, all the user's (others are reported not found) */
export const bulkUpdateBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    conversationIds: z.array(id).check(z.minLength(1), z.maxLength(100)),
    updates: z.strictObject(conversationUpdates),
  }),
);
export const bulkUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ updated: z.array(z.string()), notFound: z.array(z.string()) }),
);

/** POST /api/conversations/search: text in subject or contact name/address; by reply status; newest first */
export const searchConversationsBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    query: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    replyStatus: z.optional(z.enum(replyStatuses)),
    contactId: z.optional(id),
    limit: z._default(z.int().check(z.gte(1), z.lte(100)), 50),
  }),
);

export const conversationListSchema = /* @__PURE__ */ lazySchema(() => z.array(conversationSchema));
/** GET /api/conversations/{id} answers the conversation with its e-mails (SPEC §3: e-mails come back as an array) */
export const conversationWithEmailsSchema = /* @__PURE__ */ lazySchema(() =>
  z.extend(conversationSchema, { emails: z.array(conversationEmailSchema) }),
);
export const conversationsWithEmailsSchema = /* @__PURE__ */ lazySchema(() => z.array(conversationWithEmailsSchema));
export const conversationDeletedSchema = /* @__PURE__ */ lazySchema(() => z.object({ deleted: z.boolean() }));

/** GET /api/conversations/analytics (SPEC §7, optional filters); the dashboard's filters widen it */
export const analyticsQuery = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    contactId: z.optional(id),
    from: z.optional(isoDate),
    to: z.optional(isoDate),
  }),
);
export const timePeriods = ['week', 'month', 'quarter', 'year'] as const;
export const detailedAnalyticsQuery = /* @__PURE__ */ lazySchema(() =>
  z.extend(analyticsQuery, { time_period: z._default(z.enum(timePeriods), 'week') }),
);
export const conversationAnalyticsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    totalConversations: z.int(),
    emailsSent: z.int(),
    replies: z.int(),
    autoReplies: z.int(),
    bounces: z.int(),
    awaitingReply: z.int(),
    /** replies / conversations with a sent e-mail, 0..1 */
    replyRate: z.number(),
  }),
);
/** how the replies to e-mails sent to contacts of one company, role, school or seniority went */
export const analyticsBreakdownSchema = /* @__PURE__ */ lazySchema(() =>
  z.array(z.object({ value: z.string(), sent: z.int(), replies: z.int(), replyRate: z.number() })),
);
/**
 * Over the period (the last 7, 30, 91 or 364 days up to `to`, or from `from`), read from the day counters
 * (lambdas/data/stats.ts): the counts of conversations started in it and their replies, a series, the median time to
 * the first reply, replies by the contact's company, role, school and seniority (the 10 with most e-mails each),
 * sending times in the user's time zone, and the funnel of what happened to the contacts, now.
 */
export const detailedAnalyticsSchema = /* @__PURE__ */ lazySchema(() =>
  z.extend(conversationAnalyticsSchema, {
    time_period: z.enum(timePeriods),
    /** per day (week, month) or per week (quarter, year): ISO date of the bucket's start */
    series: z.array(z.object({ start: z.string(), sent: z.int(), replies: z.int() })),
    /** minutes from a conversation's first e-mail to its first reply, the median; null with no replies */
    medianReplyMinutes: z.nullable(z.number()),
    byCompany: analyticsBreakdownSchema,
    byRole: analyticsBreakdownSchema,
    bySchool: analyticsBreakdownSchema,
    bySeniority: analyticsBreakdownSchema,
    /** the IANA zone weekdays and hours are in (the user's setting, SPEC §3 App settings) */
    timeZone: z.string(),
    /** 0 = Sunday .. 6 = Saturday, all seven */
    byWeekday: z.array(
      z.object({
        weekday: z.int().check(z.gte(0), z.lte(6)),
        sent: z.int(),
        replies: z.int(),
        replyRate: z.number(),
      }),
    ),
    /** 0..23, all 24 */
    byHour: z.array(
      z.object({
        hour: z.int().check(z.gte(0), z.lte(23)),
        sent: z.int(),
        replies: z.int(),
        replyRate: z.number(),
      }),
    ),
    /** the weekday and hour with the best reply rate (at least 3 e-mails sent in that slot); null without */
    bestSendTime: z.nullable(z.object({ weekday: z.int(), hour: z.int(), replyRate: z.number() })),
    /**
     * contacts by what happened to them, each step within the one before (shared/relationship.ts `funnelSteps`:
     * drafted, contacted = e-mailed, replied, meeting_scheduled = a meeting booked); hand-set stages do not count
     */
    funnel: z.array(z.object({ stage: z.string(), count: z.int() })),
  }),
);

/**
 * POST /api/conversations/check-replies (SPEC §7): checks now. DESIGN §6: replies are read server-side with the
 * stored grant, so the body's tokens are accepted for the spec's shape and never used; `conversationIds` narrows
 * the answer (default: every open conversation of the user).
 */
export const checkRepliesBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    conversationIds: z.optional(z.array(id).check(z.maxLength(500))),
    emailProvider: z.optional(z.enum(['gmail', 'outlook'])),
    accessToken: z.optional(z.string().check(z.maxLength(8192))),
    refreshToken: z.optional(z.string().check(z.maxLength(8192))),
  }),
);
export const checkReplyResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    conversationId: z.string(),
    updated: z.boolean(),
    hasReply: z.boolean(),
    replySender: z.nullable(z.string()),
    replyDate: z.nullable(z.string()),
    replySubject: z.nullable(z.string()),
    /** a SPEC §8 reply-check message when this conversation's mailbox could not be read */
    error: z.nullable(z.string()),
  }),
);
export const checkRepliesSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ results: z.array(checkReplyResultSchema) }),
);

/** POST /outlook/check-replies-batch (SPEC §7): the Outlook shape of the same check */
export const outlookBatchBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    token: z.object({
      access_token: z.optional(z.string().check(z.maxLength(8192))),
      refresh_token: z.optional(z.string().check(z.maxLength(8192))),
      email: z.string().check(z.maxLength(320)),
    }),
    threads: z
      .array(
        z.object({
          threadId: z.optional(z.string().check(z.maxLength(512))),
          messageId: z.optional(z.string().check(z.maxLength(512))),
          targetName: z.optional(z.string().check(z.maxLength(500))),
          email: z.optional(z.string().check(z.maxLength(320))),
          originalThreadId: z.optional(z.string().check(z.maxLength(512))),
          newThreadId: z.optional(z.string().check(z.maxLength(512))),
          mappingState: z.optional(z.string().check(z.maxLength(100))),
        }),
      )
      .check(z.maxLength(500)),
  }),
);
export const outlookBatchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    results: z.array(
      z.object({
        threadId: z.nullable(z.string()),
        messageId: z.nullable(z.string()),
        newThreadId: z.nullable(z.string()),
        originalThreadId: z.nullable(z.string()),
        hasReply: z.boolean(),
        replySender: z.nullable(z.string()),
        lastReplyDate: z.nullable(z.string()),
        replySubject: z.nullable(z.string()),
        conversationId: z.nullable(z.string()),
        error: z.nullable(z.string()),
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
    contactId: z.nullable(z.string()),
    conversationId: z.nullable(z.string()),
    timestamp: z.string(),
    read: z.boolean(),
    rsvp: z.optional(z.object({ meetingId: z.string(), title: z.string(), answer: z.enum(rsvpAnswers) })),
    /** the reply's label (DESIGN §9 'Triage'), the newest: a correction changes it here too */
    classification: z.optional(z.enum(replyClassifications)),
    /** a meeting about to start (SPEC §3 `reminderNotifications`): '{title} with {name} starts at {time}' */
    reminder: z.optional(z.object({ meetingId: z.string(), title: z.string(), startTime: z.string() })),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    notifications: z.array(notificationSchema),
    unreadCount: z.int().check(z.nonnegative()),
  }),
);
/** POST /api/notifications/read `{ids}` or `{all: true}` ('Mark all as read') */
export const readNotificationsBody = /* @__PURE__ */ lazySchema(() =>
  z.union([
    z.strictObject({
      ids: z
        .array(z.string().check(z.minLength(1), z.maxLength(600)))
        .check(z.minLength(1))
        .check(z.maxLength(30)),
    }),
    z.strictObject({ all: z.literal(true) }),
  ]),
);
export const readNotificationsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ updated: z.int().check(z.nonnegative()) }),
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
        lastCheckedAt: z.nullable(z.string()),
        /** a replyCheckMessages text, or null when the last check went well */
        error: z.nullable(z.string()),
        errorAt: z.nullable(z.string()),
        /** push is on (Gmail watch / Graph subscription) and lapses at this time */
        pushExpiresAt: z.nullable(z.string()),
      }),
    ),
  }),
);
