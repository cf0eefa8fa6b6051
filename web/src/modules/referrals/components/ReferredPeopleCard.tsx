import { TeamOutlined } from '@ant-design/icons';
import { formatRecentTime } from '@/lib/formatDate';
import { Alert, Card, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { referral } from '@shared/constants';
import type { Referrals } from '@shared/schemas/billing';
import { EmptyState } from '@/ui/EmptyState';
import './Referrals.css';

type Person = Referrals['referred'][number];

const columns: TableColumnsType<Person> = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Joined', dataIndex: 'joinedAt', key: 'joinedAt', render: (joinedAt: string) => formatRecentTime(joinedAt) },
  {
    title: 'Reward',
    dataIndex: 'rewarded',
    key: 'rewarded',
    render: (rewarded: boolean) =>
      rewarded ? <Tag color="green">+{referral.referrerBonusSlots} slots</Tag> : <Tag>Counted, no reward</Tag>,
  },
];

/** 'December 2026' of the counter's month ('2026-12', a calendar month in UTC). */
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** '1 January' of the month after `month`: when rewards start again. */
const nextMonthStart = (month: string) => {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index, 1)),
  );
};

export type ReferredPeopleCardProps = { referrals: Referrals };

/**
 * Who signed up with the user's link or code and the bonus slots they earned the user (DESIGN §8 'Referrals'), with
 * this calendar month's joins and rewards beside the monthly limit (DESIGN §6: more are counted, not rewarded).
 */
export const ReferredPeopleCard = ({ referrals }: ReferredPeopleCardProps) => {
  const { thisMonth } = referrals;
  const month = monthName(thisMonth.month);
  const limitReached = thisMonth.rewarded >= thisMonth.rewardLimit;
  return (
    <Card title="Referred friends" data-testid="referred-friends">
      <dl className="referral-stats">
        <div className="referral-stat">
          <dt>Friends who joined</dt>
          <dd data-testid="referred-count">{referrals.referredCount}</dd>
        </div>
        <div className="referral-stat">
          <dt>Bonus slots earned</dt>
          <dd data-testid="bonus-slots-earned">{referrals.bonusSlotsEarned}</dd>
        </div>
        <div className="referral-stat">
          <dt>Joined in {month}</dt>
          <dd data-testid="joined-this-month">{thisMonth.joined}</dd>
        </div>
        <div className="referral-stat">
          <dt>Rewarded in {month}</dt>
          <dd data-testid="rewarded-this-month">
            {thisMonth.rewarded} of {thisMonth.rewardLimit}
          </dd>
        </div>
      </dl>
      <Typography.Paragraph type="secondary" className="referral-limit" data-testid="referral-limit">
        You earn bonus slots for up to {thisMonth.rewardLimit} friends who join each calendar month (months count in
        UTC). Friends who join after that are still counted here and still get their {referral.newUserBonusSlots} bonus
        slots, but earn you none until the next month starts.
      </Typography.Paragraph>
      {limitReached ? (
        <Alert
          className="referral-limit-reached"
          type="info"
          showIcon
          data-testid="referral-limit-reached"
          title={`You have reached this month's limit of ${thisMonth.rewardLimit} rewarded friends.`}
          description={`Friends who join now are counted without a reward for you. Rewards start again on ${nextMonthStart(thisMonth.month)} (UTC).`}
        />
      ) : null}
      {referrals.referred.length > 0 ? (
        <Table<Person>
          className="referred-people"
          data-testid="referred-people"
          columns={columns}
          dataSource={referrals.referred}
          rowKey={(person) => `${person.joinedAt}:${person.name}`}
          pagination={referrals.referred.length > 10 ? { pageSize: 10 } : false}
          size="middle"
        />
      ) : (
        <EmptyState
          icon={<TeamOutlined />}
          title="No referred friends yet"
          description={
            <Typography.Text type="secondary">
              People who sign up with your link or code appear here, each with the {referral.referrerBonusSlots} bonus
              contact slots they earned you. Bonus slots are used before your plan's own.
            </Typography.Text>
          }
        />
      )}
    </Card>
  );
};
