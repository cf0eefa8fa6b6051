import {
  pendingTaskKinds,
  type PendingTask,
  type PendingTaskKind,
  type PendingTasks,
} from '../../shared/schemas/dashboard.js';
import { awaitsYourReply } from '../../shared/conversation-turn.js';
import { positiveClassifications, type ReplyClassification } from '../../shared/schemas/conversations.js';
import { type Settings, settingsDefaults } from '../../shared/schemas/profile.js';
import { normaliseAddress } from '../data/do-not-contact.js';
import type { DraftTask } from '../data/draft.js';
import { getUserProfile } from '../data/user-profile.js';
import { followUpTime } from '../drafts/index.js';
import type { DashboardDeps } from './deps.js';
import {
  type ContactFact,
  type ConversationFact,
  type MeetingFact,
  readTaskFacts,
  rebuildTaskFacts,
} from './task-sources.js';

/** How many items of each kind the dashboard shows (the count says how many there are in all). */
export const pendingTaskItems = 5;

type Item = PendingTask['items'][number];

/** The contact's name as the dashboard shows it: its name, else first and last name. */
const nameOf = (entry: ContactFact) =>
  entry.name.trim() || [entry.firstName.trim(), entry.lastName.trim()].filter(Boolean).join(' ') || 'Unnamed contact';

/** `2026-11-24`: the calendar day of `at` in `timeZone`. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** `14:30`: the clock time of `at` in `timeZone`. */
const clockIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

const byAt =
  (direction: 'oldest' | 'newest') =>
  (a: Item, b: Item): number => {
    const order = (a.at ?? '').localeCompare(b.at ?? '') || a.id.localeCompare(b.id);
    return direction === 'oldest' ? order : -order;
  };

const taskOf = (kind: PendingTaskKind, items: Item[], order: (a: Item, b: Item) => number): PendingTask => ({
  kind,
  count: items.length,
  items: [...items].sort(order).slice(0, pendingTaskItems),
});

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Labels of answers that ask for no reply (DESIGN §9 'Triage'): an unsubscribe put the address on the do-not-contact
 * list, and an out-of-office or a bounce the person corrected a reply to is no one's answer.
 */
const answersNothing = new Set<ReplyClassification>(['unsubscribe', 'out_of_office', 'bounce']);

/** SPEC §7 replies: the contact answered after the user's last e-mail (the user owes the next one). */
const isReplyWaiting = (conversation: ConversationFact) =>
  awaitsYourReply({
    replyStatus: conversation.replyStatus,
    lastReplyAt: conversation.lastReplyDate,
    lastSentAt: conversation.lastEmailSentAt,
  }) && !(conversation.classification && answersNothing.has(conversation.classification));

/** Replies waiting: an interested answer or a referral ('Reply to ...') before the others, then the longest waiting. */
const byPositiveThenOldest = (a: Item, b: Item) => {
  const rank = (item: Item) => (item.classification && positiveClassifications.includes(item.classification) ? 0 : 1);
  return rank(a) - rank(b) || byAt('oldest')(a, b);
};

/**
 * When a conversation awaiting a reply is due a follow-up: `followUpDelay` days after its last e-mail at
 * `followUpTime` in the user's time zone (when the auto follow-up goes, DESIGN §6); null when it awaits none.
 */
const followUpDueAt = (conversation: ConversationFact, settings: Settings) =>
  conversation.replyStatus === 'awaiting_reply' && conversation.lastEmailSentAt
    ? followUpTime(new Date(conversation.lastEmailSentAt), {
        delayDays: settings.followUpDelay,
        time: settings.followUpTime,
        timeZone: settings.timeZone,
      }).getTime()
    : null;

/** A scheduled meeting that starts on the user's today and has not ended yet. */
const isToday = (meeting: MeetingFact, now: Date, timeZone: string) => {
  const start = new Date(meeting.startTime);
  return (
    meeting.status === 'scheduled' &&
    dayIn(start, timeZone) === dayIn(now, timeZone) &&
    start.getTime() + meeting.durationMinutes * 60_000 > now.getTime()
  );
};

/** The detail of a failed e-mail lookup (the contact keeps no reason: the lookup's provider failed, it may be run again). */
export const failedLookupDetail = 'E-mail lookup failed';
/** The detail of a failed send that says no reason. */
export const failedSendDetail = 'Sending failed';

/**
 * GET /api/dashboard/pending-tasks (SPEC §7 'Dashboard refresh'): what the user should do next, every kind
 * of `pendingTaskKinds` with its count and its first 5 items, most urgent first:
 * - drafts_ready: the contacts' primary drafts that can be sent as they are: status `draft` with a subject and a body
 *   and no `{{spot}}` left open (lambdas/data/draft.ts `isReadyDraft`; a scheduled send is `sending`, so not here),
 *   to an address that may be sent to (a valid one, or a risky one the person confirmed: lambdas/drafts/send-rules.ts
 *   `sendTarget`, the send's own rule) and is not on the do-not-contact list; oldest saved first (waiting longest);
 *   detail the subject;
 * - replies_waiting: conversations the contact answered (REPLY_RECEIVED) after the user's last e-mail, unless the
 *   reply's label asks for no answer (an unsubscribe; an out-of-office or bounce by the person's correction); those
 *   labelled interested or referral first (the dashboard's 'Reply to ...'), then oldest reply first; detail the
 *   reply's sender, with its label;
 * - follow_ups_due: conversations awaiting a reply whose last e-mail is `followUpDelay` days old (SPEC §3 App
 *   settings, default 3; due at `followUpTime` of that day in the user's time zone, when the auto follow-up would
 *   go), unless its next e-mail is already written: a reply or follow-up ready or failed (tasks of their own), or
 *   being sent or scheduled (the auto follow-up); longest due first, `at` = when it became due;
 * - meetings_today: scheduled meetings starting on today's date in the user's time zone (settings `timeZone`,
 *   default UTC) and not ended yet, soonest first; detail the title and the local start time;
 * - failed_lookups: contacts whose e-mail lookup failed (status `error`: the provider failed, a new lookup may find
 *   it). `not_found` is not a task: the lookup ran and found no address, running it again finds none either (the
 *   contacts list filters it); newest first by the contact's last change (the failed attempt, unless the contact was
 *   edited since: the directory holds no attempt time), `at` its last attempt;
 * - failed_sends: drafts in status `failed`, newest first; detail the failure's reason.
 * Drafts and conversations of a contact no longer in the list are left out (nothing to act on); a meeting stays, named
 * as booked.
 *
 * Read from the facts kept as things happen (task-sources.ts), not from the items themselves: two DynamoDB calls, side
 * by side, at any number of contacts and e-mails: GetItem of the profile's settings and one Query of the facts (paged
 * per MB of deflated facts: about 20,000 conversations awaiting something and 5,000 contacts fit in one). A user whose
 * facts were never built has them built from the items on this read (once; every change after that reaches them
 * through the stream). tasks.int.test.ts pins the calls.
 */
