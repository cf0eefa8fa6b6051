import { referral } from '../../shared/constants.js';
import type { Referrals } from '../../shared/schemas/billing.js';
import {
  claimReferralCode,
  recordReferral,
  referralCodeOwner,
  referralMonth,
  type ReferredItem,
} from '../data/referral.js';
import { getUserProfile, replaceReferralCode } from '../data/user-profile.js';
import type { ProfilesDeps } from './service.js';

/**
 * Referrals (DESIGN §6, §8 'Referrals'): every user's code is claimed in its own item (REFERRALCODE#<CODE>, one
 * GetItem finds its owner), and a referred account's confirmation rewards both people once, in one transaction.
 */

type Deps = Pick<ProfilesDeps, 'db' | 'now' | 'newReferralCode'>;

/** How a code is written: upper case, letters and digits (a link's `?ref=` may come in any case). */
export const normalizeReferralCode = (code: string | undefined) => {
  const normalized = code?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{4,32}$/.test(normalized) ? normalized : null;
};

/** Codes tried before giving up on finding a free one (a collision is about one in 10^12 per try). */
const maxCodeAttempts = 5;

/**
 * Makes sure `code`, the profile's referral code, is claimed by `uid` and answers the code the profile holds: the
 * same one, or a new one when another user held it (claimed first, then swapped in if the profile still holds the
 * old one; a concurrent caller that swapped first wins and its code is answered).
 */
export const claimOwnReferralCode = async (deps: Deps, uid: string, code: string): Promise<string> => {
  let candidate = code;
  for (let attempt = 0; attempt < maxCodeAttempts; attempt += 1) {
    if (await claimReferralCode(deps.db, candidate, uid)) {
      if (candidate === code) return code;
      const swapped = await replaceReferralCode(deps.db, uid, code, candidate, deps.now().toISOString());
      if (swapped) return candidate;
      const current = (await getUserProfile(deps.db, uid, ['referralCode']))?.referralCode;
      if (!current) throw new Error('The profile disappeared while its referral code was claimed');
      return current === code ? claimOwnReferralCode(deps, uid, code) : current;
    }
    candidate = deps.newReferralCode();
  }
  throw new Error('No free referral code was found');
};

/**
 * The profile's code as it can be shared: one GetItem when it is claimed already; an older profile's code (made
 * before codes were claimed) is claimed now.
 */
export const ensureReferralCodeClaimed = async (deps: Deps, uid: string, code: string) =>
  (await referralCodeOwner(deps.db, code)) === uid ? code : claimOwnReferralCode(deps, uid, code);

/** A referral is for a new account: an account older than this cannot claim one later (it synced without one). */
const newAccountWindowMs = 24 * 60 * 60 * 1000;

/** What the referrer may see of the person: their name, never an address (a name typed as one is not shown). */
const visibleName = (name: string) => (name.includes('@') ? '' : name.trim().slice(0, 120));

const gmailDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to: case aside, a sub-address (`rita+x@`, which Gmail, Outlook, iCloud and most
 * providers deliver to `rita@`) and, at Gmail, its dots and googlemail.com. Two such addresses get their confirmation
 * codes in one inbox: one person, who could otherwise refer themselves any number of times.
 */
export const mailboxOf = (address: string) => {
  const normalized = address.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at < 1) return normalized;
  const domain = normalized.slice(at + 1);
  const local = normalized.slice(0, at).split('+')[0]!;
  return gmailDomains.has(domain) ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
};

const sameAddress = (a: string | undefined, b: string | undefined) =>
  Boolean(a?.trim() && b?.trim() && mailboxOf(a) === mailboxOf(b));

export type ReferralOutcome = 'rewarded' | 'counted' | 'already' | 'unknown-code' | 'self-referral' | 'not-new';

/**
 * The confirmed account that came with a code, as its profile holds it; `returning` when its address is a deleted
 * account's signing up again (./returning.ts): such a referral is counted, and nobody is rewarded for it.
 */
