import { worstCaseMs } from '../providers/retry.js';
import { vendorLimits } from '../providers/vendor-limits.js';

/** The token-refresh job's limits (DESIGN §4), apart from its handler so the stack's tests can read them. */
export const tokenRefresh = {
  /** DESIGN §4: connections whose access token expires within this are renewed */
  windowMs: 15 * 60_000,
  /** renewals at once (each is a provider call and a write) */
  concurrency: 5,
  /** connections read per index partition and run; the rest on the next run (every 10 minutes) */
  perPartition: 200,
} as const;

/** SPEC §4 (token cache, silent refresh): an access token with less left is renewed before it is handed out. */
export const renewMarginMs = 5 * 60_000;

/**
 * After Zoom refused a refresh token that another renewal may just have used (Zoom rotates them), how long that
 * renewal is given to store what Zoom answered it before the connection is judged expired.
 */
export const zoomSettleMs = 1_000;

/**
 * What one renewal may take at worst, by adapter: a mailbox's refresh call with its retry and the table around it;
 * Zoom's refresh (one attempt: Zoom rotates refresh tokens), the wait for a renewal that raced it when Zoom refused the
 * token, and the table around them. A run starts no renewal it could not finish before its deadline.
 */
export const renewalWorstCaseMs = {
  mail: worstCaseMs(vendorLimits.mailAuth) + 2_000,
  zoom: worstCaseMs({ ...vendorLimits.zoom, retries: 0 }) + zoomSettleMs + 2_000,
} as const;
