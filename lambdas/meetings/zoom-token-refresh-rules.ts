import { worstCaseMs } from '../providers/retry.js';
import { vendorLimits } from '../providers/vendor-limits.js';

/** The zoom-token-refresh job's limits (DESIGN §4), apart from its handler so the stack's tests can read them. */
export const zoomTokenRefresh = {
  /** DESIGN §4: connections whose access token expires within this are renewed */
  windowMs: 15 * 60_000,
  /** renewals at once (each is a Zoom call and a write) */
  concurrency: 5,
  /** connections read per index partition and run; the rest on the next run (every 10 minutes) */
  perPartition: 200,
} as const;

/**
 * After Zoom refused a refresh token that another renewal may just have used (Zoom rotates them), how long that
 * renewal is given to store what Zoom answered it before the connection is judged expired.
 */
export const zoomSettleMs = 1_000;

/**
 * What a renewal may take at worst: the refresh (one attempt: Zoom rotates refresh tokens), the wait for a renewal
 * that raced it when Zoom refused the token, and the table around them.
 */
export const zoomRenewalWorstCaseMs = worstCaseMs({ ...vendorLimits.zoom, retries: 0 }) + zoomSettleMs + 2_000;
