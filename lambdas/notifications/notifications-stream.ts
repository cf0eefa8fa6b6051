import type { Notification } from '../../shared/schemas/conversations.js';
import type { Settings } from '../../shared/schemas/profile.js';
import { createLogger } from '../core/logger.js';
import { changedTenant, eachInOrder, type StreamChange, streamConsumer } from '../core/stream.js';
import { type MeetingItem, meetingRecord } from '../data/meeting.js';
import { notificationRecord } from '../data/notification.js';
import { userProfileRecord } from '../data/user-profile.js';
import { type NotificationsDeps, notificationsDepsFromEnv } from './deps.js';
import { indexMeeting, indexSummary } from './reminders.js';
import { collectReply, isReplyNotification } from './reply-digest.js';

/** What one change asks of the notifications domain; null when nothing. */
export const applyChange = async (deps: NotificationsDeps, change: StreamChange) => {
  const item = change.newImage ?? change.oldImage;
  const uid = changedTenant(change);
  if (!item || uid === null) return null;
  if (item.entity === notificationRecord) {
    // a new reply notification only (a notification marked read, or removed as the 31st, is no new reply)
    if (change.eventName !== 'INSERT' || !change.newImage) return null;
    const notification = change.newImage as unknown as Notification;
    return isReplyNotification(notification) ? collectReply(deps, uid, notification) : null;
  }
  if (item.entity === meetingRecord) {
    const meeting = change.newImage as MeetingItem | undefined;
    return indexMeeting(deps, uid, meeting, String(item.id));
  }
  if (item.entity === userProfileRecord) {
    const before = change.oldImage?.settings as Settings | undefined;
    const after = change.newImage?.settings as Settings | undefined;
    // the summary depends on two settings: any other change of the profile writes nothing
    if (
      change.eventName === 'MODIFY' &&
      before?.reminderNotifications === after?.reminderNotifications &&
      before?.timeZone === after?.timeZone
    )
      return null;
    return indexSummary(deps, uid, after);
  }
  return null;
};

/**
 * The notifications domain's stream consumer (shared/streams.ts `notification-emails`): a reply's new notification
 * into the user's e-mail digest (SPEC §3 `emailNotifications`), a meeting's change and the user's reminder settings
 * onto the reminders' due index (`reminderNotifications`). Changes in order; each is safe to apply again (a repeat
 * finds its reply held, its reminder indexed), so a failed one is reported and delivered again with those after it.
 */
export const notificationsStream = (deps: NotificationsDeps) =>
  streamConsumer({
    consumer: 'notification-emails',
    logger: deps.logger,
    handle: eachInOrder((change) => applyChange(deps, change)),
  });

const logger = createLogger('notifications');

export const handler = notificationsStream(notificationsDepsFromEnv(logger));
