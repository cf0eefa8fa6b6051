import type { ActivityAction, maxActivityErrorLength } from '@shared/schemas/dashboard';

/** SPEC §9: the sidebar lists the 10 newest actions. */
export const sidebarActivityCount = 10;
/**
 * SPEC §9: a failed action's detail is cut to 50 characters. The server already cuts what it stores; the list cuts
 * again so a longer text can never widen the sidebar. (Tied to the schema's constant by type only: a value import of
 * shared/schemas would bring zod into every signed-in page's first load.)
 */
export const maxFailedDetailLength: typeof maxActivityErrorLength = 50;

const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? '' : 's'}`;

/** 'Ada Lovelace', 'Ada Lovelace and Alan Turing', 'Ada Lovelace and 2 others'; null with none. */
const whom = (recipients: ActivityAction['recipients']) => {
  const [first, second] = recipients;
  if (!first) return null;
  if (!second) return first.name;
  return recipients.length === 2
    ? `${first.name} and ${second.name}`
    : `${first.name} and ${recipients.length - 1} others`;
};

/** What the action does: the sidebar entry's first line, the same while it runs and once it finished. */
export const activityLabel = ({ actionType, profileCount, recipients }: ActivityAction) => {
  const who = whom(recipients);
  switch (actionType) {
    case 'generate_emails':
      return `Generating ${count(profileCount, 'e-mail')}`;
    case 'find_emails':
      return `Finding ${count(profileCount, 'e-mail')}`;
    case 'send_emails':
      return who ? `Sending to ${who}` : `Sending ${count(profileCount, 'e-mail')}`;
    case 'add_contacts':
      return `Adding ${count(profileCount, 'contact')}`;
    case 'book_meeting':
      return who ? `Meeting booked with ${who}` : 'Meeting booked';
  }
};

/** The first count always, the others only when there are some: '4 written, 1 failed'. */
const parts = (first: string, ...rest: [number, string][]) =>
  [first, ...rest.filter(([value]) => value > 0).map(([value, text]) => `${value} ${text}`)].join(', ');

/**
 * The counts of a finished action (coordination with the server: completedCount = items done without error, of which
 * fetchedCount found an address or added a contact; failedCount = items that failed); '' when there is nothing to say.
 */
const countsDetail = ({ actionType, profileCount, completedCount, fetchedCount, failedCount }: ActivityAction) => {
  const rest = Math.max(0, completedCount - fetchedCount);
  switch (actionType) {
    case 'generate_emails':
      return parts(`${completedCount} written`, [failedCount, 'failed']);
    case 'find_emails':
      return parts(`${fetchedCount} found`, [rest, 'not found'], [failedCount, 'failed']);
    case 'add_contacts':
      return parts(`${fetchedCount} added`, [rest, 'skipped'], [failedCount, 'failed']);
    case 'send_emails':
      return profileCount > 1 ? parts(`${completedCount} sent`, [failedCount, 'failed']) : 'Sent';
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
  if (action.status === 'failed') return cutFailedDetail(action.error ?? (countsDetail(action) || 'Failed'));
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
