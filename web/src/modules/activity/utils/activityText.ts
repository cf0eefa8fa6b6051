import type { ActivityAction, maxActivityErrorLength } from '@shared/schemas/dashboard';
import { i18n } from '@/i18n';

/** SPEC §9: the sidebar lists the 10 newest actions. */
export const sidebarActivityCount = 10;
/**
 * SPEC §9: a failed action's detail is cut to 50 characters. The server already cuts what it stores; the list cuts
 * again so a longer text can never widen the sidebar. (Tied to the schema's constant by type only: a value import of
 * shared/schemas would bring zod into every signed-in page's first load.)
 */
export const maxFailedDetailLength: typeof maxActivityErrorLength = 50;

/** 'Ada Lovelace', 'Ada Lovelace and Alan Turing', 'Ada Lovelace and 2 others'; null with none. */
const whom = (recipients: ActivityAction['recipients']) => {
  const [first, second] = recipients;
  if (!first) return null;
  if (!second) return first.name;
  return recipients.length === 2
    ? i18n.t('activity:whom.two', { first: first.name, second: second.name })
    : i18n.t('activity:whom.more', { first: first.name, count: recipients.length - 1 });
};

/** What the action does: the sidebar entry's first line, the same while it runs and once it finished. */
export const activityLabel = ({ actionType, profileCount, recipients }: ActivityAction) => {
  const who = whom(recipients);
  const count = profileCount;
  switch (actionType) {
    case 'generate_emails':
      return i18n.t('activity:label.generating', { count });
    case 'find_emails':
      return i18n.t('activity:label.finding', { count });
    case 'send_emails':
      return who ? i18n.t('activity:label.sendingTo', { who }) : i18n.t('activity:label.sending', { count });
    case 'add_contacts':
      return i18n.t('activity:label.adding', { count });
    case 'book_meeting':
      return who ? i18n.t('activity:label.meetingWith', { who }) : i18n.t('activity:label.meeting');
  }
};

/** The first count always, the others only when there are some: '4 written, 1 failed' (each a catalogue key). */
const parts = (first: [number, string], ...rest: [number, string][]) =>
  [first, ...rest.filter(([value]) => value > 0)]
    .map(([count, key]) => i18n.t(`activity:counts.${key}`, { count }))
    .join(', ');

/**
 * The counts of a finished action (coordination with the server: completedCount = items done without error, of which
 * fetchedCount found an address or added a contact; failedCount = items that failed); '' when there is nothing to say.
 */
const countsDetail = ({ actionType, profileCount, completedCount, fetchedCount, failedCount }: ActivityAction) => {
  const rest = Math.max(0, completedCount - fetchedCount);
  switch (actionType) {
    case 'generate_emails':
      return parts([completedCount, 'written'], [failedCount, 'failed']);
    case 'find_emails':
      return parts([fetchedCount, 'found'], [rest, 'notFound'], [failedCount, 'failed']);
    case 'add_contacts':
      return parts([fetchedCount, 'added'], [rest, 'skipped'], [failedCount, 'failed']);
    case 'send_emails':
      return profileCount > 1 ? parts([completedCount, 'sent'], [failedCount, 'failed']) : i18n.t('activity:sent');
    case 'book_meeting':
      return '';
  }
};

/** SPEC §9: cut to 50 characters, the cut marked with an ellipsis. */
export const cutFailedDetail = (detail: string) =>
  detail.length > maxFailedDetailLength ? `${detail.slice(0, maxFailedDetailLength - 1).trimEnd()}…` : detail;

/** The line under a finished action: its counts, or why it failed (SPEC §9: cut to 50 characters); '' while it runs. */
export const activityDetail = (action: ActivityAction) => {
  if (action.status === 'in_progress') return '';
  if (action.status === 'failed')
    return cutFailedDetail(action.error ?? (countsDetail(action) || i18n.t('activity:status.failed')));
  return countsDetail(action);
};

/** 'n/total' while an action of several items runs; '' otherwise. */
export const activityProgress = ({ status, profileCount, completedCount, failedCount }: ActivityAction) =>
  status === 'in_progress' && profileCount > 1
    ? `${Math.min(completedCount + failedCount, profileCount)}/${profileCount}`
    : '';

/** An action's latest moment: when it finished, or when it started while it runs. */
export const lastChange = (action: ActivityAction) => action.completedAt ?? action.failedAt ?? action.timestamp;

const newestFirst = (a: ActivityAction, b: ActivityAction) =>
  Date.parse(lastChange(b)) - Date.parse(lastChange(a)) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** SPEC §9: the sidebar's list, the 10 newest by their latest change. */
export const sidebarActivity = (actions: readonly ActivityAction[]) =>
  [...actions].sort(newestFirst).slice(0, sidebarActivityCount);
