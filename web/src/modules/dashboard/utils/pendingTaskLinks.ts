import type { PendingTask, PendingTaskKind } from '@shared/schemas/dashboard';
import { contactDrawerPath, contactListPath } from '@/modules/contacts/utils/contactFilterParams';
import { meetingsPaths, outreachContactPath, outreachPaths, pipelinePaths } from '@/lib/paths';

type PendingTaskItem = PendingTask['items'][number];

export type PendingTaskView = {
  /** what a person reads: 'Drafts ready to send' */
  title: string;
  /** the place of them all, and its name for the link */
  to: string;
  place: string;
  /** where one of them is acted on */
  itemTo: (item: PendingTaskItem) => string;
  /** whether an item shows when it fell due (a meeting's detail already says its time) */
  showsTime: boolean;
};

/**
 * Each kind of task (in the server's order, `pendingTaskKinds`), named for a person and leading to where it is done:
 * a draft, a follow-up to write or a failed send to the contact's drafts on Outreach, a reply to the contact's
 * conversation with the reply composer open (its drawer on the dashboard; all of them: the pipeline), a meeting to the meetings, a failed lookup to
 * the contact (all of them: the table filtered to failed lookups).
 */
export const pendingTaskViews: Record<PendingTaskKind, PendingTaskView> = {
  drafts_ready: {
    title: 'Drafts ready to send',
    to: outreachPaths.outreach,
    place: 'Outreach',
    itemTo: (item) => outreachContactPath(item.contactId),
    showsTime: true,
  },
  replies_waiting: {
    title: 'Replies waiting for you',
    to: pipelinePaths.pipeline,
    place: 'Pipeline',
    itemTo: (item) => contactDrawerPath(item.contactId, { reply: true }),
    showsTime: true,
  },
  follow_ups_due: {
    title: 'Follow-ups due',
    to: outreachPaths.outreach,
    place: 'Outreach',
    itemTo: (item) => outreachContactPath(item.contactId),
    showsTime: true,
  },
  meetings_today: {
    title: 'Meetings today',
    to: meetingsPaths.meetings,
    place: 'Meetings',
    itemTo: () => meetingsPaths.meetings,
    showsTime: false,
  },
  failed_lookups: {
    title: 'Failed lookups',
    to: contactListPath({ email_lookup_status: 'error' }),
    place: 'Contacts',
    itemTo: (item) => contactDrawerPath(item.contactId),
    showsTime: true,
  },
  failed_sends: {
    title: 'Failed sends',
    to: outreachPaths.outreach,
    place: 'Outreach',
    itemTo: (item) => outreachContactPath(item.contactId),
    showsTime: true,
  },
};

/** The kinds with something to do, in the server's order. */
export const openTasks = (tasks: readonly PendingTask[]) => tasks.filter((task) => task.count > 0);

/** When an item became due, short: its time today ('14:30'), its date otherwise ('Mar 4'). */
export const taskTime = (iso: string | null, now: Date = new Date()) => {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
};
