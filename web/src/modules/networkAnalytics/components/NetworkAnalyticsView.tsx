import { BarChartOutlined } from '@ant-design/icons';
import { timePeriods } from '@shared/schemas/conversations';
import { Alert, Button, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { EmptyState } from '@/ui/EmptyState';
import { useAnalyticsPeriod } from '../hooks/useAnalyticsPeriod';
import { useDetailedAnalytics } from '../hooks/useDetailedAnalytics';
import { periodLabels, type TimePeriod } from '../utils/analyticsPeriod';
import {
  type BreakdownKind,
  breakdownOf,
  breakdownTable,
  breakdownTitles,
  type DetailedAnalytics,
  funnelTable,
  hourTable,
  seriesTable,
  weekdayTable,
} from '../utils/analyticsTables';
import { AnalyticsChartCard } from './AnalyticsChartCard';
import { BreakdownChart, FunnelChart, HourChart, SeriesChart, WeekdayChart } from './AnalyticsCharts';
import { AnalyticsHeadline } from './AnalyticsHeadline';
import { AnalyticsSkeleton } from './AnalyticsSkeleton';
import './NetworkAnalytics.css';

const breakdownKinds: BreakdownKind[] = ['company', 'role', 'school', 'seniority'];

const hasFunnel = (data: DetailedAnalytics) => data.funnel.some((step) => step.count > 0);
/** Nothing happened in the period: no e-mail left, and no reply came in (to an older conversation either). */
const isQuiet = (data: DetailedAnalytics) =>
  data.emailsSent === 0 && data.series.every((bucket) => bucket.replies === 0);

/**
 * The funnel counts the contacts by what happened to them, now, whatever the period (a card dragged on the board by
 * hand counts nothing): shown with or without e-mails in it.
 */
const FunnelCard = ({ data }: { data: DetailedAnalytics }) => (
  <AnalyticsChartCard
    table={funnelTable(data)}
    period={data.time_period}
    description={i18n.t('networkAnalytics:funnelDescription')}
    emptyText={hasFunnel(data) ? null : i18n.t('networkAnalytics:funnelEmpty')}
  >
    <FunnelChart data={data} />
  </AnalyticsChartCard>
);

const AnalyticsReport = ({ data }: { data: DetailedAnalytics }) => {
  const { t } = useTranslation('networkAnalytics');
  const period = data.time_period;
  if (isQuiet(data)) {
    return (
      <div className="analytics-grid">
        <div className="analytics-grid__wide">
          <EmptyState
            icon={<BarChartOutlined />}
            title={t('quiet.title')}
            description={t('quiet.description', { span: periodLabels(period).span })}
          />
        </div>
        {hasFunnel(data) ? <FunnelCard data={data} /> : null}
      </div>
    );
  }
  return (
    <>
      <AnalyticsHeadline data={data} />
      <div className="analytics-grid">
        <AnalyticsChartCard table={seriesTable(data)} period={period} wide>
          <SeriesChart data={data} />
        </AnalyticsChartCard>
        <AnalyticsChartCard
          table={weekdayTable(data)}
          period={period}
          description={t('whenFirstLeft', { zone: data.timeZone })}
        >
          <WeekdayChart data={data} />
        </AnalyticsChartCard>
        <FunnelCard data={data} />
        <AnalyticsChartCard
          table={hourTable(data)}
          period={period}
          description={t('whenFirstLeft', { zone: data.timeZone })}
          wide
        >
          <HourChart data={data} />
        </AnalyticsChartCard>
        {breakdownKinds.map((kind) => (
          <AnalyticsChartCard
            key={kind}
            table={breakdownTable(data, kind)}
            period={period}
            description={t('topTen')}
            emptyText={breakdownOf(data, kind).length ? null : breakdownTitles(kind).none}
          >
            <BreakdownChart breakdown={breakdownOf(data, kind)} />
          </AnalyticsChartCard>
        ))}
      </div>
    </>
  );
};

/**
 * The dashboard's network analytics (SPEC §1): the period's e-mails and replies, how fast people answer,
 * who answers (company, role, school, seniority), when to send, and the pipeline funnel. The period is in the URL.
 */
export const NetworkAnalyticsView = () => {
  const { t } = useTranslation('networkAnalytics');
  const [period, setPeriod] = useAnalyticsPeriod();
  const periodOptions = timePeriods.map((value) => ({ value, label: periodLabels(value).label }));
  const { data, error, mutate } = useDetailedAnalytics(period);
  // the last period's answer stays while this one loads
  const stale = data !== undefined && data.time_period !== period;

  return (
    <section aria-labelledby="network-analytics-title" className="network-analytics">
      <div className="network-analytics__header">
        <div>
          <Typography.Title level={2} id="network-analytics-title" className="network-analytics__title">
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle', { span: periodLabels(period).span })}</Typography.Text>
        </div>
        <Segmented<TimePeriod>
          aria-label={t('periodLabel')}
          name="analytics-period"
          value={period}
          onChange={setPeriod}
          options={periodOptions}
        />
      </div>
      {error && (!data || stale) ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          description={error.message}
          action={<Button onClick={() => void mutate()}>{t('retry')}</Button>}
        />
      ) : data ? (
        <div
          aria-busy={stale}
          className={stale ? 'network-analytics__report network-analytics__report--stale' : 'network-analytics__report'}
        >
          <AnalyticsReport data={data} />
        </div>
      ) : (
        <AnalyticsSkeleton />
      )}
    </section>
  );
};
