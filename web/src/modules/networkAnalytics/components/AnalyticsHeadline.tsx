import { Card, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatReplyTime } from '../utils/formatReplyTime';
import { type DetailedAnalytics, formatCount, formatHourSpan, formatRate, weekdayName } from '../utils/analyticsTables';

/** The period's numbers at a glance, and the best time to send in the person's time zone. */
export const AnalyticsHeadline = ({ data }: { data: DetailedAnalytics }) => {
  const { t } = useTranslation('networkAnalytics');
  const best = data.bestSendTime;
  const numbers = [
    { title: t('series.sent'), value: formatCount(data.emailsSent), note: t('headline.sentNote') },
    { title: t('series.replies'), value: formatCount(data.replies), note: t('headline.repliesNote') },
    {
      title: t('replyRate'),
      value: formatRate(data.replyRate),
      note: t('headline.rateNote', { count: data.totalConversations, total: formatCount(data.totalConversations) }),
    },
    {
      title: t('headline.median'),
      value: formatReplyTime(data.medianReplyMinutes),
      note: t('headline.medianNote'),
    },
  ];
  return (
    <div className="analytics-headline">
      <ul aria-label={t('headline.label')} className="analytics-headline__numbers">
        {numbers.map(({ title, value, note }) => (
          <li key={title}>
            <Card size="small" className="analytics-headline__card">
              <Statistic title={title} value={value} />
              <Typography.Text type="secondary" className="analytics-headline__note">
                {note}
              </Typography.Text>
            </Card>
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary" className="analytics-headline__best">
        {best ? (
          <>
            {t('headline.best')}{' '}
            <Typography.Text strong>
              {weekdayName(best.weekday)}, {formatHourSpan(best.hour)}
            </Typography.Text>{' '}
            {t('headline.bestRate', { rate: formatRate(best.replyRate), zone: data.timeZone })}
          </>
        ) : (
          t('headline.bestUnknown', { zone: data.timeZone })
        )}
      </Typography.Paragraph>
    </div>
  );
};
