import type { Quota } from '@shared/schemas/contacts';

/** SPEC §4 'Quota': an add uses a bonus slot while there are any, else a regular one. */
export const consumeSlot = (quota: Quota): Quota =>
  quota.bonusSlotsAvailable > 0
    ? {
        ...quota,
        bonusSlotsAvailable: quota.bonusSlotsAvailable - 1,
        totalBonusSlotsUsed: quota.totalBonusSlotsUsed + 1,
        totalAvailableSlots: Math.max(0, quota.totalAvailableSlots - 1),
      }
    : { ...quota, slotsUsed: quota.slotsUsed + 1, totalAvailableSlots: Math.max(0, quota.totalAvailableSlots - 1) };
