import type * as z from 'zod/mini';
import type {
  analyticsQuery,
  conversationAnalyticsSchema,
  detailedAnalyticsQuery,
  detailedAnalyticsSchema,
} from '../../shared/schemas/conversations.js';
import { funnelSteps } from '../../shared/relationship.js';
import { settingsDefaults } from '../../shared/schemas/settings-defaults.js';
import { dimensionsOf } from '../data/stats-dimensions.js';
import { getContact } from '../data/contact.js';
import { type ConversationItem, contactConversations, conversationEmails } from '../data/conversation.js';
import {
  type CountedPair,
  type DayStats,
  readDayStats,
  readUserStats,
  type StatsDimension,
  type UserStats,
} from '../data/stats.js';
import { getUserProfile } from '../data/user-profile.js';
import type { ConversationsDeps } from './service.js';

/**
 * The conversation analytics (SPEC §7; counters, not scans): read from the counters the stats aggregator
 * keeps (lambdas/data/stats.ts: `STATS` totals now, `STATSDAY#<day>` per UTC day), never by reading every
 * conversation. Only a `contactId` filter reads conversations: that one contact's, a handful.
 */
type AnalyticsFilters = z.infer<typeof analyticsQuery>;
type ConversationAnalytics = z.infer<typeof conversationAnalyticsSchema>;
type DetailedAnalytics = z.infer<typeof detailedAnalyticsSchema>;

const dayMs = 86_400_000;
const hourMs = 3_600_000;
const startOfUtcDay = (time: number) => Math.floor(time / dayMs) * dayMs;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOfDay = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const sum = (days: readonly DayStats[], pick: (day: DayStats) => number) =>
  days.reduce((total, day) => total + pick(day), 0);

/**
 * The counts without a filter, the user's totals now (`STATS`):
 * - `totalConversations`: conversations with at least one sent e-mail (`conversationsStarted`; a conversation made
 *   before any e-mail left is not counted);
 * - `emailsSent`: e-mails sent, follow-ups included;
 * - `replies`: conversations the contact answered (an auto-reply or a bounce is no answer);
 * - `autoReplies`, `bounces`, `awaitingReply`: conversations whose status is now auto_reply, bounced, awaiting_reply;
 * - `replyRate`: replies / totalConversations (0 without any).
 */
const totalsOf = (stats: UserStats): ConversationAnalytics => ({
  totalConversations: stats.conversationsStarted,
  emailsSent: stats.emailsSent,
  replies: stats.replied,
  autoReplies: stats.autoReplies,
  bounces: stats.bounces,
  awaitingReply: stats.awaitingReply,
  replyRate: rate(stats.replied, stats.conversationsStarted),
});

/**
 * The counts over a period's days (`STATSDAY#`), about the conversations STARTED in it (their first e-mail left on
 * one of its days: the cohort) and what happened in it:
 * - `totalConversations`: conversations started in the period (`started`);
 * - `emailsSent`: e-mails sent in the period (`sent`, follow-ups of older conversations included);
 * - `replies`: conversations started in the period that were answered, whenever (`startedReplied`);
 * - `awaitingReply`: conversations started in the period not answered yet (totalConversations - replies; those that
 *   bounced or only auto-replied included: the day counters do not tell them apart);
 * - `autoReplies`, `bounces`: conversations started in any period that turned auto_reply / bounced during this one;
 * - `replyRate`: replies / totalConversations, the cohort's rate (0 without any).
 */
const periodCountsOf = (days: readonly DayStats[]): ConversationAnalytics => {
  const started = sum(days, (day) => day.started);
  const answered = sum(days, (day) => day.startedReplied);
  return {
    totalConversations: started,
    emailsSent: sum(days, (day) => day.sent),
    replies: answered,
    autoReplies: sum(days, (day) => day.autoReplies),
    bounces: sum(days, (day) => day.bounces),
    awaitingReply: Math.max(0, started - answered),
    replyRate: rate(answered, started),
  };
};

/** The counts of one contact's conversations (status now), created in [from, to] when given. */
const conversationCountsOf = (items: readonly ConversationItem[]): ConversationAnalytics => {
  const withSent = items.filter((item) => item.emailCount > 0);
  const replies = withSent.filter((item) => item.replyStatus === 'REPLY_RECEIVED').length;
  return {
    totalConversations: withSent.length,
    emailsSent: withSent.reduce((total, item) => total + item.emailCount, 0),
    replies,
    autoReplies: withSent.filter((item) => item.replyStatus === 'auto_reply').length,
    bounces: withSent.filter((item) => item.replyStatus === 'bounced').length,
    awaitingReply: withSent.filter((item) => item.replyStatus === 'awaiting_reply').length,
    replyRate: rate(replies, withSent.length),
  };
};

