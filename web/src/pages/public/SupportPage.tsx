import { Link } from 'react-router-dom';
import { limits } from '@shared/constants';
import { blogPaths, blogPostPath, publicPaths } from '@/lib/paths';
import { FaqList, type FaqItem } from '@/modules/public/components/FaqList';
import { PageHeader } from '@/modules/public/components/PageHeader';
import { PublicIcon } from '@/modules/public/components/PublicIcon';
import { supportEmail } from '@/modules/public/utils/supportEmail';

const questions: FaqItem[] = [
  {
    question: 'Why was no e-mail address found for a contact?',
    answer: (
      <>
        <p>
          Outreach tries the address patterns the contact’s company is likely to use and verifies each one. “Not found”
          means none of them was confirmed: the person may use another domain than their company’s website, the company
          may route mail elsewhere, or their profile may be out of date.
        </p>
        <p>
          You can run the lookup again later, up to {limits.emailLookupMaxAttempts} attempts per contact in total.
          Outreach stops earlier once the verification service is almost certain there is no address to find.
        </p>
      </>
    ),
  },
  {
    question: 'Why is an address marked “risky”?',
    answer: (
      <>
        <p>
          Some mail servers accept mail for every address at their domain (“accept-all”) or will not say whether a
          mailbox exists. The address might be right, but nobody can confirm it before sending, and messages to
          accept-all domains can still bounce later or disappear into a catch-all inbox.
        </p>
        <p>
          To protect your mailbox’s reputation, Outreach sends only to addresses verified as valid. Our article on{' '}
          <Link to={blogPostPath('how-email-verification-works')}>how e-mail verification works</Link> explains more.
        </p>
      </>
    ),
  },
  {
    question: 'How do I reconnect my Gmail or Outlook mailbox?',
    answer: (
      <>
        <p>
          When the e-mail connection shows <em>Email Authentication Expired</em>, click the e-mail widget in the app
          header, then <strong>Reconnect Email</strong>, and sign in to Google or Microsoft again. This happens when you
          change your password, revoke access in your Google or Microsoft account, or when your organisation requires a
          fresh sign-in.
        </p>
        <p>
          For Outlook, sign-in opens in a pop-up window: if nothing appears, allow pop-ups for Outreach in your browser.
          To use another mailbox, choose <strong>Change Email</strong> in the same widget.
        </p>
      </>
    ),
  },
  {
    question: 'Why have I not been notified of a reply?',
    answer: (
      <p>
        Replies are checked in the background every few minutes, so a new reply can take a little while to show. Checks
        need a working mailbox connection: if the e-mail widget says the connection has expired, reconnect it and the
        next check catches up. Messages sent from your own address are not counted as replies.
      </p>
    ),
  },
  {
    question: 'How do I connect Zoom?',
    answer: (
      <p>
        Open the Zoom widget in the app header and click <strong>Connect Zoom</strong>. The{' '}
        <Link to={publicPaths.zoomGuide}>Zoom guide</Link> walks through connecting, reconnecting and removing it.
      </p>
    ),
  },
  {
    question: 'Can I use Outreach on my phone?',
    answer: (
      <p>
        The public pages, such as this one, work on any screen. The app itself is built for desktop: on a screen
        narrower than 768 pixels it shows <em>Desktop Required</em> and asks you to switch to a computer, where managing
        contacts, drafts and your pipeline side by side is practical.
      </p>
    ),
  },
  {
    question: 'I have reached my contact limit. What now?',
    answer: (
      <p>
        Your existing contacts keep working: you can write to them, send, follow up and schedule meetings. New contacts
        can be added again when your next monthly period starts, with bonus slots from the{' '}
        <Link to={publicPaths.referralProgram}>referral program</Link>, or straight away on a bigger plan. See{' '}
        <Link to={publicPaths.pricing}>pricing</Link>.
      </p>
    ),
  },
  {
    question: 'How do I export or delete my data?',
    answer: (
      <p>
        In the app, open Settings from the user menu. Account settings lets you download everything we hold about you as
        JSON, and delete your account with all its data. The <Link to={publicPaths.privacy}>privacy policy</Link> lists
        what is stored.
      </p>
    ),
  },
];

/** `/support`: how to get help, and answers to the questions people ask most. */
export const SupportPage = () => (
  <div className="landing__inner">
    <title>Support · Outreach</title>
    <PageHeader
      eyebrow="Support"
      title="How can we help?"
      lead="Answers to the questions we hear most are below. If yours is not there, write to us: a person reads every message."
    >
      <a className="landing__button landing__button--primary" href={`mailto:${supportEmail}`}>
        <PublicIcon name="mail" size={18} />
        {supportEmail}
      </a>
    </PageHeader>

    <section className="landing__grid" aria-label="Ways to get help">
      <article className="landing__card">
        <span className="landing__card-icon">
          <PublicIcon name="mail" />
        </span>
        <h2>Write to us</h2>
        <p>
          E-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a> from the address of your account. Tell us what
          you were doing, what you expected and the exact message you saw; a screenshot helps.
        </p>
      </article>
      <article className="landing__card">
        <span className="landing__card-icon">
          <PublicIcon name="video" />
        </span>
        <h2>Guides</h2>
        <p>
          The <Link to={publicPaths.zoomGuide}>Zoom guide</Link> covers the meeting integration. The{' '}
          <Link to={publicPaths.approach}>approach</Link> and the <Link to={blogPaths.index}>blog</Link> cover writing,
          verification and follow-ups.
        </p>
      </article>
      <article className="landing__card">
        <span className="landing__card-icon">
          <PublicIcon name="lock" />
        </span>
        <h2>Your data</h2>
        <p>
          What we store and who processes it is in the <Link to={publicPaths.privacy}>privacy policy</Link>. Export or
          delete your data yourself from Account settings.
        </p>
      </article>
    </section>

    <section className="landing__section landing__section--spaced" aria-labelledby="support-faq">
      <div className="landing__section-header">
        <p className="landing__eyebrow">Common questions</p>
        <h2 id="support-faq" className="landing__section-title">
          Answers to frequent questions
        </h2>
      </div>
      <FaqList items={questions} />
    </section>
  </div>
);
