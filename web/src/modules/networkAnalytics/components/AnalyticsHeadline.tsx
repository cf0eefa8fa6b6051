import { Card, Statistic, Typography } from 'antd';
import { formatReplyTime } from '../utils/formatReplyTime';
import { type DetailedAnalytics, formatHourSpan, formatRate, weekdayNames } from '../utils/analyticsTables';

const count = new Intl.NumberFormat('en-US');

/** The period's numbers at a glance, and the best time to send in the person's time zone. */
export const AnalyticsHeadline = ({ data }: { data: DetailedAnalytics }) => {
  const best = data.bestSendTime;
  const numbers = [
    { title: 'E-mails sent', value: count.format(data.emailsSent), note: 'follow-ups included' },
    { title: 'Replies', value: count.format(data.replies), note: 'conversations answered' },
    {
      title: 'Reply rate',
      value: formatRate(data.replyRate),
      note: `of ${count.format(data.totalConversations)} conversations started`,
    },
    {
      title: 'Median time to reply',
      value: formatReplyTime(data.medianReplyMinutes),
      note: 'from first e-mail to first reply',
    },
  ];
  return (
    <div className="analytics-headline">
      <ul aria-label="Headline numbers" className="analytics-headline__numbers">
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
            Best time to send:{' '}
            <Typography.Text strong>
              {weekdayNames[best.weekday] ?? best.weekday}, {formatHourSpan(best.hour)}
            </Typography.Text>{' '}
            ({formatRate(best.replyRate)} replied). Times are in {data.timeZone}.
          </>
        ) : (
          <>
            Best time to send: not known yet (it takes at least 3 e-mails sent in the same hour of a weekday). Times are
            in {data.timeZone}.
          </>
        )}
      </Typography.Paragraph>
    </div>
  );
};
