import * as z from 'zod/mini';
import { quotaSchema } from './contacts.js';
import { lazySchema } from '../lazy-schema.js';
import { replyClassifications } from './conversations.js';

/**
 * The dashboard (SPEC §7 'Dashboard refresh', DESIGN §8 'Dashboard and analytics'): what the user should do
 * next and how their networking goes, at a glance. The summary is read from counters the stats aggregator keeps up
 * to date as events happen (lambdas/data/stats.ts), so it costs at most 2 DynamoDB calls at any data size.
 */
export const dashboardSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** contacts in the user's list */
    contacts: z.int().check(z.nonnegative()),
    /** contacts whose e-mail is verified (email_verified) */
    verifiedEmails: z.int().check(z.nonnegative()),
    /** drafts in status `draft` with a subject and a body, not yet sent */
    draftsReady: z.int().check(z.nonnegative()),
    /** e-mails the user sent in the last 7 days (today and the 6 days before, UTC days) */
    sentThisWeek: z.int().check(z.nonnegative()),
    /** conversations the contact answered (REPLY_RECEIVED at least once), all time */
    replies: z.int().check(z.nonnegative()),
    /**
     * replies / delivered conversations (at least one e-mail sent, not bounced), 0..1 (0 with none): an out-of-office
     * or another automatic answer is no reply (DESIGN §9 'Triage'), a bounce was never delivered
     */
    replyRate: z.number().check(z.gte(0), z.lte(1)),
    /** conversations whose newest answer is labelled interested or referral (DESIGN §9 'Triage') */
    positiveReplies: z.int().check(z.nonnegative()),
    /** positiveReplies / delivered conversations, 0..1 (0 with none) */
    positiveReplyRate: z.number().check(z.gte(0), z.lte(1)),
    /** scheduled meetings starting from now on */
    upcomingMeetings: z.int().check(z.nonnegative()),
    /** the contact slots (SPEC §3 'Quota') */
    slots: quotaSchema,
    /** ISO 8601: when the counters were read */
    generatedAt: z.string(),
  }),
);
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** The pending tasks, in the order the dashboard shows them. */
export const pendingTaskKinds = [
  'drafts_ready',
  'replies_waiting',
  'follow_ups_due',
  'meetings_today',
  'failed_lookups',
  'failed_sends',
] as const;
export type PendingTaskKind = (typeof pendingTaskKinds)[number];

/** One thing to act on: a contact (and its draft, conversation or meeting when the task is about one). */
export const pendingTaskItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    contactId: z.string(),
    name: z.string(),
    /** the draft, conversation or meeting id the task is about; the contact id for a failed lookup */
    id: z.string(),
    /** one line: the draft's subject, the reply's sender, the meeting's title and time, the failure's reason */
    detail: z.string(),
    /** ISO 8601: when it became due (draft saved, reply received, follow-up due, meeting start, failure) */
    at: z.nullable(z.string()),
    /** replies_waiting: the reply's label (DESIGN §9 'Triage'), absent until it is labelled */
    classification: z.optional(z.enum(replyClassifications)),
  }),
);
export const pendingTaskSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    kind: z.enum(pendingTaskKinds),
    /** how many there are in all */
    count: z.int().check(z.nonnegative()),
    /** the first 5 of them, most urgent first */
    items: z.array(pendingTaskItemSchema).check(z.maxLength(5)),
  }),
);
/** GET /api/dashboard/pending-tasks: every kind, in `pendingTaskKinds` order, with 0 when there is nothing to do. */
export const pendingTasksSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    tasks: z.array(pendingTaskSchema),
    /** the sum of the counts */
    total: z.int().check(z.nonnegative()),
  }),
);
export type PendingTasks = z.infer<typeof pendingTasksSchema>;
export type PendingTask = z.infer<typeof pendingTaskSchema>;

/** GET /api/dashboard/all: the summary and the pending tasks in one answer (SPEC §7 'Dashboard refresh'). */
export const dashboardAllSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ summary: dashboardSummarySchema, pendingTasks: pendingTasksSchema }),
);

/**
 * SPEC §3 'Activity action': the long-running work the sidebar's Recent Activity reports on (SPEC §2, §9), stored
 * server-side: AI batches, e-mail lookups, sends and meetings write their own; contacts added from the browser (CSV
 * import, a list of URLs) are reported by the page that adds them.
 */
export const activityTypes = ['generate_emails', 'find_emails', 'send_emails', 'add_contacts', 'book_meeting'] as const;
export type ActivityType = (typeof activityTypes)[number];
export const activityStatuses = ['in_progress', 'completed', 'failed'] as const;
export type ActivityStatus = (typeof activityStatuses)[number];

/** SPEC §9: a failed action's detail is cut to 50 characters. */
export const maxActivityErrorLength = 50;

export const activityActionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    actionType: z.enum(activityTypes),
    status: z.enum(activityStatuses),
    /** ISO 8601: when it started */
    timestamp: z.string(),
    completedAt: z.nullable(z.string()),
    failedAt: z.nullable(z.string()),
    /** why it failed, at most 50 characters (SPEC §9) */
    error: z.nullable(z.string().check(z.maxLength(maxActivityErrorLength))),
    /** who it was about (a send's or a meeting's contact; empty for batches) */
    recipients: z.array(z.object({ name: z.string() })),
    /** how many contacts it covers */
    profileCount: z.int().check(z.nonnegative()),
    completedCount: z.int().check(z.nonnegative()),
    /** lookups: how many found an address; contacts added: how many profiles were fetched */
    fetchedCount: z.int().check(z.nonnegative()),
    failedCount: z.int().check(z.nonnegative()),
    metadata: z.nullable(
      z.object({
        generationType: z.optional(z.enum(['ai', 'template'])),
        emailsGenerated: z.optional(z.int().check(z.nonnegative())),
        emailsTotal: z.optional(z.int().check(z.nonnegative())),
      }),
    ),
  }),
);
export type ActivityAction = z.infer<typeof activityActionSchema>;

/** GET /api/activity: in-progress actions, then the newest 20 completed and 20 failed (SPEC §9), newest first. */
export const activityListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ actions: z.array(activityActionSchema) }),
);

/** POST /api/activity: an action the browser runs itself (contacts added from a CSV file or a list of URLs). */
export const startActivityBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    actionType: z.literal('add_contacts'),
    profileCount: z.int().check(z.gte(1), z.lte(10_000)),
  }),
);
/** PATCH /api/activity/{id}: its counts as they grow, and its end (a finished action is not changed again: 409). */
export const updateActivityBody = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      completedCount: z.optional(z.int().check(z.gte(0), z.lte(10_000))),
      fetchedCount: z.optional(z.int().check(z.gte(0), z.lte(10_000))),
      failedCount: z.optional(z.int().check(z.gte(0), z.lte(10_000))),
      status: z.optional(z.enum(['completed', 'failed'])),
      /** cut to 50 characters when stored */
      error: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))),
    })
    .check(z.refine((body) => Object.keys(body).length > 0, { message: 'No valid fields to update' })),
);
export const activityIdParams = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
);
