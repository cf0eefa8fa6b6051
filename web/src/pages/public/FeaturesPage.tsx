import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { limits } from '@shared/constants';
import { authPaths, publicPaths } from '@/lib/paths';
import { CallToAction } from '@/modules/public/components/CallToAction';
import { PageHeader } from '@/modules/public/components/PageHeader';
import { PublicIcon, type PublicIconName } from '@/modules/public/components/PublicIcon';

type Feature = { icon: PublicIconName; title: string; text: ReactNode; points: string[] };

type FeatureGroup = { id: string; eyebrow: string; title: string; lead: string; features: Feature[] };

const groups: FeatureGroup[] = [
  {
    id: 'contacts',
    eyebrow: 'Build your list',
    title: 'Know who you are writing to',
    lead: 'A contact starts from a LinkedIn profile link and ends up with everything you need to write a personal first line.',
    features: [
      {
        icon: 'contacts',
        title: 'Contact dashboard with professional profiles',
        text: 'Outreach fetches the person’s current role, education and experience and keeps them on the contact. Professional profiles are shared across Outreach: when someone else has already added the same person, their public profile is reused and refreshed rather than fetched from scratch.',
        points: [
          'Role, company, education and past positions on every contact',
          'E-mail status, draft and conversation status at a glance',
          'Your notes, drafts and conversations stay private to you',
        ],
      },
      {
        icon: 'verified',
        title: 'E-mail finding and verification',
        text: 'Outreach tries the address patterns companies use (first.last@, flast@ and others), checks each candidate with an e-mail verification service and keeps the first one that comes back valid.',
        points: [
          'Valid: the receiving server confirmed the mailbox',
          'Risky: the domain accepts every address, so delivery cannot be confirmed',
          `Not found: no pattern verified, after at most ${limits.emailLookupMaxAttempts} lookup attempts`,
          'Only a valid address is used for sending, which keeps your bounce rate low',
        ],
      },
    ],
  },
  {
    id: 'writing',
    eyebrow: 'Write',
    title: 'Drafts that sound like you, about them',
    lead: 'Start from a draft that already knows the person and your goals. Nothing goes out until you have read it.',
    features: [
      {
        icon: 'sparkles',
        title: 'AI drafts',
        text: 'A draft is built from the contact’s path and from your profile: what you do, what you are looking for and the background you have shared. Generate one for a single contact or for a whole selection at once.',
        points: [
          'A subject and a short, specific body per contact',
          'One primary draft per contact, always shown first',
          'Edit freely before sending; the draft is saved as you go',
        ],
      },
      {
        icon: 'template',
        title: 'Templates',
        text: 'Keep the messages that work as templates with placeholders such as the contact’s first name or company, filled in for each person when you create a draft from them.',
        points: [
          'Reusable openers for recurring situations',
          'Placeholders filled from each contact’s profile',
          'Mix: a template for structure, AI for the personal line',
        ],
      },
      {
        icon: 'user',
        title: 'Your profile and documents',
        text: (
          <>
            Add a short bio, job title, career interests, goals and availability, and upload your résumé, a cover letter
            or a background document (PDF, DOCX, DOC or TXT up to {limits.fileBytes / 1024 / 1024} MB). Their text gives
            the drafts your real experience to draw on.
          </>
        ),
        points: ['Text is extracted once, when you upload', 'Replace or remove a document at any time'],
      },
    ],
  },
  {
    id: 'sending',
    eyebrow: 'Send and follow through',
    title: 'Your mailbox, with a memory',
    lead: 'Messages leave from your own Gmail or Outlook address. Outreach keeps track of what happened next.',
    features: [
      {
        icon: 'send',
        title: 'Sending from Gmail or Outlook',
        text: 'Connect your mailbox once. E-mails are sent from your address and sit in your Sent folder like any other. Sends are paced below your provider’s limits, so a busy day does not get your account throttled.',
        points: [
          'Send now or schedule a send',
          'Bounces and “unsubscribe” replies put the address on your do-not-contact list',
          'Reconnect in one click when a provider asks you to sign in again',
        ],
      },
      {
        icon: 'bell',
        title: 'Reply tracking and notifications',
        text: 'Outreach checks your conversations for replies in the background. When a contact answers, you get a notification, the conversation is marked as replied and the contact moves forward in your pipeline.',
        points: ['Notifications with who replied and when', 'Replies from your own address are ignored'],
      },
      {
        icon: 'clock',
        title: 'Automatic follow-ups',
        text: 'If a first e-mail gets no reply, Outreach prepares a follow-up and schedules it. You choose the delay in days and the time of day, in your own time zone. A reply cancels it; so can you.',
        // SPEC §9 settings defaults (shared/schemas/profile.ts, not imported: it brings zod to a public page)
        points: ['By default 3 days later, at 09:00', 'Turn it off, or edit each follow-up before it goes'],
      },
    ],
  },
  {
    id: 'meetings',
    eyebrow: 'Meet and measure',
    title: 'From a reply to a conversation',
    lead: 'See where every relationship stands and turn replies into meetings without copying links around.',
    features: [
      {
        icon: 'pipeline',
        title: 'Pipeline',
        text: 'Every contact sits in a stage: drafted, contacted, replied, meeting scheduled or closed. Sending, replies and meetings move them for you; you can move them by hand too.',
        points: ['See who is waiting on you', 'Close a conversation when it has run its course'],
      },
      {
        icon: 'video',
        title: 'Meetings with Zoom links',
        text: (
          <>
            Schedule a meeting with a contact and, with Zoom connected, the meeting link is created for you. The{' '}
            <Link to={publicPaths.zoomGuide}>Zoom guide</Link> shows how to connect and disconnect.
          </>
        ),
        points: ['Default length of 30 minutes, adjustable in settings', 'All upcoming meetings in one list'],
      },
      {
        icon: 'chart',
        title: 'Network analytics',
        text: 'How many e-mails went out, how many were answered and how your conversations developed over time, by week or month.',
        points: ['Reply rates you can act on', 'Spot which approaches get answers'],
      },
    ],
  },
];

