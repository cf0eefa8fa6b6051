import { Link } from 'react-router-dom';
import { plans, planTiers } from '../../../shared/constants';
import { BrandMark } from '../ui/BrandMark';
import './LandingPage.css';

const features = [
  {
    title: 'Verified addresses',
    text: 'Add a contact from their professional profile. Outreach finds the address they use at work and checks that it accepts mail before you write.',
  },
  {
    title: 'Drafts worth sending',
    text: 'Start from AI drafts built on what the contact has done and what you want from the conversation, or from your own templates.',
  },
  {
    title: 'Every reply in view',
    text: 'Send from your own Gmail or Outlook. Replies, follow-ups and Zoom meetings land in one pipeline, so nobody is forgotten.',
  },
];

const price = (usd: number) => (usd === 0 ? 'free' : `$${usd} a month`);

/** `/`: the dark public landing (SPEC §2). No antd and no Amplify here: it is the first thing most visitors load. */
export const LandingPage = () => (
  <div className="landing">
    <title>Outreach · Networking e-mails that get answered</title>
    <div className="landing__inner">
      <header className="landing__nav">
        <Link to="/" aria-label="Outreach home">
          <BrandMark inverted />
        </Link>
        <nav className="landing__nav-links" aria-label="Account">
          <Link className="landing__button landing__button--quiet" to="/signin">
            Sign in
          </Link>
          <Link className="landing__button landing__button--ghost" to="/signup">
            Sign up
          </Link>
        </nav>
      </header>

      <main>
        <section className="landing__hero">
          <p className="landing__eyebrow">For professionals who network by e-mail</p>
          {/* a non-breaking hyphen keeps 'e-mails' on one line */}
          <h1 className="landing__title">Reach the right people with e{'\u2011'}mails they answer</h1>
          <p className="landing__lead">
            Outreach keeps your contacts, finds and verifies their e-mail addresses, drafts personal messages with AI
            or your templates and sends them from your own mailbox. Then it follows every reply for you.
          </p>
          <div className="landing__actions">
            <Link className="landing__button landing__button--primary" to="/signup">
              Create a free account
            </Link>
            <Link className="landing__button landing__button--ghost" to="/signin">
              Sign in
            </Link>
          </div>
        </section>

        <section className="landing__features" aria-label="What Outreach does">
          {features.map((feature) => (
            <article key={feature.title} className="landing__card">
              <h2>{feature.title}</h2>
              <p>{feature.text}</p>
            </article>
          ))}
        </section>

        <section className="landing__plans" aria-label="Plans">
          {planTiers.map((tier) => (
            <span key={tier}>
              <strong>{plans[tier].label}</strong>: {plans[tier].slotsPerPeriod} new contacts a month,{' '}
              {price(plans[tier].priceUsdMonthly)}
            </span>
          ))}
        </section>
      </main>

      <footer className="landing__footer">© {new Date().getFullYear()} Outreach</footer>
    </div>
  </div>
);
