import { addMonths, periodAt } from '../contacts/index.js';
import type { DataClient } from '../data/client.js';
import { epochSeconds, getDeletedAddress, putDeletedAddress } from '../data/deleted-address.js';
import { continueQuotaPeriod, getQuota } from '../data/quota.js';
import { getUserProfile } from '../data/user-profile.js';
import type { KeyedHash } from '../providers/crypto/keyed-hash.js';
import { mailboxOf } from './referrals.js';

/**
 * An address whose account was deleted and that signs up again (DESIGN §6 "Your data", the privacy page): it gets no
 * welcome bonus and continues the slot period it left, for 12 months after the deletion; after that it is a new
 * person. What is kept is a keyed fingerprint of the address's mailbox and the period (lambdas/data/deleted-address.ts).
 *
 * The address is normalized as `mailboxOf` does for referrals: lower case, without a `+tag` (Gmail, Outlook, iCloud
 * and most providers deliver `rita+x@` to `rita@`), and at Gmail without dots and with googlemail.com as gmail.com
 * (Gmail ignores them). Those variants reach one inbox, so they are one person; a farmer would use exactly them to
 * come back as someone new. Other domains' dots are kept: there they name different mailboxes.
 */
export type ReturningDeps = { db: DataClient; now: () => Date; addressHash: KeyedHash };

/** How long a deleted address's period is kept. */
export const keptMonths = 12;

const purpose = 'deleted-address';

/** The keyed fingerprint of an address's mailbox, the record's key. */
export const addressFingerprint = (hash: KeyedHash, email: string) => hash(purpose, mailboxOf(email));

/**
 * At the deletion of `uid` (lambdas/account, before its partition is removed): its address's fingerprint and the
 * period it is in (or, if it never used its slots, the one its sign-up date gives), kept 12 months; false when the
 * account has no profile or no address left (a later pass of the deletion: the first one remembered it).
 */
export const rememberDeletedAddress = async (deps: ReturningDeps, uid: string) => {
  const now = deps.now();
  const [profile, quota] = await Promise.all([
    getUserProfile(deps.db, uid, ['email', 'createdAt']),
    getQuota(deps.db, uid),
  ]);
  const email = profile?.email?.trim();
  if (!email) return false;
  const anchor = quota?.periodAnchor ?? quota?.periodStart ?? profile?.createdAt ?? now.toISOString();
  const current =
    quota?.periodStart && quota.slotsRefresh && new Date(quota.slotsRefresh) > now
      ? { periodStart: quota.periodStart, slotsRefresh: quota.slotsRefresh, slotsUsed: quota.slotsUsed ?? 0 }
      : { ...periodAt(new Date(anchor), now), slotsUsed: 0 };
  await putDeletedAddress(deps.db, await addressFingerprint(deps.addressHash, email), {
    periodAnchor: anchor,
    ...current,
    ttl: epochSeconds(addMonths(now, keptMonths)),
  });
  return true;
};

/**
 * At a new account's sign-up: whether its address is a deleted account's (kept, under 12 months old), and if so its
 * quota continues that period (once: a second call changes nothing). The period goes on where it was, or, if it has
 * ended since, the next one of the same cycle starts with nothing used.
 */
export const continueDeletedAddress = async (deps: ReturningDeps, account: { uid: string; email: string }) => {
  if (!account.email.trim()) return false;
  const now = deps.now();
  const kept = await getDeletedAddress(deps.db, await addressFingerprint(deps.addressHash, account.email), now);
  if (!kept) return false;
  const period =
    new Date(kept.slotsRefresh) > now
      ? { periodStart: kept.periodStart, slotsRefresh: kept.slotsRefresh, slotsUsed: kept.slotsUsed }
      : { ...periodAt(new Date(kept.periodAnchor), now), slotsUsed: 0 };
  await continueQuotaPeriod(deps.db, account.uid, { periodAnchor: kept.periodAnchor, ...period });
  return true;
};
