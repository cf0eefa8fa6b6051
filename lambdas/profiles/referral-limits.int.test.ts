import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { referral } from '../../shared/constants.js';
import { getQuota } from '../data/quota.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';
import { countingDataClient } from '../test/counting-client.js';
import * as profiles from './service.js';

/*
 * DESIGN §6 referrals, the monthly limit: a referrer is rewarded for at most 10 referred accounts per calendar month
 * (UTC); more are counted, not rewarded. Sign-ups confirm through `syncUser`, as the PostConfirmation trigger calls
 * it, on a clock the test sets (the month is the clock's).
 */

const { data: db } = countingDataClient();

const at = (iso: string): profiles.SignUpDeps => ({
  db,
  now: () => new Date(iso),
  newReferralCode: profiles.newReferralCode,
  addressHash: keyedHashFromEnv(),
  documentUrl: async () => '',
});

/** A person with an account, whose id and address are their own (a new one per call). */
const person = (name: string) => {
  const uid = randomUUID();
  return { uid, email: `${uid.slice(0, 8)}@catch-all.example`, name };
};

/** A referrer who signed up at `when` and shares their code. */
const referrerAt = async (when: string) => {
  const rita = person('Rita Referrer');
  const profile = await profiles.syncUser(at(when), rita, {});
  return { ...rita, code: profile.referralCode };
};

/** A new account confirmed at `when` with `code`, as the trigger hands it its clientMetadata. */
const confirmWithCode = async (when: string, code: string, name = 'Scripted Sign-up') => {
  const newcomer = person(name);
  await profiles.syncUser(at(when), newcomer, { signupData: { referralCode: code } });
  return newcomer;
};

const bonusSlotsOf = async (uid: string) => (await getQuota(db, uid))?.bonusSlotsAvailable ?? 0;

describe('the monthly referral limit', () => {
  it('rewards exactly 10 of 12 referred sign-ups confirming at once, and counts the other two', async () => {
    const march = '2026-03-14T10:00:00.000Z';
    const rita = await referrerAt('2026-03-01T08:00:00.000Z');

    const newcomers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => confirmWithCode(march, rita.code, `Newcomer ${index + 1}`)),
    );

    expect(await bonusSlotsOf(rita.uid)).toBe(referral.monthlyRewardLimit * referral.referrerBonusSlots);
    const referrals = await profiles.getReferrals(at(march), rita, 'https://app.example');
    expect(referrals).toMatchObject({
      referredCount: 12,
      bonusSlotsEarned: 100,
      thisMonth: { month: '2026-03', joined: 12, rewarded: 10, rewardLimit: 10 },
    });
    expect(referrals.referred.filter((item) => item.rewarded)).toHaveLength(10);
    expect(referrals.referred.filter((item) => !item.rewarded)).toHaveLength(2);
    // the limit is the referrer's: every new user still has their welcome bonus
    for (const newcomer of newcomers) expect(await bonusSlotsOf(newcomer.uid)).toBe(referral.newUserBonusSlots);
  });

  it('counts the 11th referral of a month without rewarding it, and rewards again from the next month (UTC)', async () => {
    const rita = await referrerAt('2026-05-02T08:00:00.000Z');
    for (let day = 10; day < 20; day += 1) await confirmWithCode(`2026-05-${day}T12:00:00.000Z`, rita.code);
    expect(await bonusSlotsOf(rita.uid)).toBe(100);

    // 23:59 UTC on the month's last day is still May, wherever the referrer or the new user is
    const eleventh = await confirmWithCode('2026-05-31T23:59:00.000Z', rita.code, 'Eleventh');
    expect(await bonusSlotsOf(rita.uid)).toBe(100);
    expect(await bonusSlotsOf(eleventh.uid)).toBe(referral.newUserBonusSlots);
    const may = await profiles.getReferrals(at('2026-05-31T23:59:30.000Z'), rita, 'https://app.example');
    expect(may.thisMonth).toEqual({ month: '2026-05', joined: 11, rewarded: 10, rewardLimit: 10 });
    expect(may.referred.find((item) => item.name === 'Eleventh')?.rewarded).toBe(false);

    // June: a new month, a new allowance
    await confirmWithCode('2026-06-01T00:00:30.000Z', rita.code, 'First of June');
    expect(await bonusSlotsOf(rita.uid)).toBe(110);
    const june = await profiles.getReferrals(at('2026-06-01T00:01:00.000Z'), rita, 'https://app.example');
    expect(june).toMatchObject({
      referredCount: 12,
      bonusSlotsEarned: 110,
      thisMonth: { month: '2026-06', joined: 1, rewarded: 1, rewardLimit: 10 },
    });
  });
});
