import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quota } from '@shared/schemas/contacts';
import { ApiError } from '@/lib/http/ApiError';
import {
  closeUpgradeModal,
  incrementSlotsUsed,
  loadQuota,
  openContactLimitDialog,
  quotaCacheMs,
  quotaState,
  resetQuota,
} from './quotaState';

const quota = (overrides: Partial<Quota> = {}): Quota => ({
  slotsUsed: 3,
  slotsAllowed: 25,
  slotsRefresh: '2026-12-01T00:00:00.000Z',
  plan: 'free',
  bonusSlotsAvailable: 0,
  totalBonusSlotsEarned: 0,
  totalBonusSlotsUsed: 0,
  totalAvailableSlots: 22,
  ...overrides,
});

const apiAnswering = (...answers: (Quota | Error)[]) => {
  const request = vi.fn(async () => {
    const answer = answers.shift();
    if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
    return answer;
  });
  return { request } as unknown as Parameters<typeof loadQuota>[0] & { request: typeof request };
};

const serverError = () => new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });

beforeEach(() => resetQuota());
afterEach(() => vi.useRealTimers());

describe('loadQuota', () => {
  it('serves the cached quota for 5 minutes, then fetches again', async () => {
    let now = 1_000_000;
    const api = apiAnswering(quota(), quota({ slotsUsed: 4 }));
    await loadQuota(api, { now: () => now });
    now += quotaCacheMs - 1;
    await loadQuota(api, { now: () => now });
    expect(api.request).toHaveBeenCalledTimes(1);
    now += 1;
    await loadQuota(api, { now: () => now });
    expect(api.request).toHaveBeenCalledTimes(2);
    expect(quotaState.quota?.slotsUsed).toBe(4);
  });

  it('retries a failed fetch 3 times at 1 s, 2 s and 4 s, then records the error', async () => {
    const waits: number[] = [];
    const api = apiAnswering(serverError(), serverError(), serverError(), serverError());
    const result = await loadQuota(api, { sleep: async (ms) => void waits.push(ms) });
    expect(result).toBeNull();
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(api.request).toHaveBeenCalledTimes(4);
    expect(quotaState.error).toBe('Server error. Please try again later.');
    expect(quotaState.loading).toBe(false);
  });

  it('succeeds on a retry and clears the error', async () => {
    const api = apiAnswering(serverError(), quota());
    await loadQuota(api, { sleep: async () => {} });
    expect(quotaState.quota?.slotsAllowed).toBe(25);
    expect(quotaState.error).toBeNull();
  });

  it('shares one fetch between concurrent callers', async () => {
    const api = apiAnswering(quota());
    await Promise.all([loadQuota(api), loadQuota(api), loadQuota(api)]);
    expect(api.request).toHaveBeenCalledTimes(1);
  });
});

describe('incrementSlotsUsed', () => {
  it('uses bonus slots first, then regular ones, and refreshes from the server 1 s later', async () => {
    vi.useFakeTimers();
    const api = apiAnswering(quota({ bonusSlotsAvailable: 1, totalAvailableSlots: 23 }), quota({ slotsUsed: 9 }));
    await loadQuota(api);

    incrementSlotsUsed(api);
    expect(quotaState.quota).toMatchObject({ bonusSlotsAvailable: 0, totalBonusSlotsUsed: 1, slotsUsed: 3, totalAvailableSlots: 22 });
    incrementSlotsUsed(api);
    expect(quotaState.quota).toMatchObject({ bonusSlotsAvailable: 0, slotsUsed: 4, totalAvailableSlots: 21 });

    expect(api.request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.request).toHaveBeenCalledTimes(2);
    expect(quotaState.quota?.slotsUsed).toBe(9);
  });
});

describe('the upgrade modal', () => {
  it('opens for the contact limit with the plan, closes, and is reset on sign-out', async () => {
    await loadQuota(apiAnswering(quota({ plan: 'starter' })));
    openContactLimitDialog();
    expect(quotaState).toMatchObject({ isUpgradeModalOpen: true, modalType: 'contact_limit', modalProps: { plan: 'starter' } });
    closeUpgradeModal();
    expect(quotaState.isUpgradeModalOpen).toBe(false);
    openContactLimitDialog();
    resetQuota();
    expect(quotaState).toMatchObject({ quota: null, isUpgradeModalOpen: false, fetchedAt: null });
  });
});
