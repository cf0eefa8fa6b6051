import { worstCaseMs } from '../providers/retry.js';
import { vendorLimits } from '../providers/vendor-limits.js';

/** The token-refresh job's limits (DESIGN §4), apart from its handler so the stack's tests can read them. */
export const tokenRefresh = {
  /** DESIGN §4: connections whose access token expires within this are renewed */
  windowMs: 15 * 60_000,
  /** renewals at once (each is a provider call and a write) */
  concurrency: 5,
  /** mailboxes read per index partition and run; the rest on the next run (every 10 minutes) */
  perPartition: 200,
} as const;

/** What a renewal may take at worst (a refresh call with its retry, and the table around it). */
export const renewalWorstCaseMs = worstCaseMs(vendorLimits.mailAuth) + 2_000;
