import { Link } from 'react-router-dom';
import { plans, referral } from '@shared/constants';
import { authPaths, publicPaths } from '@/lib/paths';
import { CallToAction } from '@/modules/public/components/CallToAction';
import { FaqList, type FaqItem } from '@/modules/public/components/FaqList';
import { PageHeader } from '@/modules/public/components/PageHeader';
import { PublicIcon } from '@/modules/public/components/PublicIcon';
import './ReferralProgramPage.css';
import { StepList } from '@/modules/public/components/StepList';

const steps = [
  {
    title: 'Get your link',
    text: 'Every account has its own referral code. Open Referrals in the app to copy your code or your personal sign-up link.',
  },
  {
    title: 'Share it',
    text: 'Send the link to a friend or colleague who networks by e-mail: a job seeker, a founder, a recruiter. The link opens sign-up with your code already filled in.',
  },
  {
    title: 'Both of you get slots',
    text: `When they create their account and confirm it, you receive ${referral.referrerBonusSlots} bonus contact slots and they start with ${referral.newUserBonusSlots}.`,
  },
];

const rules = [
  'A reward is earned when the referred person confirms their new account.',
  'One reward per referred account: an account can be referred only once.',
  `You earn bonus slots for up to ${referral.monthlyRewardLimit} referred accounts per calendar month (UTC). More are counted on your Referrals page but earn you nothing that month; your friends still get their ${referral.newUserBonusSlots}.`,
  'An address whose account was deleted in the last 12 months is not a new account: it gets no welcome bonus and earns its referrer nothing.',
  'Referring yourself earns nothing, nor do accounts created only to collect slots.',
  'Bonus slots work on every plan, Free included, and are used before your plan’s monthly slots.',
  'Bonus slots have no cash value and cannot be transferred to another account.',
];

const questions: FaqItem[] = [
  {
    question: 'Is there a limit to how many people I can refer?',
    answer: (
      <p>
        You can refer as many people as you like. Each confirmed account earns you {referral.referrerBonusSlots} bonus
        slots, for up to {referral.monthlyRewardLimit} accounts per calendar month (months in UTC). Anyone beyond that
        is still counted on your Referrals page and still gets their own {referral.newUserBonusSlots}, but earns you no
        slots until the next month starts.
      </p>
    ),
  },
  {
    question: 'When are bonus slots used?',
    answer: (
      <p>
        First. When you add a contact, a bonus slot is used if you have one; your plan’s monthly slots are only touched
        once your bonus slots are gone. On the Free plan, {referral.referrerBonusSlots} bonus slots are{' '}
        {referral.referrerBonusSlots} contacts on top of your {plans.free.slotsPerPeriod} a month.
      </p>
    ),
  },
  {
    question: 'My friend signed up but I did not get my slots.',
    answer: (
      <p>
        The reward arrives when their account is confirmed, and only if they signed up through your link and had no
        account before. If something still looks wrong, write to us from the{' '}
        <Link to={publicPaths.support}>support page</Link>.
      </p>
    ),
  },
];

/** `/referral-program` (and `/referrals` for visitors): how referrals work and what they earn (DESIGN §6). */
export const ReferralProgramPage = () => (
  <div className="landing__inner">
    <title>Referral program · Outreach</title>
    <PageHeader
      eyebrow="Referral program"
      title="Invite a friend, both of you get more contacts"
      lead={`Share your link. When someone signs up with it, you earn ${referral.referrerBonusSlots} bonus contact slots and they start with ${referral.newUserBonusSlots} extra.`}
    >
      <Link className="landing__button landing__button--primary" to={authPaths.signUp}>
        Create an account to get your link
      </Link>
    </PageHeader>

    <section className="referral__rewards" aria-label="Rewards">
      <div className="referral__reward">
        <p className="referral__reward-amount">+{referral.referrerBonusSlots}</p>
        <p className="referral__reward-label">
          bonus slots for you, for every friend who joins (up to {referral.monthlyRewardLimit} a month)
        </p>
      </div>
      <div className="referral__reward">
        <p className="referral__reward-amount">+{referral.newUserBonusSlots}</p>
        <p className="referral__reward-label">bonus slots for your friend, on top of their plan</p>
      </div>
    </section>

    <section className="landing__section" aria-labelledby="referral-steps">
      <div className="landing__section-header">
        <p className="landing__eyebrow">How it works</p>
        <h2 id="referral-steps" className="landing__section-title">
          Three steps
        </h2>
      </div>
      <StepList steps={steps} />
      <p className="referral__link-shape">
        Your link looks like <code>/signup?ref=YOURCODE</code> on the Outreach site.
      </p>
    </section>

    <section className="landing__section" aria-labelledby="referral-rules">
      <div className="landing__grid landing__grid--two">
        <div className="landing__section-header">
          <p className="landing__eyebrow">Rules</p>
          <h2 id="referral-rules" className="landing__section-title">
            Fair for everyone
          </h2>
          <p className="landing__section-lead">
            The program rewards real introductions. The full rules are part of our{' '}
            <Link to={publicPaths.terms}>terms</Link>.
          </p>
        </div>
        <ul className="landing__checklist referral__rules">
          {rules.map((rule) => (
            <li key={rule}>
              <PublicIcon name="check" size={18} />
              <span>{rule}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>

    <section className="landing__section" aria-labelledby="referral-faq">
      <div className="landing__section-header">
        <p className="landing__eyebrow">Questions</p>
        <h2 id="referral-faq" className="landing__section-title">
          About referrals
        </h2>
      </div>
      <FaqList items={questions} />
    </section>

    <CallToAction
      title="Get your referral link"
      text={`Create a free account: your referral code is ready at once, and a friend who joins earns you ${referral.referrerBonusSlots} bonus slots.`}
      secondary={{ to: publicPaths.pricing, label: 'See pricing' }}
    />
  </div>
);