/** `/features`: what the product does, in the order a user meets it (SPEC §1). */
export const FeaturesPage = () => (
  <div className="landing__inner">
    <title>Features · Outreach</title>
    <PageHeader
      eyebrow="Features"
      title="Everything between a name and a conversation"
      lead="Outreach handles the slow parts of networking by e-mail (finding the address, checking it, the first draft, remembering to follow up) so you can spend your time on the people."
    >
      <Link className="landing__button landing__button--primary" to={authPaths.signUp}>
        Create a free account
      </Link>
      <Link className="landing__button landing__button--ghost" to={publicPaths.pricing}>
        See pricing
      </Link>
    </PageHeader>

    {groups.map((group) => (
      <section key={group.id} className="landing__section" aria-labelledby={`features-${group.id}`}>
        <div className="landing__section-header">
          <p className="landing__eyebrow">{group.eyebrow}</p>
          <h2 id={`features-${group.id}`} className="landing__section-title">
            {group.title}
          </h2>
          <p className="landing__section-lead">{group.lead}</p>
        </div>
        <div className={group.features.length === 2 ? 'landing__grid landing__grid--two' : 'landing__grid'}>
          {group.features.map((feature) => (
            <article key={feature.title} className="landing__card">
              <span className="landing__card-icon">
                <PublicIcon name={feature.icon} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
              <ul className="landing__checklist landing__card-points">
                {feature.points.map((point) => (
                  <li key={point}>
                    <PublicIcon name="check" size={18} />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>
    ))}

    <CallToAction
      title="Every feature is on every plan"
      text="Plans differ only in how many new contacts you can add each month. Start free and upgrade when you need more."
      secondary={{ to: publicPaths.pricing, label: 'Compare plans' }}
    />
  </div>
);
