import type { Logger } from '@aws-lambda-powertools/logger';
import type { RenewalOutcome } from '../core/renewals.js';
import type { DataClient } from '../data/client.js';
import type { ConnectionKind, ConnectionProvider, DueConnection } from '../data/connection.js';
import type { LivePort } from '../providers/live/port.js';

/** What every connection adapter works with. */
export type ConnectionDeps = {
  db: DataClient;
  live: LivePort;
  now: () => Date;
  logger?: Pick<Logger, 'warn' | 'info'> | undefined;
};

/**
 * A provider's part of the OAuth-connection core (as cal.com's app-store keeps one folder per vendor behind one
 * interface): how a due connection of that provider is renewed. The core owns the rest: the entity and its sealing
 * (lambdas/data/connection.ts), the due index, the renewal job's loop and its limits (renewal.ts, rules.ts).
 */
export type ConnectionAdapter = {
  provider: ConnectionProvider;
  /** what one renewal may take at worst (rules.ts): no renewal starts with less left before the run's deadline */
  worstCaseMs: number;
  /**
   * Renews a connection the due index listed, read again first: one renewed, expired or deleted since the index was
   * read (by a user's call, or an overlapping run) is `skipped`; a gone grant is `expired`. Throws when the provider
   * is down or anything else failed: the next run tries again.
   */
  renewDue: (due: DueConnection, cutoff: Date) => Promise<RenewalOutcome>;
  /** what a failed renewal's log line says of the failure (never a token) */
  failureFields: (error: unknown) => Record<string, unknown>;
};

/** Tells the user's open tabs a connection changed (best effort: pages poll too); never the answer's concern. */
export const publishConnectionChanged = async (deps: ConnectionDeps, kind: ConnectionKind, uid: string, id: string) => {
  await deps.live
    .publish(uid, { type: 'connection.changed', data: { kind: kind === 'zoom' ? 'zoom' : 'email', id } })
    .catch((error: unknown) =>
      deps.logger?.warn('connection.changed was not published', {
        error: error instanceof Error ? error.name : 'unknown',
      }),
    );
};
