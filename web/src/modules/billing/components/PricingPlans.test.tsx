// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { authState } from '@/modules/auth/state/authState';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { billingPlansOf } from '@/test/billingFixtures';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import type { BillingPlans } from '../hooks/useBillingPlans';
import { PricingPlans } from './PricingPlans';

const { render } = mountPerTest();

let assign: MockInstance<(url: string) => void>;
const signedOut = {
  status: 'unauthenticated',
  user: null,
  error: null,
  signedOutByUser: false,
  settled: true,
  ready: false,
} as const;

beforeEach(() => {
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  Object.assign(authState, {
    ...signedOut,
    status: 'authenticated',
    user: { userId: 'u1', email: 'a@example.com', name: 'Ada' },
    ready: true,
  });
});
afterEach(() => {
  assign.mockRestore();
  Object.assign(authState, signedOut);
});

const show = async (plans: () => Promise<BillingPlans>) => {
  const request = vi.fn(async (route: string) => {
    if (route === 'GET /api/billing/plans') return plans();
    if (route === 'POST /api/billing/checkout') return { url: 'https://checkout.example/cs_test_p' };
    if (route === 'POST /api/billing/portal') return { url: 'https://portal.example/bps_p' };
    throw new Error(`unexpected ${route}`);
  });
  await render(
    <ApiTestProviders api={{ request } as never}>
      <MemoryRouter>
        <PricingPlans />
      </MemoryRouter>
    </ApiTestProviders>,
  );
  return request;
};

const actions = () =>
  [...document.querySelectorAll('.plan-cards__card')].map((card) => ({
    plan: card.querySelector('h3')?.textContent,
    action: card.querySelector('.plan-cards__action')?.textContent,
  }));

describe("the pricing page's plans for a signed-in visitor", () => {
  it('marks the plan and sends Upgrade to Starter to Stripe Checkout', async () => {
    const request = await show(async () => billingPlansOf());
    await untilPasses(() => expect(document.querySelector('.plan-cards__card--current')).not.toBeNull());
    expect(actions()).toEqual([
      { plan: 'FreeYour plan', action: 'Your current plan' },
      { plan: 'Starter', action: 'Upgrade to Starter' },
      { plan: 'Pro', action: 'Upgrade to Pro' },
    ]);
    // never the sign-up link, which a signed-in person cannot use
    expect(document.querySelector('a[href="/signup"]')).toBeNull();
    await act(async () => buttonIn('.plan-cards', 'Upgrade to Starter')?.click());
    await untilPasses(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_p'));
    expect(request).toHaveBeenCalledWith('POST /api/billing/checkout', { body: { plan: 'starter' } });
  });

  it("sends a paying user's plan change to the Customer Portal", async () => {
    const request = await show(async () => billingPlansOf({ tier: 'starter', canManage: true }));
    await untilPasses(() =>
      expect(document.querySelector('.plan-cards__card--current h3')?.textContent).toBe('StarterYour plan'),
    );
    expect(actions().map(({ action }) => action)).toEqual(['Downgrade to Free', 'Your current plan', 'Upgrade to Pro']);
    await act(async () => buttonIn('.plan-cards', 'Upgrade to Pro')?.click());
    await untilPasses(() => expect(assign).toHaveBeenCalledWith('https://portal.example/bps_p'));
    expect(request).not.toHaveBeenCalledWith('POST /api/billing/checkout', expect.anything());
  });

  it("gives the visitor's sign-up links when the stored session turns out to be over, and asks the API nothing", async () => {
    Object.assign(authState, signedOut);
    const request = await show(async () => billingPlansOf());
    expect(actions().map(({ action }) => action)).toEqual(['Start for free', 'Choose Starter', 'Choose Pro']);
    expect(document.querySelector('a[href="/signup"].plan-cards__action')).not.toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it('checks out a paid plan even before the plan is known', async () => {
    const request = await show(() => new Promise(() => undefined));
    expect(actions().map(({ action }) => action)).toEqual(['View plans', 'Choose Starter', 'Choose Pro']);
    await act(async () => buttonIn('.plan-cards', 'Choose Pro')?.click());
    await untilPasses(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_p'));
    expect(request).toHaveBeenCalledWith('POST /api/billing/checkout', { body: { plan: 'pro' } });
  });
});
