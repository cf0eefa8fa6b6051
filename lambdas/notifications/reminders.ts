import type { Notification } from '../../shared/schemas/conversations.js';
import type { Settings } from '../../shared/schemas/profile.js';
import { nextWallClockTime, wallClock, zonedTime } from '../core/wall-clock.js';
import { getContact } from '../data/contact.js';
import { userDrafts } from '../data/draft.js';
import { transact } from '../data/entity/transaction.js';
import { getMeeting, type MeetingItem } from '../data/meeting.js';
import { newNotificationWrite, trimNotifications } from '../data/notification.js';
import {
  claimReminder,
  deleteMeetingReminder,
  deleteSummaryReminder,
  type DueReminder,
  dueReminders,
  putMeetingReminder,
  putSummaryReminder,
} from '../data/reminder.js';
import { getUserProfile } from '../data/user-profile.js';
import type { NotificationsDeps } from './deps.js';
import { meetingsPath, outreachListPath } from './links.js';
import { notificationMail } from './mail.js';
import { mailLanguageOf, notificationTexts, timeIn } from './messages.js';

/** SPEC §3 `reminderNotifications`: a meeting is reminded of this long before it starts. */
export const reminderLeadMs = 60 * 60 * 1000;
/** SPEC §3 `reminderNotifications`: the morning summary's time in the user's zone. */
export const summaryTime = '08:00';
/** Reminders each partition of the due index gives one run, at most; the rest wait for the next minute. */
const perPartition = 50;

/**
 * A meeting's change onto the due index (the table stream, shared/streams.ts `notification-emails`): a scheduled
 * meeting is reminded 60 minutes before its start (a moved one at its new time); a cancelled, done or deleted one is
 * taken off. Every meeting is indexed whatever the setting: the setting is read when the reminder is due, so turning
 * reminders on counts for meetings booked before.
 */
export const indexMeeting = async (
  deps: NotificationsDeps,
  uid: string,
  meeting: MeetingItem | undefined,
  id: string,
) => {
  if (meeting?.status !== 'scheduled') {
    await deleteMeetingReminder(deps.db, uid, id);
    return 'removed';
  }
  const remindAt = new Date(Date.parse(meeting.startTime) - reminderLeadMs).toISOString();
  return (await putMeetingReminder(deps.db, uid, meeting, remindAt)) ? 'indexed' : 'sent before';
};

/** The user's morning summary onto the due index while reminders are on (at the next 08:00 of their zone), else off. */
export const indexSummary = async (deps: NotificationsDeps, uid: string, settings: Settings | undefined) => {
  if (!settings?.reminderNotifications) {
    await deleteSummaryReminder(deps.db, uid);
    return 'removed';
  }
  const timeZone = settings.timeZone || 'UTC';
  const next = nextWallClockTime(deps.now(), summaryTime, timeZone).toISOString();
  return (await putSummaryReminder(deps.db, uid, timeZone, next)) ? 'indexed' : 'unchanged';
};

/** The in-app reminder's id: one per meeting and start, so a repeat never makes a second one (SPEC §5). */
export const reminderNotificationId = (meetingId: string, startTime: string) => `reminder#${meetingId}#${startTime}`;

/**
 * A meeting's reminder, once (claimed on its due entry): the in-app notification (bell and live push) and the e-mail,
 * while the meeting is still scheduled at that start and has not begun, and the user's reminders are on.
 */
const remindOfMeeting = async (deps: NotificationsDeps, reminder: DueReminder) => {
  if (!(await claimReminder(deps.db, reminder))) return 'taken';
  const meeting = await getMeeting(deps.db, reminder.uid, reminder.id);
  if (meeting?.status !== 'scheduled' || meeting.startTime !== reminder.startTime) return 'stale';
  if (Date.parse(meeting.startTime) <= deps.now().getTime()) return 'started';
  const profile = await getUserProfile(deps.db, reminder.uid, ['settings', 'email']);
  if (!profile?.settings?.reminderNotifications) return 'off';
  const contact = meeting.contactId ? await getContact(deps.db, reminder.uid, meeting.contactId) : null;
  const name = meeting.contactName || contact?.name || '';
  const notification: Notification = {
    id: reminderNotificationId(meeting.id, meeting.startTime),
    contact: { name, email: contact?.email ?? '' },
    contactId: meeting.contactId ?? null,
    conversationId: null,
    timestamp: deps.now().toISOString(),
    read: false,
    reminder: { meetingId: meeting.id, title: meeting.title, startTime: meeting.startTime },
  };
  const written = await transact(deps.db, { notification: newNotificationWrite(deps.db, reminder.uid, notification) });
  if (written.done) {
    await trimNotifications(deps.db, reminder.uid);
    await deps.live
      .publish(reminder.uid, { type: 'notification.created', data: { notificationId: notification.id } })
      .catch((error: unknown) => deps.logger.warn('notification.created was not published', { error }));
  }
  if (deps.mailer && profile.email) {
    const timeZone = profile.settings.timeZone || meeting.timeZone || 'UTC';
    const language = mailLanguageOf(profile.settings.language);
    const text = notificationTexts[language];
    const user = { uid: reminder.uid, email: profile.email, language };
    const mail = await notificationMail(deps, user, 'reminderNotifications', {
      subject: text.meetingReminder.subject(meeting.title),
      lead: text.meetingReminder.lead(meeting.title, name, timeIn(meeting.startTime, language, timeZone)),
      links: [
        ...(meeting.zoomJoinUrl ? [{ label: text.meetingReminder.join, url: meeting.zoomJoinUrl }] : []),
        { label: text.meetingReminder.action, url: `${deps.webOrigin}${meetingsPath}` },
      ],
    });
    await deps.mailer.send(mail);
  }
  return 'reminded';
};

