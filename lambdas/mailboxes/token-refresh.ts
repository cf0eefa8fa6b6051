import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { createLogger } from '../core/logger.js';
import { type RenewalOutcome, type RenewalSummary, renewDue } from '../core/renewals.js';
import { getMailbox, mailboxesExpiringBefore, type MailboxItem } from '../data/mailbox.js';
import { mailboxesDepsFromEnv } from './deps.js';
import { type MailboxesDeps, renewMailbox } from './service.js';
import { renewalWorstCaseMs, tokenRefresh } from './token-refresh-rules.js';

export type TokenRefreshSummary = RenewalSummary;

/**
 * Renews the access tokens that expire within 15 minutes (DESIGN §4), found with one Query per partition of the
 * refresh index, never a scan. Each is read again first: one renewed since the index was read (by a user's call, or
 * an overlapping run) is left alone, so runs are idempotent. A gone grant marks the mailbox expired (and tells the
 * user's tabs); a provider that is down, or any other failure, leaves it for the next run and does not stop the others.
 * No renewal starts once less than its worst case is left before `deadline` (the Lambda's timeout, e.g. while a
 * provider is down and every call takes its full time): the rest wait for the next run instead of being cut off.
 */
export const refreshExpiringTokens = async (
  deps: MailboxesDeps & { logger: Pick<Logger, 'warn' | 'info'> },
  options: { deadline?: Date } = {},
): Promise<TokenRefreshSummary> => {
  const cutoff = new Date(deps.now().getTime() + tokenRefresh.windowMs);
  const due = await mailboxesExpiringBefore(deps.db, cutoff, tokenRefresh.perPartition);
  const timeLeft = () => !options.deadline || options.deadline.getTime() - deps.now().getTime() >= renewalWorstCaseMs;

  const renewOne = async (listed: MailboxItem): Promise<RenewalOutcome> => {
    const item = await getMailbox(deps.db, listed.uid, listed.id);
    if (item?.status !== 'connected' || !item.renewable || new Date(item.expiry) >= cutoff) return 'skipped';
    const renewal = await renewMailbox(deps, item);
    return renewal.item.status === 'expired' ? 'expired' : 'renewed';
  };

  return renewDue(due, {
    concurrency: tokenRefresh.concurrency,
    canStart: timeLeft,
    renewOne,
    onFailure: (listed, error) =>
      deps.logger.warn('a mailbox token was not renewed; the next run tries again', {
        userId: listed.uid,
        mailboxId: listed.id,
        provider: listed.provider,
        error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      }),
  });
};

const logger = createLogger('mailboxes');
const deps = { ...mailboxesDepsFromEnv(logger), logger };

/** The `token-refresh` job of shared/schedules.ts. */
export const handler = async (_event: unknown, context: Context): Promise<TokenRefreshSummary> => {
  const summary = await refreshExpiringTokens(deps, {
    deadline: new Date(Date.now() + context.getRemainingTimeInMillis()),
  });
  logger.info('renewed expiring mailbox tokens', { ...summary });
  return summary;
};
