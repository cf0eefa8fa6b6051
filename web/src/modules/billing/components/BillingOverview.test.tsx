// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { billingMessages } from '@shared/schemas/billing';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { apiFailure, billingPlansOf } from '@/test/billingFixtures';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import type { BillingPlans } from '../hooks/useBillingPlans';
import { BillingOverview } from './BillingOverview';

const { render } = mountPerTest();

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  assign.mockRestore();
});

type Answers = Partial<Record<string, (input?: unknown) => Promise<unknown>>>;

/** /subscribe's content over a fake API: GET plans answers `plans` (or the given answer), the others as told. */
const show = async (plans: BillingPlans | (() => Promise<unknown>), answers: Answers = {}) => {
  const request = vi.fn(async (route: string, input?: unknown) => {
    if (route === 'GET /api/billing/plans') return typeof plans === 'function' ? plans() : plans;
    const answer = answers[route];
    if (answer) return answer(input);
    throw new Error(`unexpected ${route}`);
  });
  await render(
    <ApiTestProviders api={{ request } as never}>
      <ConfigProvider wave={{ disabled: true }}>
        <MemoryRouter>
          <BillingOverview />
        </MemoryRouter>
      </ConfigProvider>
    </ApiTestProviders>,
  );
  return request;
};

const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;
const button = (name: string) => buttonIn('body', name);
const loaded = () => untilPasses(() => expect(text('current-plan-tier')).not.toBeNull());
const buttonsOf = (tier: string) =>
  [...document.querySelectorAll<HTMLButtonElement>(`[data-testid="plan-${tier}"] button`)].map((b) => ({
    name: b.textContent,
    disabled: b.disabled,
  }));

