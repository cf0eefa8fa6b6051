import { type RouteName, routeEntries } from '../shared/routes.js';

/**
 * Per-client request limits (AWS WAF rate-based rules, one source IP address being one client). The stage's own
 * throttle (100 rps on a durable stage, infra/constructs/api.ts) is shared by everyone; these keep one address from
 * taking it all, and keep the vendors' webhooks and the people using the app out of each other's count.
 */
export type RateLimit = {
  /** the rule's name and its CloudWatch metric's */
  name: string;
  /** requests one address may make in `windowSeconds`; past it, its requests of this rule answer 429 */
  limit: number;
  /** WAF's sliding window: 60, 120, 300 or 600 seconds */
  windowSeconds: 60 | 120 | 300 | 600;
  /** the requests it counts, by path: only these (`only`), or all but these (`except`) @default every request */
  only?: readonly string[];
  except?: readonly string[];
};

/**
 * The providers' push endpoints (DESIGN §8: Stripe, Gmail's Pub/Sub push, Graph change notifications, Zoom): every
 * route under `/api/webhooks/` of the route table.
 */
export const webhookPaths = routeEntries()
  .filter((route) => route.path.startsWith('/api/webhooks/'))
  .map((route) => route.path);

/**
 * Routes whose one request costs money or minutes elsewhere: an AI completion (and a web search) per call, up to 100
 * queued at once, a paid profile lookup that uses no slot, whole mailboxes read, documents parsed, an account's every
 * item exported; and the public OAuth callbacks a guesser of codes would try. Each is one click of a person who then
 * waits seconds for it; adding contacts (`POST /api/contacts`, one request per row of a CSV import) is not among them.
 */
const costlyRoutes = [
  'POST /ai/generate-ai-email',
  'POST /api/outreach/generate',
  'POST /api/profiles/normalize',
  'POST /api/contacts/preview',
  'POST /api/conversations/check-replies',
  'POST /outlook/check-replies-batch',
  'POST /process-file',
  'POST /api/profiles/resume',
  'POST /api/profiles/cover-letter',
  'GET /api/account/export',
  'POST /api/email-connections/oauth/callback-public',
  'GET /zoom/oauth/authorize',
] as const satisfies readonly RouteName[];

export const costlyPaths = [...new Set(costlyRoutes.map((key) => key.split(' ')[1]!))];

/** The public page-visit collector (SPEC §2 'tracking'): anyone may call it, without a token. */
const trackingRoutes = ['POST /api/track'] as const satisfies readonly RouteName[];
export const trackingPaths = trackingRoutes.map((key) => key.split(' ')[1]!);

/**
 * The REST API's limits, first match counting (a webhook is counted by its own rule only; a costly route by its rule
 * and by the app's).
 * - webhooks: vendors push many users' events from few addresses (Google's and Microsoft's push services, Stripe's
 *   dozen IPs); 3,000 a minute (50 rps) is far above what they send for this product, and a flood from one address
 *   stops at half the durable stage.
 * - costly: 200 in 5 minutes (one every 1.5 s for 5 minutes): a person waits seconds for each of these, so even a few
 *   people behind one office address never reach it; a script calling the AI in a loop is stopped within minutes.
 * - app: 1,500 a minute (25 rps for a whole minute). A page load makes 10-20 calls, a CSV import or a bulk delete one
 *   request at a time (5-10 rps with its activity reports and the live revalidations); a dozen people behind one
 *   office address stay below it, while one address alone gets at most a quarter of the durable stage.
 * - tracking: 300 in 5 minutes (one a second). The web sends one batch per page seen (a few seconds of events at
 *   once) and one when the page is left: a visitor clicking through the site makes a request every few seconds, a
 *   dozen behind one address stay below it, and a flood of made-up visits from one address is stopped within
 *   seconds, so it cannot fill the table with counters (each request also counts in the app's rule).
 */
export const apiRateLimits: readonly RateLimit[] = [
  { name: 'Webhooks', limit: 3_000, windowSeconds: 60, only: webhookPaths },
  { name: 'Costly', limit: 200, windowSeconds: 300, only: costlyPaths },
  { name: 'Tracking', limit: 300, windowSeconds: 300, only: trackingPaths },
  { name: 'App', limit: 1_500, windowSeconds: 60, except: webhookPaths },
];

/**
 * The web's CloudFront distribution (static files: index.html, config.json, the hashed chunks, fonts, the blog):
 * 2,000 a minute. A first visit loads about 50 files and later visits fewer (cached); a whole office opening the
 * app at nine stays below it, a crawler or a loop fetching every file does not.
 */
export const webRateLimits: readonly RateLimit[] = [{ name: 'Web', limit: 2_000, windowSeconds: 60 }];
