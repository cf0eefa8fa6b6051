import { createLogger } from '../core/logger.js';
import { scheduledJob } from '../core/schedule.js';
import { type NotificationsDeps, notificationsDepsFromEnv } from './deps.js';
import { runReminders } from './reminders.js';

/**
 * The `reminders` job (every minute, shared/schedules.ts): meetings starting within the hour and the users whose 08:00
 * came, from the reminders' due index (one Query per partition, never a scan), each fired once.
 */
export const remindersJob = (deps: NotificationsDeps) =>
  scheduledJob({
    job: 'reminders',
    logger: deps.logger,
    done: 'sent the reminders that are due',
    run: ({ deadline }) => runReminders(deps, deadline),
  });

const logger = createLogger('notifications');

export const handler = remindersJob(notificationsDepsFromEnv(logger));
