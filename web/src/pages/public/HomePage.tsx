import { Link } from 'react-router-dom';
import { authPaths, publicPaths } from '@/lib/paths';
import { CallToAction } from '@/modules/public/components/CallToAction';
import { PlanCards } from '@/modules/public/components/PlanCards';
import { PublicIcon, type PublicIconName } from '@/modules/public/components/PublicIcon';
import './HomePage.css';
import { StepList } from '@/modules/public/components/StepList';

const steps = [
  {
    title: 'Add the people you want to meet',
    text: 'Paste a LinkedIn profile link. Their education and experience arrive in your contact dashboard, ready to write from.',
  },
  {
    title: 'Get an address that works',
    text: 'Outreach tries the likely address patterns, verifies each one and keeps the first that is valid.',
  },
  {
    title: 'Write something worth answering',
    text: 'Start from an AI draft built on their path and your goals, or from your own template. Edit it, then send.',
  },
  {
    title: 'Follow through',
    text: 'Replies reach you as notifications, follow-ups go out on your schedule and meetings get their Zoom link.',
  },
];

const features: { icon: PublicIconName; title: string; text: string }[] = [
  {
    icon: 'contacts',
    title: 'One contact dashboard',
    text: 'Every person with their role, education and experience, the e-mail status and where the conversation stands.',
  },
  {
    icon: 'verified',
    title: 'Verified addresses',
    text: 'Each address is checked before you write: valid, risky or not found, so you never guess and never bounce blindly.',
  },
  {
    icon: 'sparkles',
    title: 'AI drafts and templates',
    text: 'Personal first drafts from what the contact has done and what you are looking for, or your own reusable templates.',
  },
  {
    icon: 'send',
    title: 'Sent from your own mailbox',
    text: 'Connect Gmail or Outlook. Messages leave from your address and land in your Sent folder, like any e-mail you write.',
  },
  {
    icon: 'bell',
    title: 'Replies and follow-ups',
    text: 'Outreach watches your threads for replies, tells you when one arrives and follows up for you when none does.',
  },
  {
    icon: 'pipeline',
    title: 'Pipeline and meetings',
    text: 'From drafted to contacted, replied, meeting scheduled and closed, with Zoom links created as you schedule.',
  },
];

/** The product at a glance: a contact, their verified address, the draft and the stage. Decoration only. */
const HeroPreview = () => (
  <div className="home-preview" aria-hidden="true">
    <div className="home-preview__contact">
      <span className="home-preview__avatar">MR</span>
      <div>
        <p className="home-preview__name">Maya Rodriguez</p>
        <p className="home-preview__role">Engineering Manager · Northwind</p>
      </div>
    </div>
    <dl className="home-preview__facts">
      <div>
        <dt>Education</dt>
        <dd>MSc Computer Science</dd>
      </div>
      <div>
        <dt>Before</dt>
        <dd>Support engineer → platform team</dd>
      </div>
    </dl>
    <div className="home-preview__email">
      <PublicIcon name="mail" size={18} />
      <span>maya.rodriguez@northwind.example</span>
      <span className="home-preview__badge">Valid</span>
    </div>
    <div className="home-preview__draft">
      <p className="home-preview__subject">Your move from support to platform engineering</p>
      <p>
        Hi Maya, I read how you moved from the support desk to leading Northwind&apos;s platform team. I&apos;m making a
        similar change and would value 15 minutes of your advice…
      </p>
    </div>
    <ol className="home-preview__stages">
      <li className="home-preview__stage--done">Drafted</li>
      <li className="home-preview__stage--done">Contacted</li>
      <li className="home-preview__stage--current">Replied</li>
      <li>Meeting</li>
      <li>Closed</li>
    </ol>
  </div>
);

/** `/`: the dark public landing (SPEC §2). Light on purpose: it ships in the first bundle, so no blog or antd here. */
export const HomePage = () => (
  <>
    <title>Outreach · Networking e-mails that get answered</title>
    <div className="landing__inner">
      <section className="home-hero">
        <div>
          <p className="landing__eyebrow">For professionals who network by e{'\u2011'}mail</p>
          {/* a non-breaking hyphen keeps 'e-mails' on one line */}
          <h1 className="landing__title home-hero__title">Reach the right people with e{'\u2011'}mails they answer</h1>
          <p className="landing__lead">
            Outreach keeps your contacts, finds and verifies their e-mail addresses, drafts personal messages with AI or
            your templates and sends them from your own mailbox. Then it follows every reply for you.
          </p>
          <div className="landing__actions">
            <Link className="landing__button landing__button--primary" to={authPaths.signUp}>
              Create a free account
            </Link>
            <Link className="landing__button landing__button--ghost" to={publicPaths.features}>
              See how it works
            </Link>
          </div>
        </div>
        <HeroPreview />
      </section>

      <section className="landing__section" aria-labelledby="home-steps">
        <div className="landing__section-header">
          <p className="landing__eyebrow">How it works</p>
          <h2 id="home-steps" className="landing__section-title">
            From a name to a meeting in four steps
          </h2>
        </div>
        <StepList steps={steps} />
      </section>

      <section className="landing__section" aria-labelledby="home-features">
        <div className="landing__section-header">
          <p className="landing__eyebrow">Features</p>
          <h2 id="home-features" className="landing__section-title">
            Everything between a name and a conversation
          </h2>
          <p className="landing__section-lead">
            One place for the people you want to meet, the messages you send them and what happens next.{' '}
            <Link className="home-link" to={publicPaths.features}>
              All features <PublicIcon name="arrowRight" size={16} />
            </Link>
          </p>
        </div>
        <div className="landing__grid">
          {features.map((feature) => (
            <article key={feature.title} className="landing__card">
              <span className="landing__card-icon">
                <PublicIcon name={feature.icon} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="landing__section" aria-labelledby="home-plans">
        <div className="landing__section-header">
          <p className="landing__eyebrow">Plans</p>
          <h2 id="home-plans" className="landing__section-title">
            Every feature on every plan
          </h2>
          <p className="landing__section-lead">
            Plans differ only in how many new contacts you can add each month.{' '}
            <Link className="home-link" to={publicPaths.pricing}>
              Compare plans <PublicIcon name="arrowRight" size={16} />
            </Link>
          </p>
        </div>
        <PlanCards compact />
      </section>

      <CallToAction secondary={{ to: publicPaths.pricing, label: 'See pricing' }} />
    </div>
  </>
);
