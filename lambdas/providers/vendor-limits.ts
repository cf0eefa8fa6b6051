import { type RetryPolicy, worstCaseMs } from './retry.js';

/**
 * Every outside service's time limit and retries, in one place: the providers read their policy here, and the CDK
 * test holds each Lambda's timeout above the worst case of the vendor calls it makes (infra/stack.test.ts).
 */
export const vendorLimits = {
  /**
   * People Data Labs person enrichment: once per contacts request (add, preview), under API Gateway's 29 s.
   * 3 x 7 s + 2 x 2 s = 25 s.
   */
  enrichment: { attemptTimeoutMs: 7_000, retries: 2, baseDelayMs: 250, maxDelayMs: 2_000 },
  /**
   * QuickEmailVerification: up to 11 per lookup message (the user's own address, then 10 patterns), one after another.
   * Its SMTP check can take seconds. 3 x 10 s + 2 x 2 s = 34 s.
   */
  verification: { attemptTimeoutMs: 10_000, retries: 2, baseDelayMs: 250, maxDelayMs: 2_000 },
  /**
   * OpenAI chat completions through the SDK's own retries (`timeout`, `maxRetries`): once per AI request, under API
   * Gateway's 29 s. The SDK honours a Retry-After up to 60 s, so the whole call is also cut at `worstCaseMs`.
   * 2 x 12 s + 2 s = 26 s.
   */
  openai: { attemptTimeoutMs: 12_000, retries: 1, baseDelayMs: 500, maxDelayMs: 2_000 },
  /**
   * An AI-written e-mail (OpenAI through the SDK's retries), after its research call, both under API Gateway's 29 s on
   * POST /ai/generate-ai-email: 2 x 10 s + 2 s = 22 s; with research's 5 s, 27 s.
   */
  openaiEmail: { attemptTimeoutMs: 10_000, retries: 1, baseDelayMs: 500, maxDelayMs: 2_000 },
  /**
   * A received reply's label (lambdas/replies/triage.ts), once per new reply while a mailbox is read: short, as a
   * label that does not come is recorded as `other` and the reading goes on. 2 x 5 s + 1 s = 11 s.
   */
  openaiTriage: { attemptTimeoutMs: 5_000, retries: 1, baseDelayMs: 500, maxDelayMs: 1_000 },
  /**
   * The research port's web search (Perplexity through the OpenAI SDK), before an e-mail is written: one attempt, as
   * an e-mail is worth writing without its facts (generation goes on without them). 5 s.
   */
  research: { attemptTimeoutMs: 5_000, retries: 0, baseDelayMs: 250, maxDelayMs: 1_000 },
  /**
   * Stripe (lambdas/providers/billing/stripe.ts) through the SDK's own retries (`timeout`, `maxNetworkRetries`; a POST
   * is retried with the SDK's idempotency key, so it is not made twice). The SDK's first retry waits 0.5 s. The longest
   * routes make three calls in a row (a returning customer's open Checkout listed, the one left open expired, then a
   * new Checkout Session): 3 x (2 x 4 s + 0.5 s) = 25.5 s under API Gateway's 29 s.
   */
  stripe: { attemptTimeoutMs: 4_000, retries: 1, baseDelayMs: 500, maxDelayMs: 500 },
  /**
   * Google's and Microsoft's sign-in endpoints and the mailbox's profile (Gmail getProfile, Graph /me), each call: the
   * OAuth callback route makes two in a row (code for tokens, then the address) under API Gateway's 29 s:
   * 2 x (2 x 5 s + 1 s) = 22 s.
   */
  mailAuth: { attemptTimeoutMs: 5_000, retries: 1, baseDelayMs: 250, maxDelayMs: 1_000 },
  /**
   * The Gmail API and Graph mail calls (lambdas/providers/mail/{gmail-mail,graph-mail}.ts), each call: a send (one
   * attempt: a POST is never repeated inside the adapter, the send worker retries after asking `findSent`), a page of
   * changes, one message. A send carrying a résumé may take seconds. Reads: 2 x 10 s + 2 s = 22 s.
   */
  mailApi: { attemptTimeoutMs: 10_000, retries: 1, baseDelayMs: 500, maxDelayMs: 2_000 },
  /**
   * Zoom (lambdas/providers/meetings/zoom.ts), each call: reads, updates, deletes and the revocation 2 x 4 s + 1 s = 9 s;
   * the token grants and a new meeting are one attempt of 4 s (a refresh rotates the refresh token, a meeting must not
   * be made twice). The longest route, POST /zoom/oauth/exchange, makes a grant, `users/me` and the revocation of the
   * connection it replaces: 4 + 9 + 9 = 22 s under API Gateway's 29 s.
   */
  zoom: { attemptTimeoutMs: 4_000, retries: 1, baseDelayMs: 250, maxDelayMs: 1_000 },
  /**
   * Amazon SES v2 SendEmail (lambdas/providers/notification-mail/ses.ts): one attempt of 5 s, as SendEmail has no
   * idempotency key and a repeat would mail the user twice; the notification worker's redelivery tries again.
   */
  ses: { attemptTimeoutMs: 5_000, retries: 0, baseDelayMs: 250, maxDelayMs: 1_000 },
} as const satisfies Record<string, RetryPolicy>;

export type Vendor = keyof typeof vendorLimits;

/** The longest the given vendor calls take one after another, e.g. `{ verification: 11 }`. */
export const vendorBudgetMs = (calls: Partial<Record<Vendor, number>>) =>
  Object.entries(calls).reduce((sum, [vendor, count]) => sum + worstCaseMs(vendorLimits[vendor as Vendor]) * count, 0);
