import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plans, planTiers, type PlanTier } from '@shared/constants';
import { authPaths } from '@/lib/paths';
import { planPrice } from '../utils/planPrice';
import { PublicIcon } from './PublicIcon';
import './PlanCards.css';

// the same on every plan (SPEC §1): what changes is the number of slots
const included = [
  'Every feature included',
  'Address lookup and verification per contact',
  'AI drafts, follow-ups and meetings',
];

const planCopy: Record<PlanTier, { fits: string; action: string }> = {
  free: { fits: 'Try it on a focused search, or keep a small network warm.', action: 'Start for free' },
  starter: { fits: 'An active job search or steady networking, week after week.', action: 'Choose Starter' },
  pro: { fits: 'Recruiters, founders and anyone who meets new people every day.', action: 'Choose Pro' },
};

/** The classes of a plan's call to action (the featured plan's is the primary button). */
export const planActionClass = (tier: PlanTier) =>
  tier === 'starter'
    ? 'landing__button landing__button--primary plan-cards__action'
    : 'landing__button landing__button--ghost plan-cards__action';

export type PlanCardsProps = {
  /** the short form of the home page: no call to action per plan */
  compact?: boolean;
  /** the signed-in visitor's plan, marked */
  current?: PlanTier;
  /** each plan's call to action instead of the sign-up link (a signed-in visitor's: checkout) */
  action?: (tier: PlanTier) => ReactNode;
};

/** One card per plan (SPEC §1: plans differ only in contact slots), numbers from shared/constants.ts. */
export const PlanCards = ({ compact = false, current, action }: PlanCardsProps) => (
  <div className="plan-cards">
    {planTiers.map((tier) => (
      <article
        key={tier}
        className={`plan-cards__card${tier === 'starter' ? ' plan-cards__card--featured' : ''}${tier === current ? ' plan-cards__card--current' : ''}`}
        aria-labelledby={`plan-${tier}`}
      >
        <h3 id={`plan-${tier}`} className="plan-cards__name">
          {plans[tier].label}
          {tier === current ? <span className="plan-cards__current">Your plan</span> : null}
        </h3>
        <p className="plan-cards__price">
          <strong>{planPrice(tier)}</strong> <span>/ month</span>
        </p>
        <p className="plan-cards__slots">
          <strong>{plans[tier].slotsPerPeriod}</strong> new contacts a month
        </p>
        <p className="plan-cards__fits">{planCopy[tier].fits}</p>
        {!compact && (
          <ul className="landing__checklist plan-cards__included">
            {included.map((item) => (
              <li key={item}>
                <PublicIcon name="check" size={18} />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        )}
        {!compact &&
          (action ? (
            action(tier)
          ) : (
            <Link className={planActionClass(tier)} to={authPaths.signUp}>
              {planCopy[tier].action}
            </Link>
          ))}
      </article>
    ))}
  </div>
);
