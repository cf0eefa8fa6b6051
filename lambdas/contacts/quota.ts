import { plans, planTiers, type PlanTier } from '../../shared/constants.js';
import type { Quota } from '../../shared/schemas/contacts.js';
import type { DataClient } from '../data/client.js';
import { addBonusSlots, changeQuotaPlan, getQuota, rollOverQuota, setUpQuota, type QuotaItem } from '../data/quota.js';
import { getUserProfile } from '../data/user-profile.js';

/**
 * Contact slots (SPEC §3/§4 'Quota', DESIGN §6): monthly periods anchored on the user's sign-up; a period rolls over
 * when the quota is read or used, or by the quota-periods job (lambdas/billing/quota-periods.ts), the same code.
 */

/** `anchor` plus `months` calendar months in UTC, the day clamped to the month's end (Jan 31 + 1 = Feb 28/29). */
export const addMonths = (anchor: Date, months: number) => {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
    ),
  );
};

/** The monthly period of `anchor`'s cycle that contains `now`. */
export const periodAt = (anchor: Date, now: Date) => {
  let months = Math.max(
    0,
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth() - 1,
  );
  while (addMonths(anchor, months + 1) <= now) months += 1;
  return {
    periodStart: addMonths(anchor, months).toISOString(),
    slotsRefresh: addMonths(anchor, months + 1).toISOString(),
  };
};

/** The quota item with every field the service relies on. */
export type QuotaState = Required<
  Pick<
    QuotaItem,
    | 'plan'
    | 'periodStart'
    | 'slotsRefresh'
    | 'slotsUsed'
    | 'bonusSlotsAvailable'
    | 'totalBonusSlotsEarned'
    | 'totalBonusSlotsUsed'
    | 'contactCount'
  >
> & { uid: string; pendingPlan?: PlanTier };

const complete = (item: Partial<QuotaItem> & { uid: string }): QuotaState | null =>
  item.plan && item.periodStart && item.slotsRefresh
    ? {
        uid: item.uid,
        plan: item.plan,
        periodStart: item.periodStart,
        slotsRefresh: item.slotsRefresh,
        slotsUsed: item.slotsUsed ?? 0,
        bonusSlotsAvailable: item.bonusSlotsAvailable ?? 0,
        totalBonusSlotsEarned: item.totalBonusSlotsEarned ?? 0,
        totalBonusSlotsUsed: item.totalBonusSlotsUsed ?? 0,
        contactCount: item.contactCount ?? 0,
        ...(item.pendingPlan ? { pendingPlan: item.pendingPlan } : {}),
      }
    : null;

export const slotsAllowed = (plan: PlanTier) => plans[plan].slotsPerPeriod;

/** Slots left this period: the plan's regular ones plus bonus slots. */
export const slotsLeft = (quota: QuotaState) =>
  Math.max(0, slotsAllowed(quota.plan) - quota.slotsUsed) + quota.bonusSlotsAvailable;

/** The wire shape of SPEC §3 'Quota'. */
export const toQuota = (quota: QuotaState): Quota => ({
  slotsUsed: quota.slotsUsed,
  slotsAllowed: slotsAllowed(quota.plan),
  slotsRefresh: quota.slotsRefresh,
  plan: quota.plan,
  bonusSlotsAvailable: quota.bonusSlotsAvailable,
  totalBonusSlotsEarned: quota.totalBonusSlotsEarned,
  totalBonusSlotsUsed: quota.totalBonusSlotsUsed,
  totalAvailableSlots: slotsLeft(quota),
});

/**
 * The quota of the current period from its stored item, read by the caller (the dashboard's summary reads it with the
 * counters in one BatchGetItem); null when it is not set up or its period is over: `currentQuota` sets it up or rolls
 * it over.
 */
export const quotaOfItem = (item: QuotaItem | null, now: Date): QuotaState | null => {
  const quota = item ? complete(item) : null;
  return quota && new Date(quota.slotsRefresh) > now ? quota : null;
};

/**
 * The user's quota of the current period: one GetItem when it exists and is current. The first time it is set up
 * from the profile (plan, sign-up date); a past period rolls over with a write conditional on the period it saw, so
 * concurrent readers roll it once.
 */
export const currentQuota = async (db: DataClient, uid: string, now: Date): Promise<QuotaState> => {
  for (let round = 0; round < 5; round += 1) {
    const item = await getQuota(db, uid);
    const current = quotaOfItem(item, now);
    if (current) return current;
    const quota = item ? complete(item) : null;
    if (!quota) {
      const profile = await getUserProfile(db, uid, ['subscriptionTier', 'createdAt']);
      const anchor = profile?.createdAt ? new Date(profile.createdAt) : now;
      // set up once; bonus slots granted before (grantBonusSlots) are kept
      await setUpQuota(db, uid, {
        plan: profile?.subscriptionTier ?? 'free',
        periodAnchor: anchor.toISOString(),
        ...periodAt(anchor, now),
      });
    } else {
      // a plan change due at the period's end (a downgrade, an ended subscription) starts with the new period
      await rollOverQuota(
        db,
        uid,
        quota.periodStart,
        periodAt(new Date(item?.periodAnchor ?? quota.periodStart), now),
        item?.pendingPlan,
      );
    }
    // set up or rolled over, by this call or another one first: read again
  }
  throw new Error('The quota kept changing while it was being read');
};

/**
 * Referral rewards (DESIGN §6) and any other grant: bonus slots never expire. One UpdateItem with ADD, so grants
 * never lose each other; works before the quota is set up.
 */
export const grantBonusSlots = async (db: DataClient, uid: string, slots: number) => {
  if (!Number.isInteger(slots) || slots <= 0) throw new Error('Bonus slots are a positive whole number');
  await addBonusSlots(db, uid, slots);
};

/** Which slot the next addition uses: a bonus slot when there is one (DESIGN §6), else a regular one; null when none is left. */
export const nextSlot = (quota: QuotaState): 'bonus' | 'regular' | null =>
  quota.bonusSlotsAvailable > 0 ? 'bonus' : quota.slotsUsed < slotsAllowed(quota.plan) ? 'regular' : null;

const tierRank = (tier: PlanTier) => planTiers.indexOf(tier);

/**
 * The slots follow the plan the user pays for (DESIGN §6): a higher plan applies at once (its slots this
 * very period), a lower one (a downgrade, an ended subscription) when the next period starts, and the plan already in
 * force cancels a pending change. Idempotent: the same `tier` again changes nothing. A write conditional on the plan
 * seen, read again when another change won.
 */
export const followPlan = async (db: DataClient, uid: string, tier: PlanTier, now: Date): Promise<QuotaState> => {
  for (let round = 0; round < 5; round += 1) {
    const quota = await currentQuota(db, uid, now);
    const { pendingPlan } = quota;
    const next =
      tierRank(tier) > tierRank(quota.plan)
        ? { plan: tier, pendingPlan: null }
        : tierRank(tier) < tierRank(quota.plan)
          ? { plan: quota.plan, pendingPlan: tier }
          : { plan: quota.plan, pendingPlan: null };
    if (next.plan === quota.plan && (next.pendingPlan ?? undefined) === pendingPlan) return quota;
    if (await changeQuotaPlan(db, uid, { plan: quota.plan, pendingPlan }, next)) {
      const { pendingPlan: _, ...rest } = quota;
      return { ...rest, plan: next.plan, ...(next.pendingPlan ? { pendingPlan: next.pendingPlan } : {}) };
    }
  }
  throw new Error('The quota kept changing while its plan was being changed');
};
