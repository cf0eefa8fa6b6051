import { plans, type PlanTier, type SubscriptionStatus } from '@shared/constants';

/** Texts of the plans page, the payment page and the failed-payment banner (SPEC §2 `/subscribe`, `/success`). */
export const billingTexts = {
  upgradeTo: (tier: PlanTier) => `Upgrade to ${plans[tier].label}`,
  downgradeTo: (tier: PlanTier) => `Downgrade to ${plans[tier].label}`,
  currentPlan: 'Your current plan',
  currentPlanTag: 'Current plan',
  manageBilling: 'Manage billing',
  updatePaymentMethod: 'Update payment method',
  renewsOn: (date: string) => `Renews on ${date}`,
  endsOn: (date: string) => `Ends on ${date}`,
  changesTo: (tier: PlanTier, date: string) => `Changes to ${plans[tier].label} on ${date}`,
  slotsUntilChange: (now: number, then: number) =>
    `You keep your ${now} contact slots until then; from that date you get ${then} a month.`,
  plansLoadFailed: 'Your plan could not be loaded',
  tryAgain: 'Try Again',
  status: {
    active: 'Active',
    trialing: 'Trial',
    past_due: 'Payment due',
    canceled: 'Cancelled',
    incomplete: 'Incomplete',
  } satisfies Record<SubscriptionStatus, string>,
  // /success
  paidTitle: 'Payment received',
  paidText: (tier: PlanTier) =>
    `Thank you! You are now on the ${plans[tier].label} plan: ${plans[tier].slotsPerPeriod} new contacts a month.`,
  pendingTitle: 'Payment processing',
  pendingText: 'Stripe is confirming your payment. This page updates as soon as it is done.',
  stillPendingText:
    'Your payment is still being processed. Your plan updates on its own once Stripe confirms it; you can check again or look at your plan in a moment.',
  checkAgain: 'Check again',
  expiredTitle: 'Checkout expired',
  expiredText: 'This checkout ended before a payment was made, so nothing was charged. You can start again from Plans.',
  notFoundTitle: 'Payment not found',
  notFoundText:
    'We could not find this checkout on your account, so nothing has changed. Your plan is on the Plans page.',
  checkFailedTitle: 'We could not check this payment',
  noPaymentTitle: 'No recent payment to show',
  noPaymentText:
    'This page confirms a plan change right after checkout. You have not just completed one; your plans and the one you are on are on the Plans page.',
  goToDashboard: 'Go to dashboard',
  viewPlans: 'View plans',
} as const;
