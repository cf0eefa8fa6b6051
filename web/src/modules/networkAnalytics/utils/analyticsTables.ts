import type * as z from 'zod';
import type { FunnelStep } from '@shared/relationship';
import type { detailedAnalyticsSchema } from '@shared/schemas/conversations';
import { i18n } from '@/i18n';
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

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`networkAnalytics:${key}`, values ?? {});

/** Intl's formats in the interface's language, made once per language and options. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormat = (options: Intl.NumberFormatOptions = {}) => {
  const key = JSON.stringify([i18n.language, options]);
  const format = numberFormats.get(key) ?? new Intl.NumberFormat(i18n.language, options);
  numberFormats.set(key, format);
  return format;
};
const dateFormat = (options: Intl.DateTimeFormatOptions) => {
  const key = JSON.stringify([i18n.language, options]);
  const format = dateFormats.get(key) ?? new Intl.DateTimeFormat(i18n.language, options);
  dateFormats.set(key, format);
  return format;
};

/** a count as the interface's language writes it ('1,234'; '1.234' in German) */
export const formatCount = (value: number) => numberFormat().format(value);
/** a share 0..1 as '42.5%' ('42,5 %' in German) */
export const formatRate = (rate: number) => numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(rate);

/** a Sunday (2023-01-01): the weekdays' names are Intl's, counted from it */
const aSunday = Date.UTC(2023, 0, 1);
const dayMs = 24 * 60 * 60 * 1000;

/** A weekday's name, 0 = Sunday as the server counts them ('Monday', 'Montag'); `short`: 'Mon', 'Mo.'. */
export const weekdayName = (weekday: number, width: 'long' | 'short' = 'long') =>
  weekday >= 0 && weekday <= 6
    ? dateFormat({ weekday: width, timeZone: 'UTC' }).format(new Date(aSunday + weekday * dayMs))
    : String(weekday);
/** the week as the tables list it, Monday first */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

/** '09:00' */
export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** '09:00–10:00' */
export const formatHourSpan = (hour: number) => `${formatHour(hour)}–${formatHour((hour + 1) % 24)}`;

const dayOptions = { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
const weekOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' } as const;
/** a bucket's day on the chart's axis ('Nov 3') */
export const formatAxisDay = (date: Date) =>
  dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);

/** Series buckets are days for a week or a month, weeks for a quarter or a year. */
export const bucketsAreWeeks = (period: TimePeriod) => period === 'quarter' || period === 'year';

/** A bucket's start (an ISO date) in words: 'Tue, Nov 3' for a day, 'Nov 3, 2026' for the week it starts. */
export const formatBucket = (start: string, period: TimePeriod) => {
  const date = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return start;
  return dateFormat(bucketsAreWeeks(period) ? weekOptions : dayOptions).format(date);
};

/** A breakdown's caption, column header and what it says with no value known, in the interface's language. */
export const breakdownTitles = (kind: BreakdownKind) => ({
  caption: t(`breakdown.${kind}.caption`),
  column: t(`breakdown.${kind}.column`),
  none: t(`breakdown.${kind}.none`),
});

/** A breakdown's value as shown: the server's text, or 'Not known' for an empty one. */
export const breakdownLabel = (value: string) => value.trim() || t('notKnown');

export const breakdownOf = (data: DetailedAnalytics, kind: BreakdownKind): AnalyticsBreakdown =>
  ({ company: data.byCompany, role: data.byRole, school: data.bySchool, seniority: data.bySeniority })[kind];

/** the funnel's step in words (shared/relationship.ts: what happened, not where a card stands) */
const funnelKeys: Record<FunnelStep, string> = {
  drafted: 'drafted',
  contacted: 'contacted',
  replied: 'replied',
  meeting_scheduled: 'meetingScheduled',
};
export const stageLabel = (stage: string) => {
  const key = funnelKeys[stage as FunnelStep] as string | undefined;
  return key ? t(`funnel.${key}`) : stage;
};

/**
 * The series counts e-mails sent (follow-ups too) and the replies that came in; the breakdowns and sending times
 * count conversations by their first e-mail, and how many of them were answered (the server's definitions).
 */
export const seriesNames = () => ({ sent: t('series.sent'), replies: t('series.replies') });
export const cohortNames = () => ({ sent: t('cohort.sent'), replies: t('cohort.replies') });
const numeric = (title: string) => ({ title, numeric: true });
const counts = () => [numeric(seriesNames().sent), numeric(seriesNames().replies)];
const cohortCounts = () => [numeric(cohortNames().sent), numeric(cohortNames().replies), numeric(t('replyRate'))];

export const seriesTable = (data: DetailedAnalytics): AnalyticsTable => ({
  id: 'sent-and-replies',
  caption: t('tables.series'),
  columns: [
    { title: bucketsAreWeeks(data.time_period) ? t('tables.weekOf') : t('tables.day'), numeric: false },
    ...counts(),
  ],
  rows: data.series.map((bucket) => [
    formatBucket(bucket.start, data.time_period),
    String(bucket.sent),
    String(bucket.replies),
  ]),
});

export const breakdownTable = (data: DetailedAnalytics, kind: BreakdownKind): AnalyticsTable => ({
  id: `replies-by-${kind}`,
  caption: breakdownTitles(kind).caption,
  columns: [{ title: breakdownTitles(kind).column, numeric: false }, ...cohortCounts()],
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
  caption: t('tables.weekday'),
  columns: [{ title: t('tables.weekdayColumn'), numeric: false }, ...cohortCounts()],
  rows: weekdaysInOrder(data).map((item) => [
    weekdayName(item.weekday),
    String(item.sent),
    String(item.replies),
    formatRate(item.replyRate),
  ]),
});

export const hourTable = (data: DetailedAnalytics): AnalyticsTable => ({
  id: 'by-hour',
  caption: t('tables.hour'),
  columns: [{ title: t('tables.hourColumn'), numeric: false }, ...cohortCounts()],
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
  caption: t('tables.funnel'),
  columns: [
    { title: t('tables.step'), numeric: false },
    { title: t('tables.contacts'), numeric: true },
    { title: t('tables.share'), numeric: true },
  ],
  rows: funnelShares(data).map((step) => [step.label, String(step.count), formatRate(step.share)]),
});
