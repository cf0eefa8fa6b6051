// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { WebConfig } from '@shared/web-config';
import { authState } from '@/modules/auth/state/authState';
import { WebConfigContext } from '@/modules/config/hooks/useWebConfig';
import { ContactLimitDialog } from '@/modules/quota/components/ContactLimitDialog';
import { openContactLimitDialog, resetUpgradeModal } from '@/modules/quota/state/upgradeModalState';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { billingPlansOf } from '@/test/billingFixtures';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { quotaOf } from '@/test/quotaFixtures';
import { lazyCodeTestTimeoutMs, untilPasses } from '@/test/untilPasses';
import { PricingPage } from './PricingPage';

/**
 * The app's providers (Amplify, the token cache, the live socket) are the router's business and have their own tests:
 * here a signed-in visitor's API is the test's fake, given by the same element the pricing page loads.
 */
const fakeApi = vi.hoisted(() => ({
  request: (..._args: unknown[]): Promise<unknown> => Promise.reject(new Error('unset')),
}));
vi.mock('@/app/AppProviders', () => ({
  AppProviders: ({ children }: { children: ReactNode }) => (
    <ApiTestProviders api={{ request: (...args: never[]) => fakeApi.request(...args) }}>{children}</ApiTestProviders>
  ),
}));

const { render } = mountPerTest();

const config = { userPoolClientId: 'client-1' } as WebConfig;
const sessionKey = 'CognitoIdentityServiceProvider.client-1.LastAuthUser';

let assign: MockInstance<(url: string) => void>;
let request: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  request = vi.fn(async (route: string) => {
    if (route === 'GET /api/billing/plans') return billingPlansOf({}, { slotsUsed: 25, slotsAllowed: 25 });
    if (route === 'GET /api/profiles/slots') return quotaOf({ slotsUsed: 25, totalAvailableSlots: 0 });
    if (route === 'POST /api/billing/checkout') return { url: 'https://checkout.example/cs_test_limit' };
    throw new Error(`unexpected ${route}`);
  });
  fakeApi.request = request as never;
  resetUpgradeModal();
});
afterEach(() => {
  assign.mockRestore();
  localStorage.clear();
  Object.assign(authState, { status: 'initial', user: null, ready: false });
});

/** The dashboard's limit dialog and /pricing, as the router has them. */
const showApp = async (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <ContactLimitDialog /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/signup', element: <p>Sign-up page</p> },
    ],
    { initialEntries: [path] },
  );
  await render(
    <WebConfigContext.Provider value={config}>
      <ApiTestProviders api={{ request: (...args: never[]) => fakeApi.request(...args) }}>
        <RouterProvider router={router} />
      </ApiTestProviders>
    </WebConfigContext.Provider>,
  );
  return router;
};

describe('the pricing page', () => {
  it("sends a visitor's plan buttons to sign-up", async () => {
    await showApp('/pricing');
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.plan-cards__action')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Start for free', '/signup'],
      ['Choose Starter', '/signup'],
      ['Choose Pro', '/signup'],
    ]);
    expect(document.body.textContent).toContain('Start with the free plan');
    expect(request).not.toHaveBeenCalled();
  });

  it(
    "takes a signed-in user from the limit dialog's Upgrade Plan through /pricing to Stripe Checkout",
    async () => {
      localStorage.setItem(sessionKey, 'someone');
      // the session read from that storage (Amplify's part, tested with the auth module)
      Object.assign(authState, {
        status: 'authenticated',
        user: { userId: 'u1', email: 'a@example.com', name: 'Ada' },
        ready: true,
      });
      const router = await showApp('/dashboard');
      await act(async () => openContactLimitDialog());
      await untilPasses(() => expect(buttonIn('.ant-modal', 'Upgrade Plan')).toBeDefined());
      await act(async () => buttonIn('.ant-modal', 'Upgrade Plan')?.click());
      expect(router.state.location.pathname).toBe('/pricing');

      await untilPasses(() => expect(buttonIn('.plan-cards', 'Upgrade to Starter')).toBeDefined());
      expect(document.querySelector('.plan-cards__card--current h3')?.textContent).toBe('FreeYour plan');
      expect(document.querySelector('a[href="/signup"].plan-cards__action')).toBeNull();
      // the invitation to create an account is for visitors
      expect(document.body.textContent).not.toContain('Start with the free plan');
      await act(async () => buttonIn('.plan-cards', 'Upgrade to Starter')?.click());
      await untilPasses(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_limit'));
      expect(request).toHaveBeenCalledWith('POST /api/billing/checkout', { body: { plan: 'starter' } });
    },
    lazyCodeTestTimeoutMs,
  );
});