export const pendingTasks = async (deps: DashboardDeps, uid: string): Promise<PendingTasks> => {
  const now = deps.now();
  const [profile, stored] = await Promise.all([
    getUserProfile(deps.db, uid, ['settings']),
    readTaskFacts(deps.db, uid),
  ]);
  const facts = stored ?? (await rebuildTaskFacts(deps.db, uid));
  const settings = { ...settingsDefaults, ...profile?.settings };
  const contacts = new Map(facts.contact.map((entry) => [entry.contactId, entry]));
  const named = <T extends { contactId: string }>(list: T[], item: (value: T, name: string) => Item | null) =>
    list.flatMap((value) => {
      const entry = contacts.get(value.contactId);
      const made = entry ? item(value, nameOf(entry)) : null;
      return made ? [made] : [];
    });

  const drafts = facts.draft;
  const conversations = facts.conversation;
  const meetings = facts.meeting;
  const failed = drafts.filter((draft) => draft.status === 'failed');
  const draftItem = (draft: DraftTask, name: string, detail: string): Item => ({
    contactId: draft.contactId,
    name,
    id: draft.id,
    detail,
    at: draft.updatedAt,
  });
  /** conversations whose next e-mail is already written (ready, failed, queued): a follow-up of them is not due */
  const drafted = new Set(
    drafts.filter((draft) => draft.draftType !== 'initial_outreach').map((draft) => draft.conversationId),
  );

  const failedLookups = facts.contact
    .filter((entry) => entry.emailLookupStatus === 'error')
    .sort((a, b) => b.lastUpdated.localeCompare(a.lastUpdated) || b.contactId.localeCompare(a.contactId));
  const shownLookups = failedLookups.slice(0, pendingTaskItems);
  // a draft counts as ready only if the send would take it: to an address that may be sent to, not listed
  const listed = new Set(facts.doNotContact.map((entry) => entry.email));
  const ready = drafts.filter((draft) => {
    const to = draft.status === 'draft' ? contacts.get(draft.contactId)?.sendTo : undefined;
    return to !== undefined && to !== '' && !listed.has(normaliseAddress(to));
  });

  const tasks: Record<PendingTaskKind, PendingTask> = {
    drafts_ready: taskOf(
      'drafts_ready',
      named(ready, (draft, name) => draftItem(draft, name, draft.subject?.trim() ?? '')),
      byAt('oldest'),
    ),
    replies_waiting: taskOf(
      'replies_waiting',
      named(conversations.filter(isReplyWaiting), (conversation, name) => ({
        contactId: conversation.contactId,
        name,
        id: conversation.id,
        detail: conversation.replySender ?? name,
        at: conversation.lastReplyDate,
        ...(conversation.classification ? { classification: conversation.classification } : {}),
      })),
      byPositiveThenOldest,
    ),
    follow_ups_due: taskOf(
      'follow_ups_due',
      named(conversations, (conversation, name) => {
        const dueAt = followUpDueAt(conversation, settings);
        if (dueAt === null || dueAt > now.getTime() || drafted.has(conversation.id)) return null;
        return {
          contactId: conversation.contactId,
          name,
          id: conversation.id,
          detail: conversation.subject,
          at: iso(dueAt),
        };
      }),
      byAt('oldest'),
    ),
    meetings_today: taskOf(
      'meetings_today',
      meetings
        .filter((meeting) => isToday(meeting, now, settings.timeZone))
        .map((meeting) => {
          const entry = contacts.get(meeting.contactId);
          return {
            contactId: meeting.contactId,
            name: entry ? nameOf(entry) : meeting.contactName,
            id: meeting.id,
            detail: `${meeting.title} · ${clockIn(new Date(meeting.startTime), settings.timeZone)}`,
            at: meeting.startTime,
          };
        }),
      byAt('oldest'),
    ),
    failed_lookups: {
      kind: 'failed_lookups',
      count: failedLookups.length,
      items: shownLookups.map((entry) => ({
        contactId: entry.contactId,
        name: nameOf(entry),
        id: entry.contactId,
        detail: failedLookupDetail,
        at: entry.lookupAt,
      })),
    },
    failed_sends: taskOf(
      'failed_sends',
      named(failed, (draft, name) => draftItem(draft, name, draft.failureReason?.trim() || failedSendDetail)),
      byAt('newest'),
    ),
  };
  const ordered = pendingTaskKinds.map((kind) => tasks[kind]);
  return { tasks: ordered, total: ordered.reduce((sum, task) => sum + task.count, 0) };
};
