import { useEffect, useState } from 'react';
import type { PaidTier } from '@shared/schemas/billing';
import { useApiClient } from '@/lib/http/useApiClient';
import { billingErrorText, openPortal, startCheckout } from '../api/billingRedirects';

/** What is on its way to Stripe: a plan's checkout, or the Customer Portal. */
export type BillingRedirectTarget = PaidTier | 'portal';

/**
 * Sends the browser to Stripe Checkout for a plan or to the Customer Portal, with what is under way (for the button's
 * spinner) and why the last try failed. On success the page is left, so the pending target stays set.
 */
export const useBillingRedirect = () => {
  const api = useApiClient();
  const [pending, setPending] = useState<BillingRedirectTarget | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Back from Stripe through the browser's back-forward cache: the page comes back as it was left, spinning
  useEffect(() => {
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  const go = async (target: BillingRedirectTarget) => {
    setPending(target);
    setError(null);
    try {
      await (target === 'portal' ? openPortal(api) : startCheckout(api, target));
    } catch (failure) {
      setPending(null);
      setError(billingErrorText(failure));
    }
  };

  return {
    /** Stripe Checkout for `plan` (a paying user goes to the Customer Portal instead) */
    checkout: (plan: PaidTier) => go(plan),
    portal: () => go('portal'),
    pending,
    error,
    clearError: () => setError(null),
  };
};
