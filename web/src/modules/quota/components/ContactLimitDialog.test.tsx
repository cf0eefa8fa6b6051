// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { openContactLimitDialog, quotaState, resetQuota } from '../state/quotaState';
import { ContactLimitDialog } from './ContactLimitDialog';

const { render } = mountPerTest();

const renderDialog = async () => {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <ContactLimitDialog /> },
      { path: '/pricing', element: <p>Pricing</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  await render(<RouterProvider router={router} />);
  return router;
};

const dialogText = () => document.querySelector('.ant-modal')?.textContent ?? '';
const dialogButton = (name: string) => buttonIn('.ant-modal', name);

beforeEach(() => {
  resetQuota();
});

describe('ContactLimitDialog', () => {
  it('says the SPEC §2 text with the plan and its slots; Maybe Later closes it', async () => {
    await renderDialog();
    await act(async () => {
      quotaState.quota = {
        slotsUsed: 150,
        slotsAllowed: 150,
        slotsRefresh: '2026-12-01T00:00:00.000Z',
        plan: 'starter',
        bonusSlotsAvailable: 0,
        totalBonusSlotsEarned: 0,
        totalBonusSlotsUsed: 0,
        totalAvailableSlots: 0,
      };
      openContactLimitDialog();
    });
    expect(dialogText()).toContain('Contact Limit Reached');
    expect(dialogText()).toContain(
      "You've used all 150 contact slots available on your Starter plan this period. Please upgrade your plan to continue adding and fetching new contacts.",
    );
    await act(async () => dialogButton('Maybe Later')?.click());
    expect(quotaState.isUpgradeModalOpen).toBe(false);
  });

  it('Upgrade Plan closes it and goes to /pricing', async () => {
    const router = await renderDialog();
    await act(async () => openContactLimitDialog());
    expect(dialogText()).toContain("You've used all 25 contact slots available on your Free plan this period.");
    await act(async () => dialogButton('Upgrade Plan')?.click());
    expect(quotaState.isUpgradeModalOpen).toBe(false);
    expect(router.state.location.pathname).toBe('/pricing');
  });
});
