import type { Domain } from './routes.js';

/**
 * Every SQS queue and its worker (DESIGN §4), once. The CDK stack creates each queue with a dead-letter queue and an
 * alarm on its depth; the local queue runner delivers SQS-shaped batches to the same worker.
 * Workers live at `lambdas/<domain>/<worker>.ts` and export `handler` (an SQS handler that reports partial batch
 * failures).
 */
export type QueueSpec = {
  domain: Domain;
  /** file name under `lambdas/<domain>/` without `.ts`, e.g. `lookup-worker` */
  worker: string;
  batchSize: number;
  /** receives before a message moves to the dead-letter queue */
  maxReceiveCount: number;
  /**
   * seconds; the queue's visibility timeout is at least 6x this. Above the worst case of the vendor calls a batch makes
   * (lambdas/providers/vendor-limits.ts; infra/stack.test.ts holds it).
   */
  workerTimeoutSeconds: number;
  /** batches worked on at once, at most (2 to 1000): bounds what a burst costs at a vendor @default 5 */
  maxConcurrency?: number;
  summary: string;
};

/** Queues are added by the issues that bring their workers (ai-generation, email-lookup, reply-check, send). */
export const queues = {
  'email-lookup': {
    domain: 'contacts',
    worker: 'email-lookup-worker',
    // up to 11 verifications one after another per contact (the user's own address, then 10 patterns), each at most
    // 34 s with its retries (lambdas/providers/vendor-limits.ts): one contact per batch, 374 s at worst
    batchSize: 1,
    maxReceiveCount: 5,
    workerTimeoutSeconds: 400,
    summary: 'Find and verify the e-mail address of one contact (SPEC §5 lookup rules)',
  },
  'ai-generation': {
    domain: 'ai',
    worker: 'generation-worker',
    // one e-mail per batch: a research call (5 s) and a completion with its retries (22 s) at worst
    // (lambdas/providers/vendor-limits.ts), with the table's reads and writes around them
    batchSize: 1,
    maxReceiveCount: 3,
    workerTimeoutSeconds: 40,
    // at most 10 e-mails written at once (batches of one): a batch of 100 takes about 10 completions' time, and a
    // burst of batches stays under the vendor's rate limit (the bench holds it: e2e/bench/generation.ts)
    maxConcurrency: 10,
    summary: "Write one AI e-mail of a batch and keep it as the contact's primary draft (DESIGN §8)",
  },
  'account-deletion': {
    domain: 'account',
    worker: 'deletion-worker',
    batchSize: 1,
    // each run removes what it can: a large account or a slow store finishes over several receives
    maxReceiveCount: 5,
    // the account domain's functions run 28 s (infra/stack.ts), the deletion route's own time
    workerTimeoutSeconds: 28,
    summary:
      'The later pass of an account deletion, sent delayed: removes what was written while it ran, then the sign-in',
  },
  send: {
    domain: 'drafts',
    worker: 'send-worker',
    // one e-mail per batch: renew the token, look the Message-ID up in the mailbox (a retry), read the résumé,
    // send (each call bounded by vendorLimits; an Outlook message over Graph's 4 MB is a draft, its attachments
    // uploaded in ranges, then sent: up to ten calls), then the table's writes
    batchSize: 1,
    maxReceiveCount: 5,
    workerTimeoutSeconds: 120,
    // sends are spread per mailbox by the guard; this bounds the burst at the providers
    maxConcurrency: 5,
    summary: "Send one draft from the user's mailbox, exactly once (DESIGN §6 sending guard)",
  },
  'reply-check': {
    domain: 'replies',
    worker: 'reply-check-worker',
    // one mailbox per batch: read its changes from the stored cursor (a bounded page), record replies
    batchSize: 1,
    maxReceiveCount: 3,
    workerTimeoutSeconds: 60,
    maxConcurrency: 10,
    summary: 'Read one mailbox from its cursor: replies, auto-replies and bounces of its conversations',
  },
  'meeting-invitation': {
    domain: 'meetings',
    worker: 'invitation-worker',
    // one invitation per batch: renew the mailbox token, ask the mailbox whether this Message-ID already left (a
    // retry), send the e-mail with its iCalendar part, then the meeting's write
    batchSize: 1,
    maxReceiveCount: 5,
    workerTimeoutSeconds: 60,
    maxConcurrency: 5,
    summary:
      "E-mail a meeting's iCalendar invitation (REQUEST or CANCEL at its SEQUENCE) from the user's mailbox, once",
  },
  'notification-email': {
    domain: 'notifications',
    worker: 'notification-email-worker',
    // one e-mail per batch: the digest's items read, one SES SendEmail (vendorLimits-bounded), the digest marked sent
    batchSize: 1,
    maxReceiveCount: 5,
    workerTimeoutSeconds: 30,
    summary:
      'E-mail the user the replies of a 15-minute window (SPEC §3 emailNotifications), sent delayed when it opens, once',
  },
} as const satisfies Record<string, QueueSpec>;

export type QueueName = keyof typeof queues;

/** The environment variable that gives a producer a queue's URL: `email-lookup` -> `QUEUE_URL_EMAIL_LOOKUP`. */
export const queueUrlEnvName = (name: string) => `QUEUE_URL_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

export const queueEntries = (table: Record<string, QueueSpec> = queues) =>
  Object.entries(table).map(([name, spec]) => ({ name, ...spec }));

/** SQS requires the visibility timeout to cover the worker's run; AWS recommends 6x the function timeout. */
export const visibilityTimeoutSeconds = (spec: QueueSpec) => spec.workerTimeoutSeconds * 6;