/**
 * GET /api/conversations/analytics: without filters the totals now (one GetItem of `STATS`); with `from`/`to` the
 * counts over the UTC days they fall on (one Query of those days; see periodCountsOf); with `contactId` the counts of
 * that contact's conversations (created in [from, to] when given).
 */
export const analytics = async (
  deps: ConversationsDeps,
  uid: string,
  filters: AnalyticsFilters,
): Promise<ConversationAnalytics> => {
  if (filters.contactId) {
    const from = filters.from ? new Date(filters.from).toISOString() : null;
    const to = filters.to ? new Date(filters.to).toISOString() : null;
    const items = (await contactConversations(deps.db, uid, filters.contactId)).filter(
      (item) => (!from || item.createdAt >= from) && (!to || item.createdAt <= to),
    );
    return conversationCountsOf(items);
  }
  if (!filters.from && !filters.to) return totalsOf(await readUserStats(deps.db, uid));
  const firstDay = filters.from ? dayOf(Date.parse(filters.from)) : '0000-01-01';
  const lastDay = dayOf(filters.to ? Date.parse(filters.to) : deps.now().getTime());
  return periodCountsOf(firstDay <= lastDay ? await readDayStats(deps.db, uid, firstDay, lastDay) : []);
};

/** a period's length in days and its buckets' (SPEC §7 `time_period`, default week) */
const periods = {
  week: { days: 7, bucketDays: 1 },
  month: { days: 30, bucketDays: 1 },
  quarter: { days: 91, bucketDays: 7 },
  year: { days: 364, bucketDays: 7 },
} as const;
/** a series' length at most: a `from` further back starts the period this many buckets before its last day */
const maxBuckets = 400;

/**
 * One contact's conversations as day counters, counted by the aggregator's rules (lambdas/dashboard/stats-delta.ts):
 * a conversation starts on its first sent e-mail's day and UTC slot, under the contact's dimension values; its first
 * reply (the first reply e-mail, else `lastReplyDate` for one marked answered by hand) counts in `replies` on its day
 * and answers the start day's cohort with its minutes; every sent e-mail counts on its own day; a conversation that
 * got an auto-reply or bounced counts once in `autoReplies` / `bounces`, on the day of the first.
 */
const contactDays = async (deps: ConversationsDeps, uid: string, contactId: string): Promise<DayStats[]> => {
  const [contact, conversations] = await Promise.all([
    getContact(deps.db, uid, contactId),
    contactConversations(deps.db, uid, contactId),
  ]);
  const dimensions = Object.entries(dimensionsOf(contact)) as [StatsDimension, string][];
  const days = new Map<string, DayStats>();
  const dayAt = (time: number) => {
    const day = dayOf(time);
    const stats = days.get(day) ?? {
      day,
      sent: 0,
      started: 0,
      replies: 0,
      autoReplies: 0,
      bounces: 0,
      startedReplied: 0,
      replyMinutes: [],
      dimensions: { company: {}, role: {}, school: {}, seniority: {} },
      slots: {},
    };
    days.set(day, stats);
    return stats;
  };
  const count = (pairs: Record<string, CountedPair>, key: string, which: keyof CountedPair) => {
    pairs[key] ??= { sent: 0, replied: 0 };
    pairs[key][which] += 1;
  };
  const emailsOf = await Promise.all(
    conversations.map((conversation) => conversationEmails(deps.db, uid, conversation.id)),
  );
  conversations.forEach((conversation, index) => {
    const emails = (emailsOf[index] ?? [])
      .map((email) => ({ kind: email.kind, time: Date.parse(email.at) }))
      .sort((a, b) => a.time - b.time);
    for (const email of emails) if (email.kind === 'sent') dayAt(email.time).sent += 1;
    const firstSent = emails.find((email) => email.kind === 'sent');
    if (!firstSent) return;
    const firstOf = (kind: string) => emails.find((email) => email.kind === kind && email.time >= firstSent.time);
    const autoReply = firstOf('auto_reply');
    if (autoReply) dayAt(autoReply.time).autoReplies += 1;
    const bounce = firstOf('bounce');
    if (bounce) dayAt(bounce.time).bounces += 1;
    const start = dayAt(firstSent.time);
    const at = new Date(firstSent.time);
    const slot = `${at.getUTCDay()}-${at.getUTCHours()}`;
    start.started += 1;
    count(start.slots, slot, 'sent');
    for (const [dimension, value] of dimensions) count(start.dimensions[dimension], value, 'sent');
    const markedAnswered =
      conversation.replyStatus === 'REPLY_RECEIVED' && conversation.lastReplyDate
        ? Date.parse(conversation.lastReplyDate)
        : undefined;
    const repliedAt = firstOf('reply')?.time ?? markedAnswered;
    if (repliedAt === undefined) return;
    dayAt(repliedAt).replies += 1;
    start.startedReplied += 1;
    start.replyMinutes.push(Math.max(0, Math.round((repliedAt - firstSent.time) / 60_000)));
    count(start.slots, slot, 'replied');
    for (const [dimension, value] of dimensions) count(start.dimensions[dimension], value, 'replied');
  });
  return [...days.values()];
};

