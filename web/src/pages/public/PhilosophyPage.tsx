import { CallToAction } from '@/modules/public/components/CallToAction';
import { PageHeader } from '@/modules/public/components/PageHeader';
import { StepList } from '@/modules/public/components/StepList';
import { publicPaths } from '@/lib/paths';

const principles = [
  {
    title: 'Relationships, not volume',
    text: 'Outreach is not a bulk mailer. Plans limit how many new people you add each month, not how many e-mails you write to the people you have, because the goal is to reach the right people and keep talking to them.',
  },
  {
    title: 'Your voice, your mailbox',
    text: 'Every message leaves from your own Gmail or Outlook address and every reply comes back to you. People answer a person, not a platform, so we never send on your behalf from an address of ours.',
  },
  {
    title: 'Verified, not guessed',
    text: 'A guessed address that bounces wastes your best opening line and hurts your mailbox’s reputation. Outreach checks an address before you use it and tells you plainly when it cannot be sure.',
  },
  {
    title: 'A first draft, not a ghostwriter',
    text: 'AI is good at the blank page and at noticing what is specific about someone’s path. It is not good at knowing why you are writing. Drafts start from facts in the profile, and nothing goes out until you have read it.',
  },
  {
    title: 'Respect the person on the other end',
    text: 'An unanswered e-mail deserves a follow-up or two, not a campaign. Bounces and “please stop” replies put an address on your do-not-contact list, and sending is paced within what the mail providers allow.',
  },
  {
    title: 'Your data stays yours',
    text: 'We store what the product needs and say exactly what that is. Mailbox tokens are encrypted and never reach the browser. You can export everything as JSON or delete your account from your settings, at any time.',
  },
];

/** `/philosophy`: what the product believes about networking, and the choices that follow from it. */
export const PhilosophyPage = () => (
  <div className="landing__inner">
    <title>Philosophy · Outreach</title>
    <PageHeader
      eyebrow="Philosophy"
      title="Good networking is a conversation, not a campaign"
      lead="Most careers move through people: a referral, an introduction, twenty minutes of someone’s advice. Reaching those people by e-mail should feel personal on both ends. These are the principles behind every part of Outreach."
    />

    <section className="landing__section" aria-label="Principles">
      <StepList steps={principles} className="landing__steps--principles" />
    </section>

    <section className="landing__section" aria-labelledby="philosophy-plans">
      <div className="landing__grid landing__grid--two">
        <div>
          <h2 id="philosophy-plans" className="landing__section-title">
            The same tools for everyone
          </h2>
        </div>
        <div className="landing-prose">
          <p>
            A student looking for a first role and a recruiter filling a team need the same things: an address that
            works, a message worth reading and a reliable way to follow up. So every plan has every feature. Plans only
            change how many new contacts you add in a month.
          </p>
          <p>
            Limiting new contacts, rather than e-mails, is deliberate. It keeps the product honest about what it is for:
            fewer, better conversations with people you chose on purpose.
          </p>
        </div>
      </div>
    </section>

    <CallToAction
      title="See how this works in practice"
      text="Our approach turns these principles into a routine you can follow every week."
      action="Create a free account"
      secondary={{ to: publicPaths.approach, label: 'Read the approach' }}
    />
  </div>
);
