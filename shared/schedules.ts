import type { Domain } from './routes.js';

/**
 * Every scheduled job (DESIGN §4), once. The CDK stack makes an EventBridge rule per entry; the local scheduler fires
 * the same handler on the same rate (or a faster one set by env for tests).
 * Jobs live at `lambdas/<domain>/<job>.ts` and export `handler`.
 */
export type ScheduleSpec = {
  domain: Domain;
  /** file name under `lambdas/<domain>/` without `.ts`, e.g. `reply-check-schedule` */
  job: string;
  /** minutes between runs (EventBridge `rate(n minutes)`) */
  everyMinutes: number;
  timeoutSeconds: number;
  summary: string;
};

/** Schedules are added by the issues that bring their jobs (reply checks, token refresh, due sends, quota periods). */
export const schedules = {
  'email-lookup-redrive': {
    domain: 'contacts',
    job: 'email-lookup-redrive',
    everyMinutes: 5,
    timeoutSeconds: 60,
    summary: 'Send again the e-mail lookups contacts owe longer than 5 minutes (a message lost after the write)',
  },
  'token-refresh': {
    domain: 'mailboxes',
    job: 'token-refresh',
    everyMinutes: 10,
    timeoutSeconds: 120,
    summary:
      'Renew the access tokens of the OAuth connections (Gmail, Outlook, Zoom) that expire within 15 minutes (invalid_grant: expired)',
  },
  'reply-check': {
    domain: 'replies',
    job: 'reply-check-schedule',
    everyMinutes: 5,
    timeoutSeconds: 120,
    summary:
      'One reply-check message per connected mailbox with open conversations (the safety net of push); renew push before it lapses',
  },
  'due-sends': {
    domain: 'drafts',
    job: 'due-sends',
    everyMinutes: 1,
    timeoutSeconds: 60,
    summary: 'Queue the sends that are due: scheduled drafts, auto follow-ups, sends the guard held back',
  },
  'quota-periods': {
    domain: 'billing',
    job: 'quota-periods',
    everyMinutes: 15,
    timeoutSeconds: 120,
    summary:
      "Start the next slot period of the users whose period ended (their own date): used slots reset, a downgrade or cancellation due at the period's end applied",
  },
  reminders: {
    domain: 'notifications',
    job: 'reminders-schedule',
    everyMinutes: 1,
    timeoutSeconds: 60,
    summary:
      "Remind users of meetings starting within 60 minutes and send each user's 08:00 summary of the day's sends (SPEC §3 reminderNotifications), once each",
  },
} as const satisfies Record<string, ScheduleSpec>;

export type ScheduleName = keyof typeof schedules;

export const scheduleEntries = (table: Record<string, ScheduleSpec> = schedules) =>
  Object.entries(table).map(([name, spec]) => ({ name, ...spec }));
