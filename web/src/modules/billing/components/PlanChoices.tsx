import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import { useState } from 'react';
import { planTiers, plans, type PlanTier } from '@shared/constants';
import type { Subscription } from '@shared/schemas/billing';
import { useTranslation } from 'react-i18next';
import type { BillingRedirectTarget } from '../hooks/useBillingRedirect';
import { planChange } from '../utils/planChange';
import './PlanChoices.css';

/** SPEC §1: plans differ only in contact slots; every plan has the rest (their texts in the catalogue). */
const sharedFeatures = ['emails', 'mailbox', 'tracking'] as const;

const price = (tier: PlanTier) => `$${plans[tier].priceUsdMonthly}`;

export type PlanChoicesProps = {
  subscription: Subscription;
  /** the redirect under way (its button spins, the others wait) */
  pending: BillingRedirectTarget | null;
  onCheckout: (plan: Exclude<PlanTier, 'free'>) => void;
  onPortal: () => void;
};

/** The three plans, the current one marked; the others' buttons upgrade or downgrade (Checkout or the Portal). */
export const PlanChoices = ({ subscription, pending, onCheckout, onPortal }: PlanChoicesProps) => {
  const { t } = useTranslation('billing');
  // several plans may lead to the portal: only the one clicked spins
  const [clicked, setClicked] = useState<PlanTier | null>(null);
  return (
    <div className="plan-grid">
      {planTiers.map((tier) => {
        const change = planChange(subscription, tier);
        const current = change.kind === 'current';
        const upgrade = change.kind === 'checkout' || (change.kind === 'portal' && change.direction === 'upgrade');
        const handleClick = () => {
          setClicked(tier);
          if (change.kind === 'checkout') onCheckout(change.plan);
          else if (change.kind === 'portal') onPortal();
        };
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
              {current ? <Tag color="geekblue">{t('currentPlanTag')}</Tag> : null}
            </div>
            <div>
              <span className="plan-card__price">{price(tier)}</span>
              <Typography.Text type="secondary">{t('perMonth')}</Typography.Text>
            </div>
            <ul className="plan-card__features">
              {[
                t('slotsPerMonth', { count: plans[tier].slotsPerPeriod }),
                ...sharedFeatures.map((feature) => t(`features.${feature}`)),
              ].map((feature, index) => (
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
              disabled={current || (pending !== null && clicked !== tier)}
              loading={pending !== null && clicked === tier}
              onClick={handleClick}
              className="plan-card__action"
            >
              {current ? t('currentPlan') : t(upgrade ? 'upgradeTo' : 'downgradeTo', { plan: plans[tier].label })}
            </Button>
          </Card>
        );
      })}
    </div>
  );
};
