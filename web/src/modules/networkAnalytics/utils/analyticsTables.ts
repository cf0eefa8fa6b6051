import type * as z from 'zod';
import { type FunnelStep, funnelStepLabels } from '@shared/relationship';
import type { detailedAnalyticsSchema } from '@shared/schemas/conversations';
import type { TimePeriod } from './analyticsPeriod';

export type DetailedAnalytics = z.infer<typeof detailedAnalyticsSchema>;
export type AnalyticsBreakdown = DetailedAnalytics['byCompany'];
export type BreakdownKind = 'company' | 'role' | 'school' | 'seniority';

export type AnalyticsColumn = { title: string; numeric: boolean };
/**
 * What one chart shows, as the table beside it shows it and its CSV holds it: a caption (the chart's title), column
 * headers and rows of text, one cell per column. Charts and tables are built from the same answer, so they agree.
 */
export type AnalyticsTable = { id: string; caption: string; columns: AnalyticsColumn[]; rows: string[][] };

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
/** a share 0..1 as '42.5%' */
export const formatRate = (rate: number) => percent.format(rate);

/** 0 = Sunday, as the server counts them */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** the week as the tables list it, Monday first */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

/** '09:00' */
export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** '09:00–10:00' */
export const formatHourSpan = (hour: number) => `${formatHour(hour)}–${formatHour((hour + 1) % 24)}`;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const weekFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Series buckets are days for a week or a month, weeks for a quarter or a year. */
export const bucketsAreWeeks = (period: TimePeriod) => period === 'quarter' || period === 'year';

/** A bucket's start (an ISO date) in words: 'Tue, Nov 3' for a day, 'Nov 3, 2026' for the week it starts. */
export const formatBucket = (start: string, period: TimePeriod) => {
  const date = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return start;
  return (bucketsAreWeeks(period) ? weekFormat : dayFormat).format(date);
};

export const breakdownTitles: Record<BreakdownKind, { caption: string; column: string; none: string }> = {
  company: { caption: 'Replies by company', column: 'Company', none: 'No company known for these contacts' },
  role: { caption: 'Replies by role', column: 'Role', none: 'No role known for these contacts' },
  school: { caption: 'Replies by school', column: 'School', none: 'No school known for these contacts' },
  seniority: { caption: 'Replies by seniority', column: 'Seniority', none: 'No seniority known for these contacts' },
};

/** A breakdown's value as shown: the server's text, or 'Not known' for an empty one. */
export const breakdownLabel = (value: string) => value.trim() || 'Not known';

export const breakdownOf = (data: DetailedAnalytics, kind: BreakdownKind): AnalyticsBreakdown =>
  ({ company: data.byCompany, role: data.byRole, school: data.bySchool, seniority: data.bySeniority })[kind];

/** the funnel's step in words (shared/relationship.ts: what happened, not where a card stands) */
export const stageLabel = (stage: string) => funnelStepLabels[stage as FunnelStep] ?? stage;

/**
 * The series counts e-mails sent (follow-ups too) and the replies that came in; the breakdowns and sending times
 * count conversations by their first e-mail, and how many of them were answered (the server's definitions).
 */
export const seriesNames = { sent: 'E-mails sent', replies: 'Replies' } as const;
export const cohortNames = { sent: 'Conversations started', replies: 'Answered' } as const;
const numeric = (title: string) => ({ title, numeric: true });
const counts = [numeric(seriesNames.sent), numeric(seriesNames.replies)];
const cohortCounts = [numeric(cohortNames.sent), numeric(cohortNames.replies), numeric('Reply rate')];

export const seriesTable = (data: DetailedAnalytics): AnalyticsTable => ({
  id: 'sent-and-replies',
  caption: 'E-mails sent and replies',
  columns: [{ title: bucketsAreWeeks(data.time_period) ? 'Week of' : 'Day', numeric: false }, ...counts],
  rows: data.series.map((bucket) => [
    formatBucket(bucket.start, data.time_period),
    String(bucket.sent),
    String(bucket.replies),
  ]),
});

export const breakdownTable = (data: DetailedAnalytics, kind: BreakdownKind): AnalyticsTable => ({
  id: `replies-by-${kind}`,
  caption: breakdownTitles[kind].caption,
  columns: [{ title: breakdownTitles[kind].column, numeric: false }, ...cohortCounts],
  rows: breakdownOf(data, kind).map((item) => [
    breakdownLabel(item.value),
    String(item.sent),
    String(item.replies),
    formatRate(item.replyRate),
  ]),
});

/** the seven weekdays, Monday first (the server sends all seven) */
export const weekdaysInOrder = (data: DetailedAnalytics) =>
  weekOrder.flatMap((weekday) => data.byWeekday.filter((item) => item.weekday === weekday));

export const weekdayTable = (data: DetailedAnalytics): AnalyticsTable => ({
  id: 'by-weekday',
  caption: 'Replies by weekday sent',
  columns: [{ title: 'Weekday', numeric: false }, ...cohortCounts],
  rows: weekdaysInOrder(data).map((item) => [
    weekdayNames[item.weekday] ?? String(item.weekday),
    String(item.sent),
    String(item.replies),
    formatRate(item.replyRate),
  ]),
});

export const hourTable = (data: DetailedAnalytics): AnalyticsTable => ({
  id: 'by-hour',
  caption: 'Replies by hour sent',
  columns: [{ title: 'Hour', numeric: false }, ...cohortCounts],
  rows: [...data.byHour]
    .sort((a, b) => a.hour - b.hour)
    .map((item) => [formatHourSpan(item.hour), String(item.sent), String(item.replies), formatRate(item.replyRate)]),
});

/** each step's contacts as a share of the first step's (every contact in the funnel) */
export const funnelShares = (data: DetailedAnalytics) => {
  const first = data.funnel[0]?.count ?? 0;
  return data.funnel.map((step) => ({ ...step, label: stageLabel(step.stage), share: first ? step.count / first : 0 }));
};

export const funnelTable = (data: DetailedAnalytics): AnalyticsTable => ({
  id: 'outreach-funnel',
  caption: 'Outreach funnel',
  columns: [
    { title: 'Step', numeric: false },
    { title: 'Contacts', numeric: true },
    { title: 'Share of the first step', numeric: true },
  ],
  rows: funnelShares(data).map((step) => [step.label, String(step.count), formatRate(step.share)]),
});
