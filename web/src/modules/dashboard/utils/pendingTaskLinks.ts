import type { PendingTask, PendingTaskKind } from '@shared/schemas/dashboard';
import { contactDrawerPath, contactListPath } from '@/modules/contacts/utils/contactFilterParams';
import { i18n } from '@/i18n';
import { meetingsPaths, outreachContactPath, outreachPaths, pipelinePaths } from '@/lib/paths';

type PendingTaskItem = PendingTask['items'][number];

export type PendingTaskPlace = 'outreach' | 'pipeline' | 'meetings' | 'contacts';

export type PendingTaskView = {
  /** the place of them all, and its name for the link (catalogue `dashboard`, `tasks.places`) */
  to: string;
  place: PendingTaskPlace;
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
    to: outreachPaths.outreach,
    place: 'outreach',
    itemTo: (item) => outreachContactPath(item.contactId),
    showsTime: true,
  },
  replies_waiting: {
    to: pipelinePaths.pipeline,
    place: 'pipeline',
    itemTo: (item) => contactDrawerPath(item.contactId, { reply: true }),
    showsTime: true,
  },
  follow_ups_due: {
    to: outreachPaths.outreach,
    place: 'outreach',
    itemTo: (item) => outreachContactPath(item.contactId),
    showsTime: true,
  },
  meetings_today: {
    to: meetingsPaths.meetings,
    place: 'meetings',
    itemTo: () => meetingsPaths.meetings,
    showsTime: false,
  },
  failed_lookups: {
    to: contactListPath({ email_lookup_status: 'error' }),
    place: 'contacts',
    itemTo: (item) => contactDrawerPath(item.contactId),
    showsTime: true,
  },
  failed_sends: {
    to: outreachPaths.outreach,
    place: 'outreach',
    itemTo: (item) => outreachContactPath(item.contactId),
    showsTime: true,
  },
};

/** What a person reads for a kind: 'Drafts ready to send'. */
export const pendingTaskTitle = (kind: PendingTaskKind) => i18n.t(`dashboard:tasks.kinds.${kind}`);

/** The name of the place a kind's link leads to: 'Outreach'. */
export const pendingTaskPlace = (place: PendingTaskPlace) => i18n.t(`dashboard:tasks.places.${place}`);

/** The kinds with something to do, in the server's order. */
export const openTasks = (tasks: readonly PendingTask[]) => tasks.filter((task) => task.count > 0);

/** When an item became due, short: its time today ('14:30'), its date otherwise ('Mar 4'). */
export const taskTime = (iso: string | null, now: Date = new Date()) => {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleDateString(i18n.language, { month: 'short', day: 'numeric' });
};