/** The end of the user's day that contains `at` (the next midnight of `timeZone`). */
const endOfDay = (at: Date, timeZone: string) => {
  const wall = wallClock(at, timeZone);
  const next = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  return zonedTime(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 },
    timeZone,
  );
};

/**
 * The morning summary, once a day (claimed by moving it to the next day's 08:00): the follow-ups and scheduled sends
 * going out from now to the end of the user's day, by e-mail; nothing to tell, no e-mail. A user's drafts are one
 * Query of their own partition, once a day.
 */
const summarize = async (deps: NotificationsDeps, reminder: DueReminder) => {
  const timeZone = reminder.timeZone ?? 'UTC';
  const from = new Date(Math.max(deps.now().getTime(), Date.parse(reminder.remindAt)));
  const next = nextWallClockTime(from, summaryTime, timeZone).toISOString();
  if (!(await claimReminder(deps.db, reminder, next))) return 'taken';
  const profile = await getUserProfile(deps.db, reminder.uid, ['settings', 'email']);
  if (!profile?.settings?.reminderNotifications) return 'off';
  const until = endOfDay(from, timeZone).toISOString();
  const start = new Date(reminder.remindAt).toISOString();
  const going = (await userDrafts(deps.db, reminder.uid))
    .map((draft) => ({ draft, at: draft.scheduledSendTime ?? draft.dueAt ?? null }))
    .filter(({ draft, at }) => draft.status === 'sending' && at !== null && at >= start && at < until)
    .sort((a, b) => String(a.at).localeCompare(String(b.at)));
  if (going.length === 0 || !deps.mailer || !profile.email) return 'nothing';
  const names = new Map<string, string>();
  for (const { draft } of going) {
    if (!names.has(draft.contactId)) {
      const contact = await getContact(deps.db, reminder.uid, draft.contactId);
      names.set(draft.contactId, contact?.name || contact?.email || '');
    }
  }
  const language = mailLanguageOf(profile.settings.language);
  const text = notificationTexts[language];
  const user = { uid: reminder.uid, email: profile.email, language };
  const mail = await notificationMail(deps, user, 'reminderNotifications', {
    subject: text.summary.subject(going.length),
    lead: text.summary.lead,
    lines: going.map(({ draft, at }) =>
      (draft.draftType === 'follow_up' ? text.summary.followUp : text.summary.scheduled)(
        names.get(draft.contactId) ?? '',
        timeIn(String(at), language, timeZone),
      ),
    ),
    links: [{ label: text.summary.action, url: `${deps.webOrigin}${outreachListPath}` }],
  });
  await deps.mailer.send(mail);
  return 'sent';
};

/**
 * One run of the reminders schedule: what the due index says is due now, each fired once; a reminder whose work
 * throws is logged and left claimed (a person's reminder is not worth a retry storm), the others go on.
 */
export const runReminders = async (deps: NotificationsDeps, deadline: Date) => {
  const due = await dueReminders(deps.db, deps.now().toISOString(), perPartition);
  const outcomes: Record<string, number> = {};
  for (const reminder of due) {
    if (Date.now() > deadline.getTime() - 5_000) break;
    try {
      const outcome =
        reminder.kind === 'meeting' ? await remindOfMeeting(deps, reminder) : await summarize(deps, reminder);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    } catch (error) {
      outcomes.failed = (outcomes.failed ?? 0) + 1;
      deps.logger.error('a reminder failed', { uid: reminder.uid, kind: reminder.kind, id: reminder.id, error });
    }
  }
  return { due: due.length, ...outcomes };
};
