// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@shared/schemas/profile';
import type { CheckoutStatus } from '@/modules/billing/hooks/useCheckoutStatus';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { planLabel } from '@/modules/profile/utils/profileLabels';
import { useQuota } from '@/modules/quota/hooks/useQuota';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { apiFailure, subscriptionOf } from '@/test/billingFixtures';
import { mountPerTest } from '@/test/mountPerTest';
import { quotaOf } from '@/test/quotaFixtures';
import { SuccessPage } from './SuccessPage';

const { render } = mountPerTest();

afterEach(() => {
  vi.useRealTimers();
});

const paid: CheckoutStatus = {
  status: 'paid',
  plan: 'starter',
  subscription: subscriptionOf({ tier: 'starter', renewalDate: '2026-12-24T12:00:00.000Z', canManage: true }),
};
const pending: CheckoutStatus = { status: 'pending', plan: 'starter', subscription: subscriptionOf() };

/** The header's plan label and the dashboard's slots, as the shell shows them beside the page. */
const HeaderAndSlots = () => {
  const { data: profile } = useProfile();
  const { quota } = useQuota();
  return (
    <p data-testid="header">
      {profile ? planLabel(profile) : '-'} · {quota ? quota.slotsAllowed : '-'}
    </p>
  );
};

/**
 * /success at `search` over a fake API: the checkout route answers `statuses` in turn (the last one repeats; a
 * function throws), the profile and the quota answer the free plan before the payment and Starter after it.
 */
const show = async (search: string, statuses: (CheckoutStatus | (() => never))[]) => {
  let tier: 'free' | 'starter' = 'free';
  let asked = 0;
  const request = vi.fn(async (route: string, input?: { params?: { sessionId?: string } }) => {
    if (route === 'GET /api/billing/checkout/{sessionId}') {
      const answer = statuses[Math.min(asked++, statuses.length - 1)]!;
      if (typeof answer === 'function') answer();
      if ((answer as CheckoutStatus).status === 'paid') tier = 'starter';
      expect(input?.params?.sessionId).toBe('cs_test_abc');
      return answer;
    }
    if (route === 'GET /api/profiles') return { uid: 'u1', subscriptionTier: tier } as Partial<Profile>;
    if (route === 'GET /api/profiles/slots')
      return quotaOf(tier === 'starter' ? { plan: 'starter', slotsAllowed: 150 } : {});
    if (route === 'GET /api/billing/plans') return {};
    throw new Error(`unexpected ${route}`);
  });
  const router = createMemoryRouter(
    [
      {
        path: '/success',
        element: (
          <>
            <HeaderAndSlots />
            <SuccessPage />
          </>
        ),
      },
      { path: '/subscribe', element: <p>Plans page</p> },
    ],
    { initialEntries: [`/success${search}`] },
  );
  await render(
    <ApiTestProviders api={{ request } as never}>
      <ConfigProvider wave={{ disabled: true }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </ApiTestProviders>,
  );
  return { request, router };
};

const text = () => document.body.textContent ?? '';
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
const statusCalls = (request: ReturnType<typeof vi.fn>) =>
  request.mock.calls.filter(([route]) => route === 'GET /api/billing/checkout/{sessionId}').length;
/** Lets timers and the promises they start run, inside act. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the payment page', () => {
  it('says the payment was received, with the plan in effect and its slots, and refreshes the header and slots', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { request } = await show('?session_id=cs_test_abc', [paid]);
    await pass(0);
    await pass(0);
    expect(byTestId('checkout-paid')).not.toBeNull();
    expect(text()).toContain('Payment received');
    expect(text()).toContain('You are now on the Starter plan: 150 new contacts a month.');
    // the header's plan label and the dashboard's slots were read again after the server applied the plan
    expect(byTestId('header')?.textContent).toBe('Starter · 150');
    expect(request.mock.calls.filter(([route]) => route === 'GET /api/profiles')).toHaveLength(2);
    expect(request.mock.calls.filter(([route]) => route === 'GET /api/profiles/slots')).toHaveLength(2);
    // nothing left to ask
    await pass(10_000);
    expect(statusCalls(request)).toBe(1);
  });

  it('says the payment is processing and asks again every 2 s until it is paid', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { request } = await show('?session_id=cs_test_abc', [pending, pending, paid]);
    await pass(0);
    expect(byTestId('checkout-pending')).not.toBeNull();
    expect(text()).toContain('Payment processing');
    expect(text()).not.toContain('Payment received');
    await pass(2_000);
    expect(statusCalls(request)).toBe(2);
    expect(text()).not.toContain('Payment received');
    await pass(2_000);
    await pass(0);
    expect(statusCalls(request)).toBe(3);
    expect(byTestId('checkout-paid')).not.toBeNull();
    expect(byTestId('header')?.textContent).toBe('Starter · 150');
    await pass(10_000);
    expect(statusCalls(request)).toBe(3);
  });

  it('stops asking after 30 s of processing and says the plan will update, with Check again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { request } = await show('?session_id=cs_test_abc', [pending]);
    await pass(0);
    await pass(40_000);
    const asked = statusCalls(request);
    expect(asked).toBeGreaterThanOrEqual(15);
    expect(asked).toBeLessThanOrEqual(16);
    expect(text()).toContain('Your plan updates on its own once Stripe confirms it');
    await pass(20_000);
    expect(statusCalls(request)).toBe(asked);
    expect(text()).not.toContain('Payment received');

    const again = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Check again');
    await act(async () => again?.click());
    await pass(0);
    expect(statusCalls(request)).toBe(asked + 1);
  });

  it('says an expired checkout charged nothing and links to the plans', async () => {
    const { router } = await show('?session_id=cs_test_abc', [{ ...pending, status: 'expired' }]);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(byTestId('checkout-expired')).not.toBeNull();
    expect(text()).toContain('Checkout expired');
    expect(text()).not.toContain('Payment received');
    const plans = [...document.querySelectorAll('button')].find((button) => button.textContent === 'View plans');
    await act(async () => plans?.click());
    expect(router.state.location.pathname).toBe('/subscribe');
  });

  it("says an unknown or another user's session (404) was not found, never a success", async () => {
    await show('?session_id=cs_test_abc', [
      () => {
        throw apiFailure(404, 'not_found', 'Not found', 'The requested resource was not found.');
      },
    ]);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(byTestId('checkout-not-found')).not.toBeNull();
    expect(text()).toContain('Payment not found');
    expect(text()).not.toContain('Payment received');
  });

  it('says the payment could not be checked when the server fails, never a success', async () => {
    await show('?session_id=cs_test_abc', [
      () => {
        throw apiFailure(500, 'server_error', '', 'Server error. Please try again later.');
      },
    ]);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(byTestId('checkout-check-failed')).not.toBeNull();
    expect(text()).toContain('Server error. Please try again later.');
    expect(text()).not.toContain('Payment received');
  });

  it('says there is no recent payment without a session id, and asks nothing', async () => {
    const { request } = await show('', [paid]);
    expect(text()).toContain('No recent payment to show');
    expect(statusCalls(request)).toBe(0);
  });
});