const median = (values: readonly number[]): number | null => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  if (upper === undefined) return null;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
};

const breakdownSize = 10;
/** the 10 values with most sent (ties: more replies, then the value's order), each with its reply rate */
const breakdownOf = (days: readonly DayStats[], dimension: StatsDimension) => {
  const totals = new Map<string, CountedPair>();
  for (const day of days)
    for (const [value, pair] of Object.entries(day.dimensions[dimension])) {
      const total = totals.get(value) ?? { sent: 0, replied: 0 };
      total.sent += pair.sent;
      total.replied += pair.replied;
      totals.set(value, total);
    }
  return [...totals]
    .filter(([, pair]) => pair.sent > 0 || pair.replied > 0)
    .sort(([a, x], [b, y]) => y.sent - x.sent || y.replied - x.replied || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, breakdownSize)
    .map(([value, pair]) => ({
      value,
      sent: pair.sent,
      replies: pair.replied,
      replyRate: rate(pair.replied, pair.sent),
    }));
};

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/**
 * The zone-local weekday and hour of an instant (Intl, so each day's own offset: summer and winter time are exact,
 * as every slot is read with its day). A slot is a UTC hour; in a zone whose offset is not whole hours (Asia/Kolkata
 * +05:30) it counts in the local hour its start falls in: UTC 09:00-10:00 is 14:30-15:30 there and counts as 14.
 */
const localClock = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
  return (time: number) => {
    const parts = format.formatToParts(new Date(time));
    const weekday = weekdayNames.indexOf(parts.find((part) => part.type === 'weekday')?.value ?? '');
    const hour = Number(parts.find((part) => part.type === 'hour')?.value) % 24;
    return { weekday, hour };
  };
};

/** the user's time zone (SPEC §3 App settings `timeZone`, default UTC); one Intl cannot read falls back to UTC */
const timeZoneOf = (zone: string | undefined) => {
  const timeZone = zone || settingsDefaults.timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return settingsDefaults.timeZone;
  }
};

const minimumSentForBest = 3;
/** byWeekday, byHour and bestSendTime from the days' UTC slots, each read in the user's zone */
const sendingTimesOf = (days: readonly DayStats[], timeZone: string) => {
  const clock = localClock(timeZone);
  const byWeekday = Array.from({ length: 7 }, () => ({ sent: 0, replied: 0 }));
  const byHour = Array.from({ length: 24 }, () => ({ sent: 0, replied: 0 }));
  const bySlot = new Map<string, CountedPair & { weekday: number; hour: number }>();
  for (const day of days) {
    const midnight = timeOfDay(day.day);
    for (const [slot, pair] of Object.entries(day.slots)) {
      const utcHour = Number(slot.split('-')[1]);
      if (!Number.isInteger(utcHour) || utcHour < 0 || utcHour > 23) continue;
      const { weekday, hour } = clock(midnight + utcHour * hourMs);
      const ofWeekday = byWeekday[weekday];
      const ofHour = byHour[hour];
      if (!ofWeekday || !ofHour) continue;
      for (const total of [ofWeekday, ofHour]) {
        total.sent += pair.sent;
        total.replied += pair.replied;
      }
      const key = `${weekday}-${hour}`;
      const total = bySlot.get(key) ?? { weekday, hour, sent: 0, replied: 0 };
      total.sent += pair.sent;
      total.replied += pair.replied;
      bySlot.set(key, total);
    }
  }
  const best = [...bySlot.values()]
    .filter((slot) => slot.sent >= minimumSentForBest)
    .sort(
      (a, b) =>
        rate(b.replied, b.sent) - rate(a.replied, a.sent) ||
        b.sent - a.sent ||
        a.weekday - b.weekday ||
        a.hour - b.hour,
    )[0];
  return {
    byWeekday: byWeekday.map((pair, weekday) => ({
      weekday,
      sent: pair.sent,
      replies: pair.replied,
      replyRate: rate(pair.replied, pair.sent),
    })),
    byHour: byHour.map((pair, hour) => ({
      hour,
      sent: pair.sent,
      replies: pair.replied,
      replyRate: rate(pair.replied, pair.sent),
    })),
    bestSendTime: best ? { weekday: best.weekday, hour: best.hour, replyRate: rate(best.replied, best.sent) } : null,
  };
};

