import { TeamOutlined } from '@ant-design/icons';
import { formatRecentTime } from '@/lib/formatDate';
import { Card, Table, type TableColumnsType, Tag, Typography } from 'antd';
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
      rewarded ? <Tag color="green">+{referral.referrerBonusSlots} slots</Tag> : <Tag>Pending</Tag>,
  },
];

export type ReferredPeopleCardProps = { referrals: Referrals };

/** Who signed up with the user's link or code and the bonus slots they earned the user (DESIGN §8 'Referrals'). */
export const ReferredPeopleCard = ({ referrals }: ReferredPeopleCardProps) => (
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
    </dl>
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
