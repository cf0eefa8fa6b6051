import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { i18n } from '@/i18n';
import {
  type AnalyticsBreakdown,
  breakdownLabel,
  cohortNames,
  bucketsAreWeeks,
  type DetailedAnalytics,
  formatAxisDay,
  formatBucket,
  formatCount,
  formatHour,
  formatHourSpan,
  formatRate,
  funnelShares,
  seriesNames,
  weekdayName,
  weekdaysInOrder,
} from '../utils/analyticsTables';

/**
 * The analytics charts (recharts, SVG). Series are painted with the theme's CSS variables, so the dark theme paints
 * them too; axes, grid and tooltip take theirs from NetworkAnalytics.css.
 */
const paint = {
  sent: 'var(--ant-color-primary)',
  replies: 'var(--ant-color-success)',
  cursor: 'var(--ant-color-fill-tertiary)',
} as const;

/** One point of a chart: its axis label, its label in full (the tooltip's), its numbers. */
type Point = { label: string; full: string; sent: number; replies: number; replyRate?: number };

/** The tooltip: the point's full label, each series' number, and the reply rate where the point has one. */
const ChartTooltip = ({ active, payload }: TooltipContentProps) => {
  const point = payload?.[0]?.payload as (Point & { share?: number }) | undefined;
  if (!active || !point) return null;
  return (
    <div className="analytics-tooltip">
      <div className="analytics-tooltip__title">{point.full}</div>
      {payload.map((entry) => (
        <div key={String(entry.dataKey)} className="analytics-tooltip__row">
          <span className={`analytics-tooltip__swatch analytics-tooltip__swatch--${String(entry.dataKey)}`} />
          <span>{entry.name}</span>
          <span className="analytics-tooltip__value">{formatCount(Number(entry.value))}</span>
        </div>
      ))}
      {point.replyRate !== undefined ? (
        <div className="analytics-tooltip__row analytics-tooltip__row--plain">
          <span>{i18n.t('networkAnalytics:replyRate')}</span>
          <span className="analytics-tooltip__value">{formatRate(point.replyRate)}</span>
        </div>
      ) : null}
      {point.share !== undefined ? (
        <div className="analytics-tooltip__row analytics-tooltip__row--plain">
          <span>{i18n.t('networkAnalytics:charts.ofFirstStep')}</span>
          <span className="analytics-tooltip__value">{formatRate(point.share)}</span>
        </div>
      ) : null}
    </div>
  );
};

const legendText = (value: string) => <span className="analytics-chart__legend-text">{value}</span>;

/** sent and replies side by side for each point, counts up the side */
const SentAndReplies = ({
  points,
  height,
  names,
  wideTicks = false,
}: {
  points: Point[];
  height: number;
  names: { sent: string; replies: string };
  wideTicks?: boolean;
}) => (
  <ResponsiveContainer width="100%" height={height}>
    <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} barGap={2}>
      <CartesianGrid vertical={false} />
      <XAxis dataKey="label" tickLine={false} minTickGap={wideTicks ? 16 : 4} />
      <YAxis allowDecimals={false} tickLine={false} axisLine={false} />
      <Tooltip content={ChartTooltip} cursor={{ fill: paint.cursor, stroke: 'none' }} />
      <Legend formatter={legendText} itemSorter={null} />
      <Bar dataKey="sent" name={names.sent} fill={paint.sent} radius={[3, 3, 0, 0]} maxBarSize={28} />
      <Bar dataKey="replies" name={names.replies} fill={paint.replies} radius={[3, 3, 0, 0]} maxBarSize={28} />
    </BarChart>
  </ResponsiveContainer>
);

