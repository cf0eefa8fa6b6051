import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Typography } from 'antd';
import { planTiers, plans, type PlanTier } from '@shared/constants';
import { PageHeader } from '@/ui/PageHeader';
import { ProfileContent } from './ProfileContent';

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
        <div style={{ display: 'grid', gap: 16 }}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 24 }}>
            {planTiers.map((tier) => {
              const current = tier === profile.subscriptionTier;
              const upgrade = planTiers.indexOf(tier) > planTiers.indexOf(profile.subscriptionTier);
              return (
                <Card
                  key={tier}
                  data-testid={`plan-${tier}`}
                  style={current ? { borderColor: '#4f46e5', boxShadow: '0 0 0 1px #4f46e5' } : undefined}
                  styles={{ body: { display: 'grid', gap: 16, height: '100%' } }}
                >
                  <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                    <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
                      {plans[tier].label}
                    </Typography.Title>
                    {current ? (
                      <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
                        Current plan
                      </Tag>
                    ) : null}
                  </div>
                  <div>
                    <span style={{ fontSize: 34, fontWeight: 700, color: '#111827' }}>{price(tier)}</span>
                    <Typography.Text type="secondary"> / month</Typography.Text>
                  </div>
                  <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
                    {[`${plans[tier].slotsPerPeriod} new contacts a month`, ...sharedFeatures].map((feature, index) => (
                      <li key={feature} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
                        <CheckOutlined style={{ color: '#16a34a' }} />
                        <Typography.Text strong={index === 0}>{feature}</Typography.Text>
                      </li>
                    ))}
                  </ul>
                  <Button block size="large" type={upgrade ? 'primary' : 'default'} disabled style={{ alignSelf: 'end' }}>
                    {current ? 'Your current plan' : upgrade ? `Upgrade to ${plans[tier].label}` : `Switch to ${plans[tier].label}`}
                  </Button>
                </Card>
              );
            })}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 13, textAlign: 'center' }}>
            Checkout opens here once billing is connected to this workspace. Your current plan stays as it is until then.
          </Typography.Text>
        </div>
      )}
    </ProfileContent>
  </>
);
