import { TeamOutlined } from '@ant-design/icons';
import { formatRecentTime } from '@/lib/formatDate';
import { Alert, Card, Table, type TableColumnsType, Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import { referral } from '@shared/constants';
import type { Referrals } from '@shared/schemas/billing';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { EmptyState } from '@/ui/EmptyState';
import './Referrals.css';

type Person = Referrals['referred'][number];

const columns = (): TableColumnsType<Person> => [
  { title: i18n.t('referrals:people.name'), dataIndex: 'name', key: 'name' },
  {
    title: i18n.t('referrals:people.joinedAt'),
    dataIndex: 'joinedAt',
    key: 'joinedAt',
    render: (joinedAt: string) => formatRecentTime(joinedAt, i18n.language),
  },
  {
    title: i18n.t('referrals:people.reward'),
    dataIndex: 'rewarded',
    key: 'rewarded',
    render: (rewarded: boolean) =>
      rewarded ? (
        <Tag color="green">{i18n.t('referrals:people.slots', { count: referral.referrerBonusSlots })}</Tag>
      ) : (
        <Tag>{i18n.t('referrals:people.noReward')}</Tag>
      ),
  },
];

/** 'December 2026' of the counter's month ('2026-12', a calendar month in UTC). */
const monthName = (month: string) =>
  new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));

/** '1 January' of the month after `month`: when rewards start again. */
const nextMonthStart = (month: string) => {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : i18n.language, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, index, 1)));
};

export type ReferredPeopleCardProps = { referrals: Referrals };

/**
 * Who signed up with the user's link or code and the bonus slots they earned the user (DESIGN §8 'Referrals'), with
 * this calendar month's joins and rewards beside the monthly limit (DESIGN §6: more are counted, not rewarded).
 */
export const ReferredPeopleCard = ({ referrals }: ReferredPeopleCardProps) => {
  const { t } = useTranslation('referrals');
  const { thisMonth } = referrals;
  const month = monthName(thisMonth.month);
  const limitReached = thisMonth.rewarded >= thisMonth.rewardLimit;
  return (
    <Card title={t('people.title')} data-testid="referred-friends">
      <dl className="referral-stats">
        <div className="referral-stat">
          <dt>{t('people.joined')}</dt>
          <dd data-testid="referred-count">{referrals.referredCount}</dd>
        </div>
        <div className="referral-stat">
          <dt>{t('people.earned')}</dt>
          <dd data-testid="bonus-slots-earned">{referrals.bonusSlotsEarned}</dd>
        </div>
        <div className="referral-stat">
          <dt>{t('people.joinedIn', { month })}</dt>
          <dd data-testid="joined-this-month">{thisMonth.joined}</dd>
        </div>
        <div className="referral-stat">
          <dt>{t('people.rewardedIn', { month })}</dt>
          <dd data-testid="rewarded-this-month">
            {t('people.ofLimit', { rewarded: thisMonth.rewarded, limit: thisMonth.rewardLimit })}
          </dd>
        </div>
      </dl>
      <Typography.Paragraph type="secondary" className="referral-limit" data-testid="referral-limit">
        {t('people.limit', { limit: thisMonth.rewardLimit, bonus: referral.newUserBonusSlots })}
      </Typography.Paragraph>
      {limitReached ? (
        <Alert
          className="referral-limit-reached"
          type="info"
          showIcon
          data-testid="referral-limit-reached"
          title={t('people.limitReached', { limit: thisMonth.rewardLimit })}
          description={t('people.limitReachedDescription', { date: nextMonthStart(thisMonth.month) })}
        />
      ) : null}
      {referrals.referred.length > 0 ? (
        <Table<Person>
          className="referred-people"
          data-testid="referred-people"
          columns={columns()}
          dataSource={referrals.referred}
          rowKey={(person) => `${person.joinedAt}:${person.name}`}
          pagination={referrals.referred.length > 10 ? { pageSize: 10 } : false}
          size="middle"
        />
      ) : (
        <EmptyState
          icon={<TeamOutlined />}
          title={t('people.emptyTitle')}
          description={
            <Typography.Text type="secondary">
              {t('people.emptyText', { count: referral.referrerBonusSlots })}
            </Typography.Text>
          }
        />
      )}
    </Card>
  );
};
