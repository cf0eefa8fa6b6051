import type { Logger } from '@aws-lambda-powertools/logger';
import { type RenewalSummary, renewDue } from '../core/renewals.js';
import { type ConnectionProvider, connectionKindOf, connectionsDueBefore } from '../data/connection.js';
import type { ConnectionAdapter, ConnectionDeps } from './adapter.js';
import { type MailConnectionDeps, mailConnectionAdapter } from './mail/adapter.js';
import { tokenRefresh } from './rules.js';
import { type ZoomConnectionDeps, zoomConnectionAdapter } from './zoom/adapter.js';

export type TokenRefreshSummary = RenewalSummary;

/** What the job is given: the core's dependencies, and each provider's (a provider without them is not renewed). */
export type TokenRefreshDeps = ConnectionDeps & {
  logger: Pick<Logger, 'warn' | 'info'>;
} & Partial<Pick<MailConnectionDeps, 'keys' | 'mail'> & Pick<ZoomConnectionDeps, 'zoom'>>;

/** The adapters of the providers `deps` can renew: Gmail and Outlook with the mail sign-ins, Zoom with Zoom. */
export const connectionAdapters = (deps: TokenRefreshDeps): ConnectionAdapter[] => {
  const { keys, mail, zoom } = deps;
  if (!keys) return [];
  return [
    ...(mail
      ? (['gmail', 'outlook'] as const).map((provider) => mailConnectionAdapter({ ...deps, keys, mail }, provider))
      : []),
    ...(zoom ? [zoomConnectionAdapter({ ...deps, keys, zoom })] : []),
  ];
};

/**
 * The token-refresh job (DESIGN §4), one loop for every provider: renews the access tokens that expire within 15
 * minutes, found with one Query per partition of the due index (lambdas/data/connection.ts), never a scan, soonest
 * first, `concurrency` at once, each by its provider's adapter. Each is read again first: one renewed since the index
 * was read (by a user's call, or an overlapping run) is left alone, so runs are idempotent. A gone grant marks the
 * connection expired (and tells the user's tabs); a provider that is down, or any other failure, leaves it for the next
 * run and does not stop the others. No renewal starts once less than its adapter's worst case is left before
 * `deadline` (the Lambda's timeout, e.g. while a provider is down and every call takes its full time): the rest wait
 * for the next run instead of being cut off.
 */
export const refreshExpiringConnections = async (
  deps: TokenRefreshDeps,
  options: { deadline?: Date; adapters?: readonly ConnectionAdapter[] } = {},
): Promise<TokenRefreshSummary> => {
  const adapters = new Map<ConnectionProvider, ConnectionAdapter>(
    (options.adapters ?? connectionAdapters(deps)).map((adapter) => [adapter.provider, adapter]),
  );
  const kinds = [...new Set([...adapters.keys()].map(connectionKindOf))];
  const cutoff = new Date(deps.now().getTime() + tokenRefresh.windowMs);
  const due = (await connectionsDueBefore(deps.db, kinds, cutoff, tokenRefresh.perPartition)).filter((listed) =>
    adapters.has(listed.provider),
  );
  const adapterOf = (provider: ConnectionProvider) => adapters.get(provider)!;

  return renewDue(due, {
    concurrency: tokenRefresh.concurrency,
    canStart: (next) =>
      !options.deadline || options.deadline.getTime() - deps.now().getTime() >= adapterOf(next.provider).worstCaseMs,
    renewOne: (listed) => adapterOf(listed.provider).renewDue(listed, cutoff),
    onFailure: (listed, error) =>
      deps.logger.warn('a connection token was not renewed; the next run tries again', {
        userId: listed.uid,
        connectionId: listed.id,
        provider: listed.provider,
        ...adapterOf(listed.provider).failureFields(error),
      }),
  });
};