/**
 * contacts by what happened to them, each step within the one before (shared/relationship.ts `funnelStepsReached`):
 * a card dragged by hand to Replied, never e-mailed, is no reply (counters below 0 read as 0)
 */
const funnelOf = (stats: UserStats) =>
  funnelSteps.map((stage) => ({ stage, count: Math.max(0, stats.reached[stage] ?? 0) }));

/**
 * GET /api/conversations/detailed-analytics: over the period's UTC days (the last 7, 30, 91 or 364 up to `to`, or
 * now; from `from` when given, at most 400 buckets back), three DynamoDB calls at any data size: `STATS` (the funnel), the profile (the time
 * zone) and one Query of the period's `STATSDAY#` items (pages followed). The fields:
 * - the counts: as periodCountsOf (the cohort of conversations started in the period);
 * - `series`: one bucket per day (week, month) or per 7 days (quarter, year) from the period's first day, `start`
 *   its first day (YYYY-MM-DD, UTC); `sent` the e-mails sent in it, `replies` the conversations first answered in
 *   it (whenever they started);
 * - `medianReplyMinutes`: the median of the minutes from first e-mail to first reply of the cohort's answered
 *   conversations (the mean of the middle two when even; null when none was answered);
 * - `byCompany`, `byRole`, `bySchool`, `bySeniority`: the 10 values of the contact's company, job title, school and
 *   seniority (shared/seniority.ts) with most conversations started in the period (`sent`), with how many of those
 *   were answered (`replies`) and `replyRate` = replies / sent;
 * - `byWeekday` (0 = Sunday, all 7), `byHour` (0..23, all 24): the same counts by the first e-mail's weekday and hour
 *   in `timeZone` (the user's setting, default UTC; see localClock); `bestSendTime`: the weekday and hour with the
 *   best reply rate among those with at least 3 sent (ties: more sent, then the earliest), null when none has 3;
 * - `funnel`: the user's contacts by what happened to them, now (no filter applies): drafted (a draft, or an e-mail
 *   sent), e-mailed, replied (e-mailed and answered), meeting booked (and a meeting); where a card was dragged by hand
 *   does not count.
 * With `contactId`, that contact's conversations and their e-mails are read instead of the day counters and counted
 * the same way (the funnel stays the user's).
 */
export const detailedAnalytics = async (
  deps: ConversationsDeps,
  uid: string,
  query: z.infer<typeof detailedAnalyticsQuery>,
): Promise<DetailedAnalytics> => {
  const period = periods[query.time_period];
  const lastDay = startOfUtcDay(query.to ? Date.parse(query.to) : deps.now().getTime());
  const bucketMs = period.bucketDays * dayMs;
  const firstDay = query.from
    ? Math.max(startOfUtcDay(Date.parse(query.from)), lastDay - (maxBuckets * period.bucketDays - 1) * dayMs)
    : lastDay - (period.days - 1) * dayMs;
  const bucketCount = Math.max(0, Math.floor((lastDay - firstDay) / bucketMs) + 1);
  const readDays = async () => {
    if (firstDay > lastDay) return [];
    const inPeriod = (day: DayStats) => {
      const time = timeOfDay(day.day);
      return time >= firstDay && time <= lastDay;
    };
    if (query.contactId) return (await contactDays(deps, uid, query.contactId)).filter(inPeriod);
    return readDayStats(deps.db, uid, dayOf(firstDay), dayOf(lastDay));
  };
  const [stats, profile, days] = await Promise.all([
    readUserStats(deps.db, uid),
    getUserProfile(deps.db, uid, ['settings']),
    readDays(),
  ]);
  const timeZone = timeZoneOf(profile?.settings?.timeZone);
  const series = Array.from({ length: bucketCount }, (_, index) => ({
    start: dayOf(firstDay + index * bucketMs),
    sent: 0,
    replies: 0,
  }));
  for (const day of days) {
    const bucket = series[Math.floor((timeOfDay(day.day) - firstDay) / bucketMs)];
    if (!bucket) continue;
    bucket.sent += day.sent;
    bucket.replies += day.replies;
  }
  return {
    ...periodCountsOf(days),
    time_period: query.time_period,
    series,
    medianReplyMinutes: median(days.flatMap((day) => day.replyMinutes)),
    byCompany: breakdownOf(days, 'company'),
    byRole: breakdownOf(days, 'role'),
    bySchool: breakdownOf(days, 'school'),
    bySeniority: breakdownOf(days, 'seniority'),
    timeZone,
    ...sendingTimesOf(days, timeZone),
    funnel: funnelOf(stats),
  };
};
