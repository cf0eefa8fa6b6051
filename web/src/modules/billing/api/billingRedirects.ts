import type { PaidTier } from '@shared/schemas/billing';
import type { ApiClient } from '@/lib/http/apiClient';
import { isApiError } from '@/lib/http/ApiError';
import { createCheckout, createPortal } from './billingApi';

type Api = Pick<ApiClient, 'request'>;

/** Where the browser goes next (Stripe's hosted pages leave the app). @default window.location.assign */
export type Leave = (url: string) => void;

const leavePage: Leave = (url) => window.location.assign(url);

/** The code of POST /api/billing/checkout for a user who already pays: plan changes go through the Customer Portal. */
export const alreadySubscribedCode = 'already_subscribed';

/** Leaves for the Customer Portal (change plan, payment method, cancel). */
export const openPortal = async (api: Api, leave: Leave = leavePage) => {
  const { url } = await createPortal(api);
  leave(url);
};

/**
 * Leaves for Stripe Checkout for `plan`; a user who already has a paid plan changes it in the Customer Portal instead
 * (the server's 409 `already_subscribed`).
 */
export const startCheckout = async (api: Api, plan: PaidTier, leave: Leave = leavePage) => {
  try {
    const { url } = await createCheckout(api, plan);
    leave(url);
  } catch (error) {
    if (isApiError(error) && error.status === 409 && error.code === alreadySubscribedCode) {
      await openPortal(api, leave);
      return;
    }
    throw error;
  }
};

/** The code of a 503 whose text says Stripe could not be reached and nothing changed (billingMessages.unavailable). */
export const billingUnavailableCode = 'billing_unavailable';

/**
 * The text of a failed redirect: SPEC §8's (which already gives the server's words for a mutation's 400 and 409), but
 * the server's own for its 503 `billing_unavailable`, which says what happened rather than a generic server error.
 */
export const billingErrorText = (error: unknown) => {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  return error.status === 503 && error.code === billingUnavailableCode && error.serverMessage
    ? error.serverMessage
    : error.message;
};
