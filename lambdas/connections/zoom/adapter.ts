import { setTimeout as sleep } from 'node:timers/promises';
import type { RenewalOutcome } from '../../core/renewals.js';
import { openConnectionTokens, sealConnectionTokens } from '../sealing.js';
import { getZoomConnection, replaceZoomConnection, type ZoomConnectionItem } from '../../data/zoom-connection.js';
import type { DataKeyPort } from '../../providers/crypto/port.js';
import { ZoomFailure, type ZoomProvider, type ZoomTokens } from '../../providers/meetings/port.js';
import { type ConnectionAdapter, type ConnectionDeps, publishConnectionChanged } from '../adapter.js';
import { renewalWorstCaseMs, zoomSettleMs } from '../rules.js';

/**
 * Zoom: one connection per user, renewed safely under Zoom's rotating refresh tokens (lambdas/providers/meetings/zoom.ts
 * is the vendor's API).
 */
export type ZoomConnectionDeps = ConnectionDeps & {
  keys: DataKeyPort;
  zoom: { auth: Pick<ZoomProvider['auth'], 'refresh'> };
};

export type ZoomTokenPair = { accessToken: string; refreshToken: string };

export type ZoomAccess =
  | { status: 'connected'; accessToken: string; connectionId: string }
  | { status: 'none' }
  | { status: 'expired' };

const zoomRef = (item: Pick<ZoomConnectionItem, 'uid' | 'id'>) => ({
  provider: 'zoom' as const,
  uid: item.uid,
  id: item.id,
});

export const sealZoomTokens = (
  deps: Pick<ZoomConnectionDeps, 'keys'>,
  item: Pick<ZoomConnectionItem, 'uid' | 'id'>,
  tokens: ZoomTokenPair,
) => sealConnectionTokens(deps.keys, zoomRef(item), tokens);

/** A Zoom connection's tokens; both are always there (Zoom issues a refresh token with every access token). */
export const openZoomTokens = async (
  deps: Pick<ZoomConnectionDeps, 'keys'>,
  item: ZoomConnectionItem,
): Promise<ZoomTokenPair> => {
  const { accessToken, refreshToken } = await openConnectionTokens(deps.keys, {
    ...zoomRef(item),
    tokens: item.tokens,
  });
  if (refreshToken === null) throw new Error(`The Zoom connection of ${item.uid} holds no tokens`);
  return { accessToken, refreshToken };
};

const connectedWith = (item: ZoomConnectionItem, accessToken: string): ZoomAccess => ({
  status: 'connected',
  accessToken,
  connectionId: item.id,
});

/** What a connection read again gives: its own tokens while connected. */
export const zoomAccessOf = async (
  deps: Pick<ZoomConnectionDeps, 'keys'>,
  item: ZoomConnectionItem | null,
): Promise<ZoomAccess> => {
  if (!item) return { status: 'none' };
  if (item.refreshError !== null) return { status: 'expired' };
  return connectedWith(item, (await openZoomTokens(deps, item)).accessToken);
};

/** The connection changed since `item` was read: by another write, or not at all (null: deleted since). */
const changedSince = (item: ZoomConnectionItem, current: ZoomConnectionItem | null) =>
  !current || current.version !== item.version;

/** Writes `renewed` (tokens Zoom just issued) as the next version of what it was read from; the access it gives. */
const storeRenewal = async (
  deps: ZoomConnectionDeps,
  renewed: ZoomConnectionItem,
  fresh: ZoomTokenPair,
): Promise<ZoomAccess> => {
  let read = renewed;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await replaceZoomConnection(deps.db, read)) {
      // a renewal after an expiry written by a renewal that lost the race (see below) brings the connection back
      if (read.refreshError === null && read !== renewed) {
        await publishConnectionChanged(deps, 'zoom', renewed.uid, renewed.id);
      }
      return connectedWith(renewed, fresh.accessToken);
    }
    const current = await getZoomConnection(deps.db, renewed.uid);
    // another renewal stored its tokens (use them), the user reconnected (a new connection) or disconnected
    if (!current || current.id !== renewed.id || current.refreshError === null) return zoomAccessOf(deps, current);
    // a renewal that raced ours saw Zoom refuse the refresh token we had just used and judged the grant gone; the
    // tokens Zoom issued us prove it is not: they are stored over the expiry
    read = { ...renewed, version: current.version };
  }
  throw new Error(`The Zoom connection of ${renewed.uid} changed under three attempts to store its renewal`);
};

/**
 * Marks a connection expired (SPEC §4: a refreshError of invalid_grant means expired): off the due index, its tokens
 * kept until the user reconnects or disconnects. A change made meanwhile wins.
 */
const markExpired = async (deps: ZoomConnectionDeps, item: ZoomConnectionItem): Promise<ZoomAccess> => {
  const expired: ZoomConnectionItem = { ...item, refreshError: 'invalid_grant', updatedAt: deps.now().toISOString() };
  if (await replaceZoomConnection(deps.db, expired)) {
    await publishConnectionChanged(deps, 'zoom', item.uid, item.id);
    return { status: 'expired' };
  }
  return zoomAccessOf(deps, await getZoomConnection(deps.db, item.uid));
};

/**
 * Renews a connection's access token with its refresh token. Zoom rotates refresh tokens: the old one is refused
 * (`invalid_grant`) once another renewal used it, so a refusal is judged on the connection read again, and after a
 * short wait (the other renewal storing what Zoom answered it): changed since, it is that renewal's tokens that count;
 * unchanged, the grant is gone and the connection is expired. Zoom down (`unavailable`) changes nothing and is thrown.
 */
export const renewZoomConnection = async (deps: ZoomConnectionDeps, item: ZoomConnectionItem): Promise<ZoomAccess> => {
  const tokens = await openZoomTokens(deps, item);
  let fresh: ZoomTokens;
  try {
    fresh = await deps.zoom.auth.refresh(tokens.refreshToken);
  } catch (error) {
    if (!(error instanceof ZoomFailure && error.kind === 'invalid_grant')) throw error;
    let current = await getZoomConnection(deps.db, item.uid);
    if (!changedSince(item, current)) {
      await sleep(zoomSettleMs);
      current = await getZoomConnection(deps.db, item.uid);
    }
    if (changedSince(item, current)) return zoomAccessOf(deps, current);
    return markExpired(deps, item);
  }
  const pair: ZoomTokenPair = { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken };
  const renewed: ZoomConnectionItem = {
    ...item,
    expiresAt: fresh.expiresAt.toISOString(),
    refreshError: null,
    updatedAt: deps.now().toISOString(),
    tokens: await sealZoomTokens(deps, item, pair),
  };
  return storeRenewal(deps, renewed, pair);
};

/** Zoom's adapter for the token-refresh job. */
export const zoomConnectionAdapter = (deps: ZoomConnectionDeps): ConnectionAdapter => ({
  provider: 'zoom',
  worstCaseMs: renewalWorstCaseMs.zoom,
  renewDue: async (due, cutoff): Promise<RenewalOutcome> => {
    const item = await getZoomConnection(deps.db, due.uid);
    if (!item || item.refreshError !== null || new Date(item.expiresAt) >= cutoff) return 'skipped';
    const access = await renewZoomConnection(deps, item);
    return access.status === 'expired' ? 'expired' : access.status === 'connected' ? 'renewed' : 'skipped';
  },
  failureFields: (error) => ({
    reason: error instanceof ZoomFailure ? error.kind : error instanceof Error ? error.name : 'unknown',
  }),
});
