import { Link } from 'react-router-dom';
import { plans, planTiers, referral } from '@shared/constants';
import { DocumentLayout, type DocumentSection } from '@/modules/public/components/DocumentLayout';
import { PageHeader } from '@/modules/public/components/PageHeader';
import { publicPaths } from '@/lib/paths';
import { planPriceLabel } from '@/modules/public/utils/planPrice';
import { supportEmail } from '@/modules/public/utils/supportEmail';

const sections: DocumentSection[] = [
  {
    id: 'agreement',
    title: 'The agreement',
    content: (
      <>
        <p>
          These terms are the agreement between you and Outreach when you use the service. By creating an account you
          accept them. If you use Outreach for an organisation, you accept them on its behalf and confirm you may do so.
        </p>
        <p>
          How we handle your data is described in the <Link to={publicPaths.privacy}>privacy policy</Link>, which is
          part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    content: (
      <ul>
        <li>You must be at least 16 and give your real name and an e-mail address you use.</li>
        <li>Keep your password to yourself. You are responsible for what happens in your account.</li>
        <li>One person per account. Do not share an account or create extra accounts to get more contact slots.</li>
        <li>
          Tell us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> straight away if you think someone else has
          access to your account.
        </li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>
          Outreach is for personal, one-to-one professional outreach. Every e-mail you send through it goes out under
          your name from your own mailbox, so the rules that apply to your own e-mail apply here too. You agree:
        </p>
        <ul>
          <li>
            <strong>No spam.</strong> Do not send bulk, untargeted or deceptive messages, and follow the anti-spam and
            data-protection laws that apply to you and your recipients.
          </li>
          <li>
            <strong>Respect “no”.</strong> When someone asks you to stop writing, stop. Addresses that bounce or reply
            to unsubscribe go on your do-not-contact list; do not work around it.
          </li>
          <li>
            <strong>Stay within your mailbox provider’s limits.</strong> Google and Microsoft cap how much you may send.
            Outreach paces sends below those caps; do not try to get around them or around your provider’s terms.
          </li>
          <li>
            <strong>Be honest.</strong> Do not impersonate anyone, misstate who you are or why you are writing, or
            harass anyone.
          </li>
          <li>
            <strong>Use the service as intended.</strong> Do not scrape it, overload it, probe it for weaknesses, or use
            it to collect contact data for resale.
          </li>
        </ul>
        <p>
          We may pause sending or suspend an account that breaks these rules, for example after spam complaints or
          repeated bounces, to protect recipients and the mailboxes of other users.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content and what you send',
    content: (
      <>
        <p>
          You own what you put into Outreach: your profile, documents, notes, templates and e-mails. You give us
          permission to store and process it only as needed to run the service for you, as described in the privacy
          policy.
        </p>
        <p>
          <strong>You are responsible for what you send.</strong> That includes drafts written with AI: they can be
          wrong or miss the tone, so read every draft before you send it. Automatic follow-ups, when you turn them on,
          are sent on your behalf and are yours too.
        </p>
      </>
    ),
  },
  {
    id: 'connected-accounts',
    title: 'Connected accounts',
    content: (
      <p>
        When you connect Gmail, Outlook or Zoom, you allow Outreach to act in that account on your instructions: sending
        your e-mails, noticing replies to your conversations and creating meetings. Those services’ own terms still
        apply to your use of them. You can disconnect at any time in the app or in the provider’s settings.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Plans, renewals and cancellation',
    content: (
      <>
        <p>
          Every plan includes every feature. Plans differ only in how many new contacts you can add per monthly period:
        </p>
        <ul>
          {planTiers.map((tier) => (
            <li key={tier}>
              <strong>{plans[tier].label}:</strong> {plans[tier].slotsPerPeriod} new contacts per period,{' '}
              {planPriceLabel(tier)}.
            </li>
          ))}
        </ul>
        <ul>
          <li>Paid plans are billed monthly in advance through Stripe, in US dollars, and renew automatically.</li>
          <li>
            You can cancel at any time from Plan in the app. Your paid plan then runs until the end of the period you
            paid for, after which your account continues on the Free plan. We do not refund partial periods, except
            where the law requires it.
          </li>
          <li>Unused plan slots do not carry over to the next period.</li>
          <li>
            If we change a price, we tell you at least 30 days before it applies to you, and you can cancel before then.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'referrals',
    title: 'Referral program',
    content: (
      <p>
        When someone signs up with your referral link and confirms their account, you receive{' '}
        {referral.referrerBonusSlots} bonus contact slots and they receive {referral.newUserBonusSlots}. Referring
        yourself earns nothing, and each new account can be referred only once. Bonus slots have no cash value and
        cannot be transferred. We may withhold or remove bonus slots earned through fake or duplicate accounts. Details
        are on the <Link to={publicPaths.referralProgram}>referral program</Link> page.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to the service',
    content: (
      <p>
        We work to keep Outreach available and your data safe, but we cannot promise the service will never be
        interrupted. Features may change over time. Some depend on services we do not control (mailbox providers, Zoom,
        the enrichment and verification providers), and they may change or limit what they offer.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending the agreement',
    content: (
      <>
        <p>
          You can stop at any time by deleting your account in Account settings; export your data first if you want to
          keep it.
        </p>
        <p>
          We may suspend or close an account that seriously or repeatedly breaks these terms. Unless the breach is
          serious or the law prevents it, we will tell you first and give you the chance to export your data.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    content: (
      <>
        <p>
          Outreach is provided as it is. We do not guarantee that a contact will reply, that a verified address will
          always accept mail, or that an AI draft is accurate.
        </p>
        <p>
          As far as the law allows, we are not liable for indirect or consequential losses, such as lost opportunities
          or profits, and our total liability to you is limited to what you paid us in the 12 months before the claim.
          Nothing in these terms limits rights you have under consumer law that cannot be limited.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms. We change the date above when we do and, for changes that matter, tell you in the app
        or by e-mail at least 30 days before they apply. If you do not agree, you can cancel and delete your account
        before then. Questions: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    ),
  },
];

/** `/terms`: the terms of use in plain language. */
export const TermsPage = () => (
  <div className="landing__inner">
    <title>Terms · Outreach</title>
    <PageHeader
      eyebrow="Terms"
      title="Terms of use"
      lead="The rules for using Outreach, written to be read: what you can expect from us, and what we expect from you."
      meta="Last updated 21 November 2026"
    />
    <DocumentLayout sections={sections} />
  </div>
);
