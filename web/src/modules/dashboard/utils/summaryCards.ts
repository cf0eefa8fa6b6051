import type { DashboardSummary } from '@shared/schemas/dashboard';
import { contactListPath } from '@/modules/contacts/utils/contactFilterParams';
import { meetingsPaths, outreachPaths } from '@/lib/paths';
import { i18n } from '@/i18n';
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

const count = (value: number) => value.toLocaleString(i18n.language);

/** `0.237` -> `24%` */
export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

/**
 * The summary's cards in the order shown, each leading to the filtered view of what it counts: the contacts table
 * (all, or those with a verified address), Outreach's drafts, the network analytics, the meetings.
 */
export const summaryCards = (summary: DashboardSummary): SummaryCard[] => [
  {
    key: 'contacts',
    label: i18n.t('dashboard:summary.cards.contacts.label'),
    value: count(summary.contacts),
    detail: i18n.t('dashboard:summary.cards.contacts.detail'),
    to: contactListPath(),
  },
  {
    key: 'verified',
    label: i18n.t('dashboard:summary.cards.verified.label'),
    value: count(summary.verifiedEmails),
    detail: summary.contacts
      ? i18n.t('dashboard:summary.cards.verified.detail', {
          percent: percent(summary.verifiedEmails / summary.contacts),
        })
      : i18n.t('dashboard:summary.cards.verified.none'),
    to: contactListPath({ email_lookup_status: 'found_valid' }),
  },
  {
    key: 'drafts',
    label: i18n.t('dashboard:summary.cards.drafts.label'),
    value: count(summary.draftsReady),
    detail: i18n.t('dashboard:summary.cards.drafts.detail'),
    to: outreachPaths.outreach,
  },
  {
    key: 'sent',
    label: i18n.t('dashboard:summary.cards.sent.label'),
    value: count(summary.sentThisWeek),
    detail: i18n.t('dashboard:summary.cards.sent.detail'),
    to: analyticsViewPath,
  },
  {
    key: 'replies',
    label: i18n.t('dashboard:summary.cards.replies.label'),
    value: count(summary.replies),
    // the positive share (interested, referral: DESIGN §9 'Triage') once there are replies to label
    detail: summary.replies
      ? i18n.t('dashboard:summary.cards.replies.detailPositive', {
          percent: percent(summary.replyRate),
          positive: percent(summary.positiveReplyRate),
        })
      : i18n.t('dashboard:summary.cards.replies.detail', { percent: percent(summary.replyRate) }),
    to: analyticsViewPath,
  },
  {
    key: 'meetings',
    label: i18n.t('dashboard:summary.cards.meetings.label'),
    value: count(summary.upcomingMeetings),
    detail: i18n.t('dashboard:summary.cards.meetings.detail'),
    to: meetingsPaths.meetings,
  },
];
