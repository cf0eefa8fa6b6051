import { Badge, Button, Card, Table, Typography } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  type AnalyticsEvent,
  type CollectorAnswer,
  type PixelState,
  collectorUrlOf,
  deliveryLog,
  flushAnalytics,
  isAnalyticsConfigured,
  redditPixelEvents,
  redditPixelState,
  subscribeAnalytics,
  track,
} from '@/modules/analytics/analytics';
import { i18n } from '@/i18n';
import { useWebConfig } from '@/modules/config/hooks/useWebConfig';
import { analyticsPaths } from '@/lib/paths';
import { DetailList } from '@/ui/DetailList';
import { PageHeader } from '@/ui/PageHeader';
import './RedditPixelTestPage.css';

type EventRow = AnalyticsEvent & { key: string; sentAt: string; collector: CollectorAnswer };

/** the event the page's button sends (shared/tracking.ts names it), shown beside the button as the code it is */
const testEvent = 'test_event';

const answerText = (t: TFunction<'analytics'>, answer: CollectorAnswer, event: AnalyticsEvent) => {
  switch (answer.state) {
    case 'counted': {
      const count = answer.counts.find((each) => each.name === event.name && each.path === event.path)?.count;
      return count === undefined ? t('answers.countedNoCount') : t('answers.counted', { count });
    }
    case 'refused':
      return answer.error
        ? t('answers.refusedWithError', { status: answer.status, error: answer.error })
        : t('answers.refused', { status: answer.status });
    default:
      return t(`answers.${answer.state}`);
  }
};

const answerType = (answer: CollectorAnswer) =>
  answer.state === 'counted'
    ? 'success'
    : answer.state === 'refused' || answer.state === 'failed'
      ? 'danger'
      : 'secondary';

const pixelBadge: Record<PixelState, 'success' | 'processing' | 'default' | 'error' | 'warning'> = {
  off: 'default',
  'do-not-track': 'warning',
  loading: 'processing',
  loaded: 'success',
  failed: 'error',
};

const time = (iso: string) => new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(iso));

/**
 * /test/reddit-pixel (SPEC §2 'pixel test page'): whether tracking is on, where events go, the Reddit pixel's state,
 * and the last events this tab sent with the collector's answer (the day's count of each), so a person can see a
 * visit of /pricing or the dashboard arrive.
 */
export const RedditPixelTestPage = () => {
  const { t } = useTranslation('analytics');
  const config = useWebConfig();
  const configured = isAnalyticsConfigured();
  const deliveries = useSyncExternalStore(subscribeAnalytics, deliveryLog);
  const pixel = useSyncExternalStore(subscribeAnalytics, redditPixelState);
  const pixelEvents = useSyncExternalStore(subscribeAnalytics, redditPixelEvents);

  const rows: EventRow[] = deliveries.flatMap((delivery) =>
    delivery.events.map((event, index) => ({
      ...event,
      key: `${delivery.id}-${index}`,
      sentAt: delivery.sentAt,
      collector: delivery.collector,
    })),
  );

  const handleSend = () => {
    track(testEvent, analyticsPaths.redditPixelTest);
    flushAnalytics();
  };

  return (
    <>
      <title>{`${t('title')} · Outreach`}</title>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="pixel-test">
        <Card title={t('collectorCard')}>
          <DetailList
            items={[
              {
                key: 'status',
                label: t('tracking'),
                value: configured ? (
                  <Badge status="success" text={t('configured')} />
                ) : (
                  <Badge status="default" text={t('notConfigured')} />
                ),
              },
              {
                key: 'endpoint',
                label: t('whereEventsGo'),
                value: configured ? <Typography.Text code>{collectorUrlOf(config)}</Typography.Text> : t('nowhere'),
              },
            ]}
          />
        </Card>
        <Card title={t('pixelCard')}>
          <DetailList
            items={[
              {
                key: 'state',
                label: t('pixelState'),
                value: <Badge status={pixelBadge[pixel]} text={t(`pixelStates.${pixel}`)} data-testid="pixel-state" />,
              },
              {
                key: 'events',
                label: t('pixelEvents'),
                value: pixelEvents.length ? pixelEvents.map((event) => event.name).join(', ') : t('pixelEventsNone'),
              },
            ]}
          />
        </Card>
        <Card title={t('lastEvents')}>
          <Typography.Paragraph type="secondary">{t('lastEventsHint')}</Typography.Paragraph>
          <Table<EventRow>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('noEvents') }}
            aria-label={t('lastEvents')}
            columns={[
              { key: 'sentAt', title: t('columns.sentAt'), render: (_, row) => time(row.sentAt), width: 110 },
              {
                key: 'event',
                title: t('columns.event'),
                render: (_, row) => <Typography.Text code>{row.name}</Typography.Text>,
              },
              { key: 'path', title: t('columns.path'), dataIndex: 'path' },
              {
                key: 'collector',
                title: t('columns.collector'),
                render: (_, row) => (
                  <Typography.Text type={answerType(row.collector)}>
                    {answerText(t, row.collector, row)}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <div className="pixel-test__actions">
            <Button type="primary" onClick={handleSend} disabled={!configured}>
              {t('sendTest')}
            </Button>
            <Typography.Text type="secondary">
              {t('testEvent')}: <Typography.Text code>{testEvent}</Typography.Text>
            </Typography.Text>
          </div>
        </Card>
      </div>
    </>
  );
};
