import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { referral } from '../../shared/constants.js';
import { currentQuota } from '../contacts/index.js';
import { createLogger } from '../core/logger.js';
import { deletedAddressKey } from '../data/deleted-address.js';
import { addContactWithSlot } from '../data/contact.js';
import { getQuota } from '../data/quota.js';
import { listReferred } from '../data/referral.js';
import { userItems } from '../data/user-partition.js';
import * as profiles from '../profiles/index.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';
import type { UserDirectory } from '../providers/identity/identity.js';
import type { QueuePort } from '../providers/queue/port.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import { countingDataClient } from '../test/counting-client.js';
import { readItem } from '../test/raw-items.js';
import { outsideDepsFromEnv } from './outside-deps.js';
import { type AccountDeps, deleteAccount } from './service.js';

/*
 * DESIGN §6 "Your data": an address whose account was deleted and that signs up again gets no welcome bonus and
 * continues its slot period, for 12 months; then it is a new person. The deletion is DELETE /api/account's service,
 * the sign-ups the PostConfirmation trigger's (`syncUser`), each on a clock the test sets.
 */

const { data: db } = countingDataClient();
const addressHash = keyedHashFromEnv();
const storage = s3Storage(createS3Client(), process.env.BUCKET_NAME ?? '');
/** These accounts have no Cognito user here: the sign-in is removed last, and what comes before is the subject. */
const users: UserDirectory = { remove: async () => {} };
const queue: QueuePort = { send: async () => {}, sendMany: async () => {} };

const accountAt = (iso: string): AccountDeps => ({
  db,
  storage,
  users,
  queue,
  now: () => new Date(iso),
  addressHash,
  // these accounts have no mailbox, Zoom connection nor Stripe customer: no service is called
  ...outsideDepsFromEnv(db, createLogger('account')),
});

const signUpAt = (iso: string): profiles.SignUpDeps => ({
  db,
  now: () => new Date(iso),
  newReferralCode: profiles.newReferralCode,
  addressHash,
  documentUrl: async () => '',
});

/** A Gmail address of the test's own: a local part with dots, and the same mailbox written the way a farmer would. */
const gmailAddress = () => {
  const local = `rita.returns.${randomUUID().slice(0, 8)}`;
  return { address: `${local}@gmail.com`, variant: `${local.replaceAll('.', '').toUpperCase()}+again@googlemail.com` };
};

/**
 * A new account confirmed at `when`; `syncs` calls at once for it, as Cognito's trigger (retried) and the web's first
 * syncs of its open tabs may come together.
 */
const signUp = async (when: string, email: string, referralCode?: string, syncs = 1) => {
  const uid = randomUUID();
  await Promise.all(
    Array.from({ length: syncs }, () =>
      profiles.syncUser(
        signUpAt(when),
        { uid, email, name: 'Rita Returns' },
        referralCode ? { signupData: { referralCode } } : {},
      ),
    ),
  );
  return uid;
};

/** Adds `count` contacts at `when`, each using a regular slot of the current period. */
const addContacts = async (uid: string, when: string, count: number) => {
  const quota = await currentQuota(db, uid, new Date(when));
  for (let index = 0; index < count; index += 1) {
    const added = await addContactWithSlot(
      db,
      {
        uid,
        contactId: `01JCONTACT${String(index).padStart(16, '0')}`,
        name: `Contact ${index + 1}`,
        importedAt: when,
        lastUpdated: when,
      },
      { slot: 'regular', periodStart: quota.periodStart, allowed: 25 },
    );
    expect(added.done).toBe(true);
  }
};

const remove = (uid: string, email: string, when: string) =>
  deleteAccount(accountAt(when), { uid, email, username: uid });

describe('an address deleted and signed up again', () => {
  it('continues its slot period and gets no welcome bonus, under a variant of the address', async () => {
    const nina = await signUp('2026-10-01T09:00:00.000Z', `nina.${randomUUID().slice(0, 8)}@example.com`);
    const code = await referralCodeOf(nina);
    const { address, variant } = gmailAddress();
    const first = await signUp('2026-11-10T09:00:00.000Z', address);
    await addContacts(first, '2026-11-20T10:00:00.000Z', 7);

    await remove(first, address, '2026-11-21T10:00:00.000Z');
    // everything else of the account is gone (DESIGN §6); what is kept holds the period, nothing that identifies
    expect(await userItems(db, first)).toEqual([]);
    const kept = await readItem(db, deletedAddressKey(await profiles.addressFingerprint(addressHash, address)));
    expect(Object.keys(kept ?? {}).sort()).toEqual(
      ['entity', 'periodAnchor', 'periodStart', 'pk', 'sk', 'slotsRefresh', 'slotsUsed', 'ttl'].sort(),
    );
    expect(JSON.stringify(kept)).not.toMatch(new RegExp(`${first}|rita|returns`, 'i'));

    // ten calls for the new account at once continue the period once: 7 slots used, not 70
    const again = await signUp('2026-11-25T10:00:00.000Z', variant, code, 10);
    const quota = await currentQuota(db, again, new Date('2026-11-25T10:05:00.000Z'));
    expect(quota).toMatchObject({
      plan: 'free',
      periodStart: '2026-11-10T09:00:00.000Z',
      slotsRefresh: '2026-12-10T09:00:00.000Z',
      slotsUsed: 7,
      bonusSlotsAvailable: 0,
    });
    // the referral is counted, and nobody is rewarded for it
    expect((await getQuota(db, nina))?.bonusSlotsAvailable ?? 0).toBe(0);
    expect(await listReferred(db, nina)).toMatchObject([{ rewarded: false, bonusSlots: 0 }]);
    // the next period of the same cycle starts on the 10th, with the plan's slots back
    expect(await currentQuota(db, again, new Date('2026-12-10T09:00:01.000Z'))).toMatchObject({
      periodStart: '2026-12-10T09:00:00.000Z',
      slotsUsed: 0,
    });
  });

  it('is a new person 12 months after the deletion: a fresh period and the welcome bonus', async () => {
    const nina = await signUp('2026-10-01T09:00:00.000Z', `nina.${randomUUID().slice(0, 8)}@example.com`);
    const code = await referralCodeOf(nina);
    const { address, variant } = gmailAddress();
    const first = await signUp('2026-11-10T09:00:00.000Z', address);
    await addContacts(first, '2026-11-20T10:00:00.000Z', 7);
    await remove(first, address, '2026-11-21T10:00:00.000Z');

    // a day past the 12 months (the clock moved, no wait): DynamoDB's TTL may not have deleted it yet, it counts as gone
    const later = '2027-11-22T10:00:00.000Z';
    const again = await signUp(later, variant, code);
    expect(await currentQuota(db, again, new Date(later))).toMatchObject({
      periodStart: later,
      slotsUsed: 0,
      bonusSlotsAvailable: referral.newUserBonusSlots,
    });
    expect((await getQuota(db, nina))?.bonusSlotsAvailable).toBe(referral.referrerBonusSlots);
  });
});

/** The code a user shares (their profile's, claimed at sign-up). */
async function referralCodeOf(uid: string) {
  const profile = await profiles.getProfile(signUpAt('2026-10-01T09:00:00.000Z'), { uid, email: '' });
  return profile.referralCode;
}
