/**
 * The OAuth-connection core (Gmail, Outlook, Zoom), what the mailboxes and meetings domains use of it (biome.json: a
 * domain reaches another only through its index.ts): the entity and its sealing are lambdas/data/connection.ts; here
 * are the renewal job's loop and limits, and each provider's adapter (mail/: Gmail and Outlook, zoom/: Zoom).
 */
export { type ConnectionAdapter, type ConnectionDeps, publishConnectionChanged } from './adapter.js';
export {
  expireMailboxItem,
  isGrantGone,
  type MailConnectionDeps,
  MailboxGone,
  type MailRenewal,
  openMailboxTokens,
  renewMailConnection,
  scopesOf,
  sealMailboxTokens,
  settleMailbox,
} from './mail/adapter.js';
export {
  connectionAdapters,
  refreshExpiringConnections,
  type TokenRefreshDeps,
  type TokenRefreshSummary,
} from './renewal.js';
export { renewalWorstCaseMs, renewMarginMs, tokenRefresh, zoomSettleMs } from './rules.js';
export {
  openZoomTokens,
  renewZoomConnection,
  sealZoomTokens,
  type ZoomAccess,
  type ZoomConnectionDeps,
  zoomAccessOf,
} from './zoom/adapter.js';
