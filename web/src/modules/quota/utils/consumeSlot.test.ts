import { describe, expect, it } from 'vitest';
import { quotaOf } from '@/test/quotaFixtures';
import { consumeSlot } from './consumeSlot';

describe('consumeSlot', () => {
  it('uses a bonus slot while there are any', () => {
    expect(consumeSlot(quotaOf({ bonusSlotsAvailable: 1, totalAvailableSlots: 23 }))).toMatchObject({
      bonusSlotsAvailable: 0,
      totalBonusSlotsUsed: 1,
      slotsUsed: 3,
      totalAvailableSlots: 22,
    });
  });

  it('then a regular one, never below no slots left', () => {
    expect(consumeSlot(quotaOf())).toMatchObject({ bonusSlotsAvailable: 0, slotsUsed: 4, totalAvailableSlots: 21 });
    expect(consumeSlot(quotaOf({ slotsUsed: 25, totalAvailableSlots: 0 })).totalAvailableSlots).toBe(0);
  });
});
