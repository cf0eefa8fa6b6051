import { plans, type PlanTier } from '@shared/constants';
import { Link } from 'react-router-dom';
import { useAuth } from '@/modules/auth/hooks/useAuth';
import { PlanCards, planActionClass } from '@/modules/public/components/PlanCards';
import { billingPaths } from '@/lib/paths';
import { i18n } from '@/i18n';
import { useBillingPlans } from '../hooks/useBillingPlans';
import { useBillingRedirect } from '../hooks/useBillingRedirect';
import { planChange } from '../utils/planChange';
import './PricingPlans.css';

/**
 * The public /pricing page is English, as the whole public site is (its plan cards, headers and questions never load
 * the catalogues): its signed-in buttons read the billing catalogue in English, so a German-speaking user does not
 * see German buttons inside English cards. The in-app plans (/subscribe, BillingOverview) follow the user's language.
 */
const t = i18n.getFixedT('en', 'billing');

/** A plan's button while the session is read: never the sign-up link, which is not for a signed-in person. */
const waitingAction = (tier: PlanTier) => (
  <button type="button" className={planActionClass(tier)} disabled>
    {t('loading')}
  </button>
);

/**
 * The pricing page's plans for a visitor whose browser holds a session: read first (the page is public, nothing else
 * reads it); a session that turns out to be over gives the visitor's sign-up links.
 */
export const PricingPlans = () => {
  const auth = useAuth();
  if (auth.status === 'authenticated') return <SignedInPlans />;
  if (auth.status === 'unauthenticated' || auth.status === 'error') return <PlanCards />;
  return <PlanCards action={waitingAction} />;
};

/**
 * The pricing page's plans for a signed-in visitor (the limit dialog's 'Upgrade Plan' leads here): their plan
 * marked, and each other plan's button goes to Stripe Checkout (a paying user: the Customer Portal). Until the plan is
 * known, a paid plan's button still checks out (the server sends a paying user to the portal).
 */
const SignedInPlans = () => {
  const { data } = useBillingPlans();
  const redirect = useBillingRedirect();
  const subscription = data?.subscription;

  const action = (tier: PlanTier) => {
    if (!subscription) {
      if (tier === 'free') {
        return (
          <Link className={planActionClass(tier)} to={billingPaths.subscribe}>
            {t('viewPlans')}
          </Link>
        );
      }
      return (
        <button
          type="button"
          className={planActionClass(tier)}
          disabled={redirect.pending !== null}
          onClick={() => void redirect.checkout(tier)}
        >
          {redirect.pending === tier ? t('openingCheckout') : t('choose', { plan: plans[tier].label })}
        </button>
      );
    }
    const change = planChange(subscription, tier);
    if (change.kind === 'current') {
      return (
        <button type="button" className={planActionClass(tier)} disabled>
          {t('currentPlan')}
        </button>
      );
    }
    const label = t(change.kind === 'checkout' || change.direction === 'upgrade' ? 'upgradeTo' : 'downgradeTo', {
      plan: plans[tier].label,
    });
    const handleClick = () => void (change.kind === 'checkout' ? redirect.checkout(change.plan) : redirect.portal());
    const busy = change.kind === 'checkout' ? redirect.pending === change.plan : redirect.pending === 'portal';
    return (
      <button
        type="button"
        className={planActionClass(tier)}
        disabled={redirect.pending !== null}
        onClick={handleClick}
      >
        {busy ? t('openingStripe') : label}
      </button>
    );
  };

  return (
    <>
      <PlanCards current={subscription?.tier} action={action} />
      {redirect.error ? (
        <p role="alert" className="pricing-plans__error">
          {redirect.error}
        </p>
      ) : null}
    </>
  );
};
