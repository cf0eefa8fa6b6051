import { GetCommand, UpdateCommand } from './dynamo.js';
import type { PlanTier } from '../../shared/constants.js';
import { type DataClient, dueOnShardedIndex, shardOf } from './client.js';
import { writtenIf } from './entity/condition.js';
import { expressionAttributes, expressionParts, updateExpression, updateParams } from './expressions.js';
import { tenantKey } from './entity/keys.js';
import { accessPatterns } from './table.js';

/**
 * A user's contact slots (SPEC §3 'Quota', DESIGN §6): `USER#<sub>` / `QUOTA`. `slotsUsed` counts the regular slots
 * of the current monthly period [periodStart, slotsRefresh); bonus slots are used first and never expire. Every use is
 * one conditional write, so slots never go negative or over the plan's allowance.
 */
export type QuotaItem = {
  uid: string;
  plan?: PlanTier;
  /** the date periods count from (sign-up, or the first use): Jan 31 gives Feb 28, then Mar 31 */
  periodAnchor?: string;
  periodStart?: string;
  /** the next period's start (ISO 8601) */
  slotsRefresh?: string;
  slotsUsed?: number;
  bonusSlotsAvailable?: number;
  totalBonusSlotsEarned?: number;
  totalBonusSlotsUsed?: number;
  /** the user's contacts now (all periods): the list's `total` without counting items */
  contactCount?: number;
  /** A downgrade or an ended subscription, applied when the next period starts */
  pendingPlan?: PlanTier;
};

export const quotaRecord = 'quota';

export const quotaKey = (uid: string) => ({ pk: tenantKey(uid), sk: 'QUOTA' });

/**
 * A quota with a period is on the period index (gsi1, `QUOTAPERIOD#<shard>`, sorted by the period's end),
 * which the quota-periods job Queries for the periods that ended (DESIGN §4), never a scan. Each roll-over moves the
 * item to its next end. Sharded so one month's roll-overs do not all write one GSI partition.
 */
const periodShards = 4;
const periodPartition = (shard: number) => `QUOTAPERIOD#${shard}`;
const periodIndexKeys = (uid: string, slotsRefresh: string) => ({
  gsi1pk: periodPartition(shardOf(uid, periodShards)),
  gsi1sk: `${slotsRefresh}#${uid}`,
});

// the quota of a user (GetItem); null when it was never set up
export const getQuota = async (db: DataClient, uid: string): Promise<QuotaItem | null> => {
  const { Item } = await db.documents.send(new GetCommand({ TableName: db.table, Key: quotaKey(uid) }));
  return Item ? ({ ...Item, uid } as QuotaItem) : null;
};

// the number of contacts a user has (GetItem of one attribute); 0 without a quota
export const getContactCount = async (db: DataClient, uid: string) => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: quotaKey(uid), ProjectionExpression: 'contactCount' }),
  );
  return typeof Item?.contactCount === 'number' ? Item.contactCount : null;
};

/** Sets the quota's period up once (bonus slots granted before are kept); false when it was set up meanwhile. */
export const setUpQuota = (
  db: DataClient,
  uid: string,
  fields: Required<Pick<QuotaItem, 'plan' | 'periodAnchor' | 'periodStart' | 'slotsRefresh'>>,
) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          quotaKey(uid),
          {
            set: { ...fields, slotsUsed: 0, ...periodIndexKeys(uid, fields.slotsRefresh) },
            setIfMissing: { uid, entity: quotaRecord },
          },
          (p) => `attribute_not_exists(${p.name('periodStart')})`,
        ),
      ),
    ),
  );

/**
 * The period of a deleted account whose address signed up again (lambdas/profiles/returning.ts): its anchor, period
 * and the slots used in it, once per quota (`continuedPeriod`; false when it was continued before). Slots this account
 * used already (its own period was set up first, by a read in between) are added to the period's, not lost; a plan
 * already set is kept.
 */
export const continueQuotaPeriod = (
  db: DataClient,
  uid: string,
  period: Required<Pick<QuotaItem, 'periodAnchor' | 'periodStart' | 'slotsRefresh' | 'slotsUsed'>>,
) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          quotaKey(uid),
          {
            set: {
              periodAnchor: period.periodAnchor,
              periodStart: period.periodStart,
              slotsRefresh: period.slotsRefresh,
              continuedPeriod: true,
              ...periodIndexKeys(uid, period.slotsRefresh),
            },
            add: { slotsUsed: period.slotsUsed },
            setIfMissing: { uid, entity: quotaRecord, plan: 'free' satisfies PlanTier },
          },
          (p) => `attribute_not_exists(${p.name('continuedPeriod')})`,
        ),
      ),
    ),
  );

/**
 * Starts a new period if the quota is still in `seenPeriodStart` with the pending plan seen (`seenPendingPlan`, none
 * when undefined): the pending plan becomes the plan (a downgrade or cancellation at the period's end);
 * false when it rolled over or its plan changed meanwhile.
 */
