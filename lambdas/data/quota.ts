import { Entity, type EntityItem } from 'electrodb';
import { planTiers } from '../../shared/constants.js';
import type { DataClient } from './client.js';

const count = { type: 'number', default: 0 } as const;

/**
 * A user's contact slots (SPEC §3 'Quota', DESIGN §6): `USER#<sub>` / `QUOTA`. `slotsUsed` counts the regular slots
 * of the current monthly period [periodStart, slotsRefresh); bonus slots are used first and never expire. Every use is
 * one conditional write (lambdas/contacts/quota.ts), so slots never go negative or over the plan's allowance.
 */
export const quotaEntity = (data: DataClient) =>
  new Entity(
    {
      model: { entity: 'quota', version: '1', service: 'outreach' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        plan: { type: planTiers, default: 'free' },
        /** the date periods count from (sign-up, or the first use): Jan 31 gives Feb 28, then Mar 31 */
        periodAnchor: { type: 'string' },
        periodStart: { type: 'string' },
        /** the next period's start (ISO 8601) */
        slotsRefresh: { type: 'string' },
        slotsUsed: count,
        bonusSlotsAvailable: count,
        totalBonusSlotsEarned: count,
        totalBonusSlotsUsed: count,
        /** the user's contacts now (all periods): the list's `total` without counting items */
        contactCount: count,
      },
      indexes: {
        // the quota of a user
        byUser: {
          pk: { field: 'pk', composite: ['uid'], template: 'USER#${uid}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'QUOTA', casing: 'none' },
        },
      },
    },
    data,
  );

export type QuotaEntity = ReturnType<typeof quotaEntity>;
export type QuotaItem = EntityItem<QuotaEntity>;
