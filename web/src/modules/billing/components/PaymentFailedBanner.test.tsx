// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { billingMessages } from '@shared/schemas/billing';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { billingPlansOf } from '@/test/billingFixtures';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { lazyCodeTestTimeoutMs, untilPasses } from '@/test/untilPasses';
import type { BillingPlans } from '../hooks/useBillingPlans';
import { PaymentFailedBanner } from './PaymentFailedBanner';

const { render } = mountPerTest();

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  assign.mockRestore();
});

const show = async (plans: BillingPlans) => {
  const request = vi.fn(async (route: string) => {
    if (route === 'GET /api/billing/plans') return plans;
    if (route === 'POST /api/billing/portal') return { url: 'https://portal.example/bps_pay' };
    throw new Error(`unexpected ${route}`);
  });
  await render(
    <ApiTestProviders api={{ request } as never}>
      <ConfigProvider wave={{ disabled: true }}>
        <PaymentFailedBanner />
      </ConfigProvider>
    </ApiTestProviders>,
  );
  return request;
};

describe('the failed-payment banner', () => {
  it(
    'tells a user whose last payment failed, and Update payment method opens the Customer Portal',
    async () => {
      const request = await show(
        billingPlansOf({ tier: 'starter', status: 'past_due', paymentFailed: true, canManage: true }),
      );
      await untilPasses(() => expect(document.querySelector('[data-testid="payment-failed-banner"]')).not.toBeNull());
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(billingMessages.paymentFailed);
      await act(async () => buttonIn('[data-testid="payment-failed-banner"]', 'Update payment method')?.click());
      await untilPasses(() => expect(assign).toHaveBeenCalledWith('https://portal.example/bps_pay'));
      expect(request).toHaveBeenCalledWith('POST /api/billing/portal');
    },
    lazyCodeTestTimeoutMs,
  );

  it('shows nothing while payments are fine', async () => {
    const request = await show(billingPlansOf({ tier: 'starter', canManage: true }));
    await untilPasses(() => expect(request).toHaveBeenCalledWith('GET /api/billing/plans'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(document.querySelector('[data-testid="payment-failed-banner"]')).toBeNull();
    expect(document.body.textContent).not.toContain(billingMessages.paymentFailed);
  });
});