export type ReferredAccount = { uid: string; email: string; name: string; createdAt: string; returning: boolean };

/** Whether an account is new enough for what a sign-up brings (a referral, continuing a deleted address's period). */
export const isNewAccount = (createdAt: string, now: Date) =>
  now.getTime() - Date.parse(createdAt) < newAccountWindowMs;

/**
 * DESIGN §6: the referrer earns 10 bonus slots and the new user 5 (shared/constants.ts `referral`), once per
 * referred account and for at most 10 referred accounts per calendar month (UTC: the month the account is confirmed
 * in; more are counted, with the new user's bonus only), never for a returning address (counted, no bonus), never for
 * a self-referral (the same account, or an account of the same mailbox, e.g. a Google sign-in beside an e-mail one,
 * or a sub-address: `mailboxOf`), and once per mailbox (another account of it earns nothing); an unknown code is
 * ignored. Safe to call again and at the same time: the records and both grants are
 * one conditional transaction (lambdas/data/referral.ts), so a retried trigger or a second caller grants nothing
 * more, and a crash grants nothing at all.
 */
export const rewardReferral = async (
  deps: Deps,
  account: ReferredAccount,
  code: string | undefined,
): Promise<ReferralOutcome> => {
  const normalized = normalizeReferralCode(code);
  if (!normalized) return 'unknown-code';
  if (!isNewAccount(account.createdAt, deps.now())) return 'not-new';
  const referrerUid = await referralCodeOwner(deps.db, normalized);
  if (!referrerUid) return 'unknown-code';
  if (referrerUid === account.uid) return 'self-referral';
  const referrer = await getUserProfile(deps.db, referrerUid, ['email']);
  // a code whose owner has no profile any more (a deleted account) rewards no one
  if (!referrer) return 'unknown-code';
  if (sameAddress(referrer.email, account.email)) return 'self-referral';
  return recordReferral(deps.db, {
    referrerUid,
    code: normalized,
    referred: { uid: account.uid, name: visibleName(account.name), joinedAt: deps.now().toISOString() },
    mailbox: account.email.trim() ? mailboxOf(account.email) : '',
    returning: account.returning,
    referrerBonusSlots: referral.referrerBonusSlots,
    newUserBonusSlots: referral.newUserBonusSlots,
    monthlyRewardLimit: referral.monthlyRewardLimit,
  });
};

/** DESIGN §6: a code's link. */
export const referralLink = (origin: string, code: string) => `${origin}/signup?ref=${encodeURIComponent(code)}`;

/**
 * The web origin a link starts with: the configured one (CORS_ORIGIN); where any origin is allowed (`*`, local
 * runs), the calling page's own origin.
 */
export const linkOrigin = (configured: string, requestOrigin: string | undefined) => {
  if (configured !== '*') return configured.replace(/\/+$/, '');
  try {
    const url = new URL(requestOrigin ?? '');
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
};

/**
 * The wire shape of DESIGN §8 'Referrals': names only ('A new member' for someone who gave none), and this calendar
 * month's (UTC) joins and rewards beside its limit (an addition to the contract).
 */
export const toReferrals = (code: string, origin: string, referred: ReferredItem[], now: Date): Referrals => {
  const month = referralMonth(now.toISOString());
  const thisMonth = referred.filter((item) => referralMonth(item.joinedAt) === month);
  return {
    code,
    link: referralLink(origin, code),
    referredCount: referred.length,
    bonusSlotsEarned: referred.reduce((sum, item) => sum + (item.rewarded ? item.bonusSlots : 0), 0),
    thisMonth: {
      month,
      joined: thisMonth.length,
      rewarded: thisMonth.filter((item) => item.rewarded).length,
      rewardLimit: referral.monthlyRewardLimit,
    },
    referred: referred.map((item) => ({
      name: item.name || 'A new member',
      joinedAt: item.joinedAt,
      rewarded: item.rewarded,
    })),
  };
};
