import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { plans, referral, type PlanTier } from '@shared/constants';
import { hasStoredSession } from '@/modules/auth/utils/storedSession';
import { useWebConfig } from '@/modules/config/hooks/useWebConfig';
import { CallToAction } from '@/modules/public/components/CallToAction';
import { FaqList, type FaqItem } from '@/modules/public/components/FaqList';
import { PageHeader } from '@/modules/public/components/PageHeader';
import { PlanCards, planActionClass } from '@/modules/public/components/PlanCards';
import { PublicIcon } from '@/modules/public/components/PublicIcon';
import { publicPaths } from '@/lib/paths';
import { VisuallyHidden } from '@/ui/text/VisuallyHidden';
import './PricingPage.css';

/*
 * A signed-in visitor's plan buttons go to Stripe Checkout: that needs the app's session and API client,
 * which arrive with their own chunks, never with the public site's (the router's AppProviders layout, as elements).
 */
const AppProviders = lazy(async () => ({ default: (await import('@/app/AppProviders')).AppProviders }));
const PricingPlans = lazy(async () => ({
  default: (await import('@/modules/billing/components/PricingPlans')).PricingPlans,
}));

/** A signed-in visitor's button while the app's code arrives: never the sign-up link, which is not for them. */
const waitingAction = (tier: PlanTier) => (
  <button type="button" className={planActionClass(tier)} disabled>
    Loading...
  </button>
);

/** The plans: the sign-up links for a visitor, checkout for a signed-in user (SPEC §2: the limit dialog leads here). */
const Plans = ({ signedIn }: { signedIn: boolean }) => {
  if (!signedIn) return <PlanCards />;
  return (
    <Suspense fallback={<PlanCards action={waitingAction} />}>
      <AppProviders>
        <div className="pricing__signed-in">
          <PricingPlans />
        </div>
      </AppProviders>
    </Suspense>
  );
};

// SPEC §1: every plan has every feature; plans differ only in contact slots
const included = [
  'Contact dashboard with education and experience',
  'E-mail finding and verification',
  'AI drafts and templates',
  'Sending from your own Gmail or Outlook',
  'Reply tracking and notifications',
  'Automatic follow-ups on your schedule',
  'Pipeline from drafted to closed',
  'Meetings with Zoom links',
  'Network analytics',
  'Data export and account deletion',
];

const questions: FaqItem[] = [
  {
    question: 'What is a contact slot?',
    answer: (
      <p>
        One slot is one new contact. Adding a person uses a slot, and with it Outreach fetches their professional
        profile and looks up and verifies their e-mail address. Everything you do with that contact afterwards
        (drafting, sending, following up, scheduling meetings) uses no further slots.
      </p>
    ),
  },
  {
    question: 'When does my allowance renew?',
    answer: (
      <p>
        Slots are counted per monthly period. When a new period begins, the count of new contacts starts again from zero
        and your plan’s full allowance is available. Plan slots you did not use do not carry over to the next period.
      </p>
    ),
  },
  {
    question: 'What are bonus slots?',
    answer: (
      <>
        <p>
          Extra slots on top of your plan, earned through the{' '}
          <Link to={publicPaths.referralProgram}>referral program</Link>: {referral.referrerBonusSlots} for you when
          someone signs up with your link, and {referral.newUserBonusSlots} for them.
        </p>
        <p>
          Bonus slots are used first. Your plan’s monthly slots are only touched once your bonus slots are gone, so your
          plan allowance lasts longer.
        </p>
      </>
    ),
  },
  {
    question: 'Can I change my plan?',
    answer: (
      <p>
        Yes, at any time, from Plan in the app’s user menu. An upgrade applies straight away, so you can keep adding
        contacts. If you cancel a paid plan, it stays active until the end of the period you paid for and you then
        continue on the Free plan, with all your contacts and conversations kept.
      </p>
    ),
  },
  {
    question: 'What happens when I run out of slots?',
    answer: (
      <p>
        Outreach tells you that you have used all the contact slots of your plan for this period and offers an upgrade.
        Your existing contacts keep working: you can still write to them, send, follow up and schedule meetings. New
        contacts can be added again when the next period starts.
      </p>
    ),
  },
  {
    question: 'Do I need a card for the Free plan?',
    answer: (
      <p>
        No. The Free plan needs only an account. Paid plans are billed monthly in US dollars through Stripe; we never
        see or store your card number.
      </p>
    ),
  },
];

/** `/pricing`: the three plans of shared/constants.ts and what a contact slot is (SPEC §1, DESIGN §6). */
export const PricingPage = () => {
  const { userPoolClientId } = useWebConfig();
  const signedIn = hasStoredSession(userPoolClientId);
  return (
    <div className="landing__inner">
      <title>Pricing · Outreach</title>
      <PageHeader
        align="center"
        eyebrow="Pricing"
        title="Every feature on every plan"
        lead={`Choose how many new contacts you want to reach each month, from ${plans.free.slotsPerPeriod} on the free plan to ${plans.pro.slotsPerPeriod} on Pro. Everything else is the same.`}
      />

      <section aria-labelledby="pricing-plans" className="pricing__plans">
        {/* the plans' own headings are the level below a section's (as on the home page, under its 'Plans') */}
        <VisuallyHidden as="h2" id="pricing-plans">
          Plans
        </VisuallyHidden>
        <Plans signedIn={signedIn} />
        <p className="pricing__note">Prices in US dollars per month. Cancel any time.</p>
      </section>

      <section className="landing__section" aria-labelledby="pricing-included">
        <div className="pricing__included">
          <div className="landing__section-header">
            <p className="landing__eyebrow">Included in every plan</p>
            <h2 id="pricing-included" className="landing__section-title">
              No feature is held back
            </h2>
            <p className="landing__section-lead">
              A free account can do everything a Pro account can. Plans only change how many new contacts you add per
              month.
            </p>
          </div>
          <ul className="landing__checklist pricing__checklist">
            {included.map((item) => (
              <li key={item}>
                <PublicIcon name="check" size={18} />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="landing__section" aria-labelledby="pricing-faq">
        <div className="landing__section-header">
          <p className="landing__eyebrow">Questions</p>
          <h2 id="pricing-faq" className="landing__section-title">
            Slots, periods and plans
          </h2>
        </div>
        <FaqList items={questions} />
      </section>

      {/* 'Create a free account' is for visitors: a signed-in person has one */}
      {signedIn ? null : <CallToAction secondary={{ to: publicPaths.features, label: 'See the features' }} />}
    </div>
  );
};
