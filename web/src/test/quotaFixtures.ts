import type { Quota } from '@shared/schemas/contacts';

/** The quota of a free plan with 3 of 25 slots used, for unit tests. */
export const quotaOf = (overrides: Partial<Quota> = {}): Quota => ({
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
