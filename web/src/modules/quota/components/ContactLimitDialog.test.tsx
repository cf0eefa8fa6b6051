// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quota } from '@shared/schemas/contacts';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { quotaOf } from '@/test/quotaFixtures';
import { openContactLimitDialog, resetUpgradeModal, upgradeModalState } from '../state/upgradeModalState';
import { ContactLimitDialog } from './ContactLimitDialog';

const { render } = mountPerTest();

/** The dialog on /dashboard, over a quota that `slots` answers (or never, while it is pending). */
const renderDialog = async (slots: () => Promise<Quota>) => {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <ContactLimitDialog /> },
      { path: '/pricing', element: <p>Pricing</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  await render(
    <ApiTestProviders api={{ request: vi.fn(slots) }}>
      <RouterProvider router={router} />
    </ApiTestProviders>,
  );
  return router;
};

const dialogText = () => document.querySelector('.ant-modal')?.textContent ?? '';
const dialogButton = (name: string) => buttonIn('.ant-modal', name);

beforeEach(() => {
  resetUpgradeModal();
});

describe('ContactLimitDialog', () => {
  it('says the SPEC §2 text with the plan and its slots; Maybe Later closes it', async () => {
    await renderDialog(async () =>
      quotaOf({ slotsUsed: 150, slotsAllowed: 150, plan: 'starter', totalAvailableSlots: 0 }),
    );
    await act(async () => openContactLimitDialog());
    expect(dialogText()).toContain('Contact Limit Reached');
    expect(dialogText()).toContain(
      "You've used all 150 contact slots available on your Starter plan this period. Please upgrade your plan to continue adding and fetching new contacts.",
    );
    await act(async () => dialogButton('Maybe Later')?.click());
    expect(upgradeModalState.isUpgradeModalOpen).toBe(false);
  });

  it("names the free plan's slots while the quota is not known; Upgrade Plan closes it and goes to /pricing", async () => {
    const router = await renderDialog(() => new Promise<Quota>(() => undefined));
    await act(async () => openContactLimitDialog());
    expect(dialogText()).toContain("You've used all 25 contact slots available on your Free plan this period.");
    await act(async () => dialogButton('Upgrade Plan')?.click());
    expect(upgradeModalState.isUpgradeModalOpen).toBe(false);
    expect(router.state.location.pathname).toBe('/pricing');
  });
});
