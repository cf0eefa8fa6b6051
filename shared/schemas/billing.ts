import * as z from 'zod/mini';
import { planTiers, subscriptionStatuses } from '../constants.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * Plans with Stripe and referrals: SPEC §2 (`/subscribe`, `/success`, contact-limit dialog, referral
 * pages), §3 (subscription fields, Quota), DESIGN §6 (plans and slots, referrals), §8 'Billing', 'Referrals'.
 */

export const paidTiers = ['starter', 'pro'] as const;
export type PaidTier = (typeof paidTiers)[number];

/** The texts the server answers with, once. */
export const billingMessages = {
  /** a paid user changes plan, payment method or cancels in the Customer Portal */
  alreadySubscribed: 'You already have a subscription. Change your plan in Manage billing.',
  noCustomer: 'There is no billing account yet: choose a plan first.',
  /** a second Upgrade while the first one's Checkout is still being made (a double click) */
  checkoutStarting: 'Your checkout is being prepared. Please try again in a moment.',
  /** Stripe is down or slow: nothing was changed */
  unavailable: 'Payments could not be reached. Please try again in a moment.',
  /** a webhook whose Stripe-Signature does not verify */
  badSignature: 'Invalid Stripe signature',
  /** the banner of a failed payment */
  paymentFailed: 'Your last payment failed. Update your payment method to keep your plan.',
} as const;

/** One plan as the pages show it (prices and slots from shared/constants.ts, the one place they live). */
export const planSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    tier: z.enum(planTiers),
    label: z.string(),
    slotsPerPeriod: z.int(),
    priceUsdMonthly: z.number(),
  }),
);

/** The user's subscription as the server knows it (the Stripe webhooks keep it). */
export const subscriptionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    tier: z.enum(planTiers),
    status: z.enum(subscriptionStatuses),
    /** when the current period ends and the plan renews (or ends, when cancelled), ISO 8601; null on free */
    renewalDate: z.nullable(z.string()),
    /** cancelled or downgraded: the tier that applies from `renewalDate` */
    cancelAtPeriodEnd: z.boolean(),
    pendingTier: z.nullable(z.enum(planTiers)),
    /** the last invoice failed: the banner shows, with a link to the portal */
    paymentFailed: z.boolean(),
    /** whether the Customer Portal is available (the user has a Stripe customer) */
    canManage: z.boolean(),
  }),
);
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/billing/plans: the plans, the user's subscription and slot usage (what /subscribe shows) */
export const billingPlansSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    plans: z.array(planSchema),
    subscription: subscriptionSchema,
    usage: z.object({
      slotsAllowed: z.int(),
      slotsUsed: z.int(),
      bonusSlotsAvailable: z.int(),
      /** the next period's start, ISO 8601 */
      slotsRefresh: z.nullable(z.string()),
    }),
  }),
);

/** POST /api/billing/checkout */
export const checkoutBody = /* @__PURE__ */ lazySchema(() => z.strictObject({ plan: z.enum(paidTiers) }));
/** POST /api/billing/checkout and /portal: where the browser goes (Stripe's hosted page) */
export const billingUrlSchema = /* @__PURE__ */ lazySchema(() => z.object({ url: z.string() }));

export const checkoutSessionParams = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ sessionId: z.string().check(z.regex(/^cs_[A-Za-z0-9_]{1,250}$/)) }),
);

/**
 * GET /api/billing/checkout/{sessionId}: what /success shows, asked of Stripe (never assumed): `paid` once the session
 * is complete and paid (the subscription is applied before answering), `pending` while payment is processing or the
 * session is open, `not_found` for an unknown session or one of another user, `expired` when it lapsed unpaid.
 */
export const checkoutStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: z.enum(['paid', 'pending', 'not_found', 'expired']),
    plan: z.nullable(z.enum(planTiers)),
    subscription: subscriptionSchema,
  }),
);

/** GET /api/referrals (DESIGN §8 'Referrals') */
export const referralsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string(),
    /** `<web origin>/signup?ref=CODE` */
    link: z.string(),
    referredCount: z.int(),
    bonusSlotsEarned: z.int(),
    /**
     * This calendar month (UTC, `YYYY-MM`): who joined with the code, how many of them were rewarded, and the most that
     * are (shared/constants.ts `referral.monthlyRewardLimit`; more are counted, not rewarded)
     */
    thisMonth: z.object({
      month: z.string(),
      joined: z.int(),
      rewarded: z.int(),
      rewardLimit: z.int(),
    }),
    referred: z.array(z.object({ name: z.string(), joinedAt: z.string(), rewarded: z.boolean() })),
  }),
);
export type Referrals = z.infer<typeof referralsSchema>;
