import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Typography } from 'antd';
import { planTiers, plans, type PlanTier } from '@shared/constants';
import { PageHeader } from '@/ui/PageHeader';
import { ProfileContent } from './ProfileContent';
import './SubscribePage.css';

/** SPEC §1: plans differ only in contact slots; every plan has the rest. */
const sharedFeatures = [
  'AI-written and template e-mails',
  'Send from your own Gmail or Outlook',
  'Reply tracking, pipeline and meetings',
];

const price = (tier: PlanTier) => (plans[tier].priceUsdMonthly === 0 ? '$0' : `$${plans[tier].priceUsdMonthly}`);

/** /subscribe: the three plans, the current one marked. */
export const SubscribePage = () => (
  <>
    <title>Plans · Outreach</title>
    <PageHeader
      title="Plans"
      description="Every plan has all of Outreach; they differ in how many new contacts you can add each month."
    />
    <ProfileContent>
      {(profile) => (
        <div className="subscribe-page">
          <div className="plan-grid">
            {planTiers.map((tier) => {
              const current = tier === profile.subscriptionTier;
              const upgrade = planTiers.indexOf(tier) > planTiers.indexOf(profile.subscriptionTier);
              return (
                <Card
                  key={tier}
                  data-testid={`plan-${tier}`}
                  className={current ? 'plan-card plan-card--current' : 'plan-card'}
                >
                  <div className="plan-card__head">
                    <Typography.Title level={2} className="plan-card__name">
                      {plans[tier].label}
                    </Typography.Title>
                    {current ? <Tag color="geekblue">Current plan</Tag> : null}
                  </div>
                  <div>
                    <span className="plan-card__price">{price(tier)}</span>
                    <Typography.Text type="secondary"> / month</Typography.Text>
                  </div>
                  <ul className="plan-card__features">
                    {[`${plans[tier].slotsPerPeriod} new contacts a month`, ...sharedFeatures].map((feature, index) => (
                      <li key={feature} className="plan-card__feature">
                        <CheckOutlined className="plan-card__tick" />
                        <Typography.Text strong={index === 0}>{feature}</Typography.Text>
                      </li>
                    ))}
                  </ul>
                  <Button
                    block
                    size="large"
                    type={upgrade ? 'primary' : 'default'}
                    disabled
                    className="plan-card__action"
                  >
                    {current
                      ? 'Your current plan'
                      : upgrade
                        ? `Upgrade to ${plans[tier].label}`
                        : `Switch to ${plans[tier].label}`}
                  </Button>
                </Card>
              );
            })}
          </div>
          <Typography.Text type="secondary" className="subscribe-page__note">
            Checkout opens here once billing is connected to this workspace. Your current plan stays as it is until
            then.
          </Typography.Text>
        </div>
      )}
    </ProfileContent>
  </>
);