export const rollOverQuota = (
  db: DataClient,
  uid: string,
  seenPeriodStart: string,
  period: Required<Pick<QuotaItem, 'periodStart' | 'slotsRefresh'>>,
  seenPendingPlan?: PlanTier,
) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          quotaKey(uid),
          {
            set: {
              ...period,
              slotsUsed: 0,
              ...periodIndexKeys(uid, period.slotsRefresh),
              ...(seenPendingPlan ? { plan: seenPendingPlan } : {}),
            },
            ...(seenPendingPlan ? { remove: ['pendingPlan'] } : {}),
          },
          (p) =>
            `${p.name('periodStart')} = ${p.value(seenPeriodStart)} AND ${
              seenPendingPlan
                ? `${p.name('pendingPlan')} = ${p.value(seenPendingPlan)}`
                : `attribute_not_exists(${p.name('pendingPlan')})`
            }`,
        ),
      ),
    ),
  );

/**
 * The plan whose slots apply now, and the one due when the next period starts (null: none), if the quota
 * still has the plan and pending plan seen; false when either changed meanwhile.
 */
export const changeQuotaPlan = (
  db: DataClient,
  uid: string,
  seen: { plan: PlanTier; pendingPlan: PlanTier | undefined },
  next: { plan: PlanTier; pendingPlan: PlanTier | null },
) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          quotaKey(uid),
          {
            set: { plan: next.plan, ...(next.pendingPlan ? { pendingPlan: next.pendingPlan } : {}) },
            ...(next.pendingPlan ? {} : { remove: ['pendingPlan'] }),
          },
          (p) =>
            `${p.name('plan')} = ${p.value(seen.plan)} AND ${
              seen.pendingPlan
                ? `${p.name('pendingPlan')} = ${p.value(seen.pendingPlan)}`
                : `attribute_not_exists(${p.name('pendingPlan')})`
            }`,
        ),
      ),
    ),
  );

// the users whose quota period ended before `before`, the longest ended first (one Query of the ended periods per
// partition, up to `perPartition` each; the rest on the next run)
export const quotasEndedBefore = async (db: DataClient, before: Date, perPartition: number): Promise<string[]> =>
  (
    await dueOnShardedIndex(db, {
      index: accessPatterns.endedQuotaPeriods.index,
      partitions: Array.from({ length: periodShards }, (_, shard) => periodPartition(shard)),
      before: before.toISOString(),
      perPartition,
      projection: { ProjectionExpression: '#uid', ExpressionAttributeNames: { '#uid': 'uid' } },
    })
  ).map((item) => String(item.uid));

/**
 * Bonus slots as a transaction's write (a referral's grant goes with its records, lambdas/data/referral.ts): ADD, so
 * grants never lose each other; works before the quota is set up.
 */
export const bonusSlotsWrite = (db: DataClient, uid: string, slots: number) => ({
  Update: updateParams(db.table, quotaKey(uid), {
    add: { bonusSlotsAvailable: slots, totalBonusSlotsEarned: slots },
    setIfMissing: { uid, entity: quotaRecord },
  }),
});

/** Adds bonus slots in one UpdateItem (bonusSlotsWrite). */
export const addBonusSlots = async (db: DataClient, uid: string, slots: number) => {
  await db.documents.send(new UpdateCommand(bonusSlotsWrite(db, uid, slots).Update));
};

/**
 * The quota's part of adding a contact, for a transaction: one slot of the kind chosen, if the period is still the
 * one seen and such a slot is left (the check and the use in one conditional write), and one more contact.
 */
export const useSlotWrite = (
  db: DataClient,
  uid: string,
  use: { slot: 'bonus' | 'regular'; periodStart: string; allowed: number },
) => {
  const p = expressionParts();
  const UpdateExpression = updateExpression(
    p,
    use.slot === 'bonus'
      ? { add: { totalBonusSlotsUsed: 1, contactCount: 1, bonusSlotsAvailable: -1 } }
      : { add: { slotsUsed: 1, contactCount: 1 } },
  );
  const period = `${p.name('periodStart')} = ${p.value(use.periodStart)}`;
  const ConditionExpression =
    use.slot === 'bonus'
      ? `${period} AND ${p.name('bonusSlotsAvailable')} > ${p.value(0)}`
      : `${period} AND ${p.name('slotsUsed')} < ${p.value(use.allowed)}`;
  return {
    Update: {
      TableName: db.table,
      Key: quotaKey(uid),
      UpdateExpression,
      ConditionExpression,
      ...expressionAttributes(p),
    },
  };
};

/** The quota's part of removing a contact, for a transaction: one contact fewer (the slot stays spent). */
export const contactRemovedWrite = (db: DataClient, uid: string) => ({
  Update: updateParams(db.table, quotaKey(uid), { add: { contactCount: -1 } }),
});
