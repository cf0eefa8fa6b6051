import { Link } from 'react-router-dom';
import { limits } from '@shared/constants';
import { blogPaths, publicPaths } from '@/lib/paths';
import { CallToAction } from '@/modules/public/components/CallToAction';
import { PageHeader } from '@/modules/public/components/PageHeader';
import './ApproachPage.css';

const steps = [
  {
    title: 'Know what you are asking for',
    text: 'Before writing to anyone, write down what you want from these conversations: advice on a career change, an introduction to a team, a first customer conversation. A clear goal makes every e-mail shorter and easier to answer.',
    inApp:
      'Your profile keeps your goals, career interests and availability, and your résumé or background document. AI drafts use them, so they ask for the right thing.',
  },
  {
    title: 'Choose people, not lists',
    text: 'Pick a handful of people each week whose path looks like the one you want: the job you are aiming for, the switch you are planning, the company you admire. Ten well-chosen people beat a hundred scraped ones.',
    inApp:
      'Add a contact from their LinkedIn profile link; their education and experience come with them, so you can see at once what you have in common.',
  },
  {
    title: 'Check the address before you write',
    text: 'An e-mail that bounces is an opening you cannot take back, and repeated bounces hurt your mailbox’s standing with the providers. Write only to addresses you know will arrive.',
    inApp: `Outreach finds the likely address and verifies it: valid, risky or not found, with at most ${limits.emailLookupMaxAttempts} lookup attempts. Only valid addresses are used for sending.`,
  },
  {
    title: 'Write one line only you could write',
    text: 'Open with something specific about them: a move they made, a project they led, a talk they gave. Say in one sentence who you are, then make a small, concrete request, such as fifteen minutes or one question. Keep it under 150 words.',
    inApp:
      'Start from an AI draft built on the profile, or from a template, then make it yours. Nothing is sent until you press send.',
  },
  {
    title: 'Send from your own address, at a human pace',
    text: 'Messages from a real person’s mailbox are read as what they are: one person writing to another. Spread your sends over the week rather than sending fifty at once.',
    inApp:
      'Sending goes through your connected Gmail or Outlook, paced within the providers’ limits. Schedule a send for the recipient’s morning if you like.',
  },
  {
    title: 'Follow up once or twice, then let go',
    text: 'Most replies come after a follow-up, not after the first e-mail. Wait a few working days, reply in the same thread with one new sentence, and stop after the second follow-up.',
    inApp:
      'Automatic follow-ups go out after the delay you choose, at your chosen time of day in your time zone, and are cancelled the moment a reply arrives.',
  },
  {
    title: 'Meet, thank, keep in touch',
    text: 'When someone says yes, make it easy: propose a time and send the link. Afterwards, thank them and tell them later what came of their advice. That is how a contact becomes a relationship.',
    inApp:
      'Schedule the meeting with a Zoom link created for you, and watch the contact move from replied to meeting scheduled to closed in your pipeline.',
  },
];

/** `/approach`: the working method the product is built around, step by step. */
export const ApproachPage = () => (
  <div className="landing__inner">
    <title>Approach · Outreach</title>
    <PageHeader
      eyebrow="Approach"
      title="A weekly routine for outreach that gets answers"
      lead="There is no trick to cold e-mail that people answer. There is a routine: choose carefully, write specifically, follow up politely. Here it is step by step, with what Outreach does at each stage."
    />

    <ol className="approach">
      {steps.map((step, index) => (
        <li key={step.title} className="approach__step">
          <span className="approach__number" aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <div className="approach__body">
            <h2>{step.title}</h2>
            <p>{step.text}</p>
          </div>
          <aside className="approach__in-app" aria-label={`In Outreach: ${step.title}`}>
            <p className="approach__in-app-title">In Outreach</p>
            <p>{step.inApp}</p>
          </aside>
        </li>
      ))}
    </ol>

    <section className="landing__section approach__more" aria-labelledby="approach-more">
      <h2 id="approach-more" className="landing__section-title">
        Going deeper
      </h2>
      <p className="landing__section-lead">
        Our <Link to={blogPaths.index}>blog</Link> covers each step in detail: how to write a first e-mail that gets a
        reply, how e-mail verification works and when to follow up. The{' '}
        <Link to={publicPaths.philosophy}>philosophy</Link> page explains why the product works this way.
      </p>
    </section>

    <CallToAction title="Start your first week" secondary={{ to: publicPaths.features, label: 'See the features' }} />
  </div>
);