/** E-mails sent and their replies per day (week, month) or per week (quarter, year). */
export const SeriesChart = ({ data }: { data: DetailedAnalytics }) => (
  <SentAndReplies
    height={280}
    names={seriesNames()}
    wideTicks
    points={data.series.map((bucket) => {
      const full = formatBucket(bucket.start, data.time_period);
      const date = new Date(`${bucket.start.slice(0, 10)}T00:00:00Z`);
      return {
        label: Number.isNaN(date.getTime()) ? full : formatAxisDay(date),
        full: bucketsAreWeeks(data.time_period) ? i18n.t('networkAnalytics:charts.weekOf', { date: full }) : full,
        sent: bucket.sent,
        replies: bucket.replies,
      };
    })}
  />
);

const shortLabel = (label: string, max = 22) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

/** One bar pair per company, role, school or seniority (the server's order: most conversations first). */
export const BreakdownChart = ({ breakdown }: { breakdown: AnalyticsBreakdown }) => (
  <ResponsiveContainer width="100%" height={breakdown.length * 40 + 64}>
    <BarChart
      layout="vertical"
      data={breakdown.map((item) => ({
        label: breakdownLabel(item.value),
        full: breakdownLabel(item.value),
        sent: item.sent,
        replies: item.replies,
        replyRate: item.replyRate,
      }))}
      margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      barGap={2}
    >
      <CartesianGrid horizontal={false} />
      <XAxis type="number" allowDecimals={false} tickLine={false} />
      <YAxis
        type="category"
        dataKey="label"
        width={150}
        tickLine={false}
        tickFormatter={(label: string) => shortLabel(label)}
      />
      <Tooltip content={ChartTooltip} cursor={{ fill: paint.cursor, stroke: 'none' }} />
      <Legend formatter={legendText} itemSorter={null} />
      <Bar dataKey="sent" name={cohortNames().sent} fill={paint.sent} radius={[0, 3, 3, 0]} maxBarSize={14} />
      <Bar dataKey="replies" name={cohortNames().replies} fill={paint.replies} radius={[0, 3, 3, 0]} maxBarSize={14} />
    </BarChart>
  </ResponsiveContainer>
);

/** Conversations and their answers by the weekday their first e-mail left, Monday first. */
export const WeekdayChart = ({ data }: { data: DetailedAnalytics }) => (
  <SentAndReplies
    height={260}
    names={cohortNames()}
    points={weekdaysInOrder(data).map((item) => ({
      label: weekdayName(item.weekday, 'short'),
      full: weekdayName(item.weekday),
      sent: item.sent,
      replies: item.replies,
      replyRate: item.replyRate,
    }))}
  />
);

/** Conversations and their answers by the hour their first e-mail left (in the zone the answer names). */
export const HourChart = ({ data }: { data: DetailedAnalytics }) => (
  <SentAndReplies
    height={260}
    names={cohortNames()}
    points={[...data.byHour]
      .sort((a, b) => a.hour - b.hour)
      .map((item) => ({
        label: formatHour(item.hour),
        full: formatHourSpan(item.hour),
        sent: item.sent,
        replies: item.replies,
        replyRate: item.replyRate,
      }))}
  />
);

/** How many contacts reached each step of the funnel by what happened, as bars narrowing down the steps. */
export const FunnelChart = ({ data }: { data: DetailedAnalytics }) => (
  <ResponsiveContainer width="100%" height={data.funnel.length * 48 + 24}>
    <BarChart
      layout="vertical"
      data={funnelShares(data).map((step) => ({ ...step, full: step.label }))}
      margin={{ top: 0, right: 48, bottom: 0, left: 0 }}
    >
      <XAxis type="number" allowDecimals={false} hide />
      <YAxis type="category" dataKey="label" width={140} tickLine={false} axisLine={false} />
      <Tooltip content={ChartTooltip} cursor={{ fill: paint.cursor, stroke: 'none' }} />
      <Bar
        dataKey="count"
        name={i18n.t('networkAnalytics:tables.contacts')}
        fill={paint.sent}
        radius={[0, 4, 4, 0]}
        maxBarSize={28}
      >
        <LabelList dataKey="count" position="right" className="analytics-chart__bar-label" />
      </Bar>
    </BarChart>
  </ResponsiveContainer>
);