describe('the plans page', () => {
  it("shows a free user's plan and usage, and Upgrade to Starter leaves for Stripe Checkout", async () => {
    const request = await show(billingPlansOf({}, { slotsUsed: 20, slotsAllowed: 25, bonusSlotsAvailable: 5 }), {
      'POST /api/billing/checkout': async () => ({ url: 'https://checkout.example/cs_test_1' }),
    });
    await loaded();
    expect(text('current-plan-tier')).toBe('Free');
    expect(text('current-plan-status')).toBe('Active');
    expect(text('current-plan-renewal')).toBeNull();
    expect(text('plan-usage-count')).toBe('20 / 25 contact slots used');
    expect(text('plan-usage-details')).toContain('+5 bonus slots');
    expect(text('plan-usage-details')).toMatch(/Refreshes on Dec 1, 2026/);
    expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('80');
    expect(buttonsOf('free')).toEqual([{ name: 'Your current plan', disabled: true }]);
    expect(buttonsOf('pro')).toEqual([{ name: 'Upgrade to Pro', disabled: false }]);
    // no Stripe customer yet: nothing to manage
    expect(button('Manage billing')).toBeUndefined();

    await act(async () => button('Upgrade to Starter')?.click());
    await untilPasses(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_1'));
    expect(request).toHaveBeenCalledWith('POST /api/billing/checkout', { body: { plan: 'starter' } });
    expect(request).not.toHaveBeenCalledWith('POST /api/billing/portal');
  });

  it("sends a paying user's upgrade and downgrade to the Customer Portal", async () => {
    const request = await show(
      billingPlansOf(
        { tier: 'starter', renewalDate: '2026-12-24T10:00:00.000Z', canManage: true },
        { slotsAllowed: 150 },
      ),
      { 'POST /api/billing/portal': async () => ({ url: 'https://portal.example/bps_1' }) },
    );
    await loaded();
    expect(text('current-plan-tier')).toBe('Starter');
    expect(text('current-plan-renewal')).toBe('Renews on Dec 24, 2026');
    expect(text('current-plan-pending')).toBeNull();
    expect(text('current-plan-pending-note')).toBeNull();
    expect(buttonsOf('starter')).toEqual([{ name: 'Your current plan', disabled: true }]);
    expect(buttonsOf('free')).toEqual([{ name: 'Downgrade to Free', disabled: false }]);

    await act(async () => button('Upgrade to Pro')?.click());
    await untilPasses(() => expect(assign).toHaveBeenCalledWith('https://portal.example/bps_1'));
    expect(request).not.toHaveBeenCalledWith('POST /api/billing/checkout', expect.anything());
  });

  it('waits no more once the browser brings the page back from Stripe (back-forward cache)', async () => {
    await show(billingPlansOf(), {
      'POST /api/billing/checkout': async () => ({ url: 'https://checkout.example/cs_test_back' }),
    });
    await loaded();
    await act(async () => button('Upgrade to Starter')?.click());
    await untilPasses(() => expect(assign).toHaveBeenCalled());
    // the page is left: the other plans wait
    expect(buttonsOf('pro')).toEqual([{ name: 'Upgrade to Pro', disabled: true }]);
    await act(async () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })));
    expect(buttonsOf('pro')).toEqual([{ name: 'Upgrade to Pro', disabled: false }]);
    expect(buttonsOf('starter')).toEqual([{ name: 'Upgrade to Starter', disabled: false }]);
  });

  it('opens the Customer Portal from Manage billing', async () => {
    const request = await show(billingPlansOf({ tier: 'pro', canManage: true }, { slotsAllowed: 500 }), {
      'POST /api/billing/portal': async () => ({ url: 'https://portal.example/bps_3' }),
    });
    await loaded();
    await act(async () => button('Manage billing')?.click());
    await untilPasses(() => expect(assign).toHaveBeenCalledWith('https://portal.example/bps_3'));
    expect(request).toHaveBeenCalledWith('POST /api/billing/portal');
  });

  it('says a cancelled plan ends on its renewal date and changes to Free then', async () => {
    await show(
      billingPlansOf({
        tier: 'pro',
        renewalDate: '2026-12-24T10:00:00.000Z',
        cancelAtPeriodEnd: true,
        pendingTier: 'free',
        canManage: true,
      }),
    );
    await loaded();
    expect(text('current-plan-renewal')).toBe('Ends on Dec 24, 2026');
    expect(text('current-plan-pending')).toBe('Changes to Free on Dec 24, 2026');
  });

  it("says a downgrade's slots change at the end of the slot period", async () => {
    await show(
      billingPlansOf(
        { tier: 'starter', renewalDate: '2026-12-24T10:00:00.000Z', pendingTier: 'starter', canManage: true },
        { slotsAllowed: 500, slotsRefresh: '2026-12-05T12:00:00.000Z' },
      ),
    );
    await loaded();
    expect(text('current-plan-renewal')).toBe('Renews on Dec 24, 2026');
    expect(text('current-plan-pending')).toBe('Changes to Starter on Dec 5, 2026');
    expect(text('current-plan-pending-note')).toBe(
      'You keep your 500 contact slots until then; from that date you get 150 a month.',
    );
  });

  it('goes to the Customer Portal when checkout answers 409 already_subscribed', async () => {
    const request = await show(billingPlansOf(), {
      'POST /api/billing/checkout': async () => {
        throw apiFailure(409, 'already_subscribed', billingMessages.alreadySubscribed);
      },
      'POST /api/billing/portal': async () => ({ url: 'https://portal.example/bps_2' }),
    });
    await loaded();
    await act(async () => button('Upgrade to Pro')?.click());
    await untilPasses(() => expect(assign).toHaveBeenCalledWith('https://portal.example/bps_2'));
    expect(request).toHaveBeenCalledWith('POST /api/billing/checkout', { body: { plan: 'pro' } });
    expect(document.querySelector('[data-testid="billing-error"]')).toBeNull();
  });

  it("shows the server's own text when Stripe cannot be reached (503), and leaves nothing", async () => {
    await show(billingPlansOf(), {
      'POST /api/billing/checkout': async () => {
        throw apiFailure(
          503,
          'billing_unavailable',
          billingMessages.unavailable,
          'Server error. Please try again later.',
        );
      },
    });
    await loaded();
    await act(async () => button('Upgrade to Starter')?.click());
    await untilPasses(() => expect(text('billing-error')).toContain(billingMessages.unavailable));
    expect(assign).not.toHaveBeenCalled();
    // the buttons work again
    expect(buttonsOf('starter')).toEqual([{ name: 'Upgrade to Starter', disabled: false }]);
  });

  it('shows a skeleton while loading, and the error with Try Again when the plans could not be read', async () => {
    let fail = true;
    await show(async () => {
      if (fail) throw apiFailure(404, 'not_found', 'x', 'The requested resource was not found.');
      return billingPlansOf();
    });
    await untilPasses(() => expect(document.body.textContent).toContain('Your plan could not be loaded'));
    expect(document.body.textContent).toContain('The requested resource was not found.');
    fail = false;
    await act(async () => button('Try Again')?.click());
    await loaded();
    expect(document.body.textContent).not.toContain('Your plan could not be loaded');
  });

  it('shows the skeleton until the plans arrive', async () => {
    await show(() => new Promise(() => undefined));
    expect(document.querySelector('[data-testid="billing-loading"]')).not.toBeNull();
    expect(text('current-plan-tier')).toBeNull();
  });
});
