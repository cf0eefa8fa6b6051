/** The plans and the payment-success page (SPEC §2 'Protected routes'). */
export const billingPaths = { subscribe: '/subscribe', success: '/success' } as const;
