import type { DashboardSummary } from '@shared/schemas/dashboard';
import { contactListPath } from '@/modules/contacts/utils/contactFilterParams';
import { meetingsPaths, outreachPaths } from '@/lib/paths';
import { analyticsViewPath } from '../dashboardPaths';

/** The cards, in the order shown (the skeleton keeps their places while the summary loads). */
// the contact slots are the page header's (modules/quota QuotaSummary: plan, bar, bonus, renewal), not a card too
export const summaryCardKeys = ['contacts', 'verified', 'drafts', 'sent', 'replies', 'meetings'] as const;
export type SummaryCardKey = (typeof summaryCardKeys)[number];

export type SummaryCard = {
  key: SummaryCardKey;
  label: string;
  /** the number, formatted */
  value: string;
  /** one short line under it */
  detail: string;
  /** where the card leads: the view of what it counts */
  to: string;
};

const count = (value: number) => value.toLocaleString();

/** `0.237` -> `24%` */
export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

/**
 * The summary's cards in the order shown, each leading to the filtered view of what it counts: the contacts table
 * (all, or those with a verified address), Outreach's drafts, the network analytics, the meetings.
 */
export const summaryCards = (summary: DashboardSummary): SummaryCard[] => [
  {
    key: 'contacts',
    label: 'Contacts',
    value: count(summary.contacts),
    detail: 'in your list',
    to: contactListPath(),
  },
  {
    key: 'verified',
    label: 'Verified e-mails',
    value: count(summary.verifiedEmails),
    detail: summary.contacts ? `${percent(summary.verifiedEmails / summary.contacts)} of contacts` : 'none yet',
    to: contactListPath({ email_lookup_status: 'found_valid' }),
  },
  {
    key: 'drafts',
    label: 'Drafts ready',
    value: count(summary.draftsReady),
    detail: 'to review and send',
    to: outreachPaths.outreach,
  },
  {
    key: 'sent',
    label: 'Sent this week',
    value: count(summary.sentThisWeek),
    detail: 'in the last 7 days',
    to: analyticsViewPath,
  },
  {
    key: 'replies',
    label: 'Replies',
    value: count(summary.replies),
    detail: `${percent(summary.replyRate)} reply rate`,
    to: analyticsViewPath,
  },
  {
    key: 'meetings',
    label: 'Upcoming meetings',
    value: count(summary.upcomingMeetings),
    detail: 'coming up',
    to: meetingsPaths.meetings,
  },
];
