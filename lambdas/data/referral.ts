import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from './dynamo.js';
import { queryAll, type DataClient } from './client.js';
import { deletedAccountKey } from './deleted-account.js';
import { writtenIf } from './entity/condition.js';
import { bonusSlotsWrite } from './quota.js';
import { updateParams } from './expressions.js';
import { tenantKey } from './entity/keys.js';
import { transact } from './entity/transaction.js';

/**
 * Referrals (DESIGN §6, §8 'Referrals'):
 * - `REFERRALCODE#<CODE>` / `REFERRALCODE`: who owns a code (uid), so a code is found in one GetItem; written on the
 *   condition that no one else holds it, which keeps codes unique;
 * - `USER#<referrer>` / `REFERRED#<newUid>`: a person who signed up with the referrer's code (a name, never their
 *   e-mail address), one per referred account;
 * - `USER#<newUid>` / `REFERREDBY`: the new account's side of it, so an account is rewarded once whichever code
 *   it comes with later;
 * - `REFERREDMAILBOX#<sha256 of the mailbox>` / `REFERREDMAILBOX`: a mailbox that was rewarded, so a second account
 *   of one inbox (a sub-address, the address signed up again after a deletion) is not: only a hash, no uid;
 * - `USER#<referrer>` / `REFERRALMONTH#<YYYY-MM>`: how many of the referrer's referrals were rewarded in that calendar
 *   month (UTC), the conditional counter that holds the monthly limit under concurrent confirmations.
 * The two people's bonus slots are granted in the same transaction as the records and the counter.
 */
export type ReferredItem = {
  /** the referred person's uid */
  uid: string;
  /** what the referrer sees of them: their name when they gave one ('' otherwise) */
  name: string;
  joinedAt: string;
  rewarded: boolean;
  /** the referrer's bonus slots for this person */
  bonusSlots: number;
};

export const referralCodeRecord = 'referralCode';
export const referredRecord = 'referred';
export const referredByRecord = 'referredBy';
export const referredMailboxRecord = 'referredMailbox';
export const referralMonthRecord = 'referralMonth';

const referredPrefix = 'REFERRED#';

export const referralCodeKey = (code: string) => ({ pk: `REFERRALCODE#${code}`, sk: 'REFERRALCODE' });
export const referredKey = (referrerUid: string, uid: string) => ({
  pk: tenantKey(referrerUid),
  sk: `${referredPrefix}${uid}`,
});
export const referredByKey = (uid: string) => ({ pk: tenantKey(uid), sk: 'REFERREDBY' });
export const referredMailboxKey = (mailbox: string) => ({
  pk: `REFERREDMAILBOX#${createHash('sha256').update(mailbox, 'utf8').digest('hex')}`,
  sk: 'REFERREDMAILBOX',
});

/** The calendar month (UTC) an instant falls in, as the counter's key names it: `2026-12`. */
export const referralMonth = (at: string) => at.slice(0, 7);

export const referralMonthKey = (referrerUid: string, month: string) => ({
  pk: tenantKey(referrerUid),
  sk: `REFERRALMONTH#${month}`,
});

// the owner of a referral code (one GetItem); null when no one holds it
export const referralCodeOwner = async (db: DataClient, code: string): Promise<string | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: referralCodeKey(code), ProjectionExpression: 'uid' }),
  );
  return typeof Item?.uid === 'string' ? Item.uid : null;
};

/** Claims `code` for `uid` (PutItem): true when it is theirs (now or already), false when another user holds it. */
export const claimReferralCode = (db: DataClient, code: string, uid: string) =>
  writtenIf(
    db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...referralCodeKey(code), entity: referralCodeRecord, uid, code },
        ConditionExpression: 'attribute_not_exists(pk) OR #uid = :uid',
        ExpressionAttributeNames: { '#uid': 'uid' },
        ExpressionAttributeValues: { ':uid': uid },
      }),
    ),
  );

/**
 * Gives up `uid`'s claim of `code` (the account's deletion, DESIGN §6 "Your data"), on the condition that it is theirs:
 * false when no one holds it (already given up) or another user does.
 */
export const releaseReferralCode = (db: DataClient, code: string, uid: string) =>
  writtenIf(
    db.documents.send(
      new DeleteCommand({
        TableName: db.table,
        Key: referralCodeKey(code),
        ConditionExpression: '#uid = :uid',
        ExpressionAttributeNames: { '#uid': 'uid' },
        ExpressionAttributeValues: { ':uid': uid },
      }),
    ),
  );

// the people a user referred (one Query of the REFERRED# items), in the order they joined
export const listReferred = async (db: DataClient, referrerUid: string): Promise<ReferredItem[]> => {
  const items = await queryAll(db, {
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    ExpressionAttributeValues: { ':pk': tenantKey(referrerUid), ':prefix': referredPrefix },
  });
  return items
    .map((item) => ({
      uid: String(item.uid),
      name: typeof item.name === 'string' ? item.name : '',
      joinedAt: String(item.joinedAt),
      rewarded: item.rewarded === true,
      bonusSlots: typeof item.bonusSlots === 'number' ? item.bonusSlots : 0,
    }))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
};

export type ReferralReward = {
  referrerUid: string;
  code: string;
  referred: { uid: string; name: string; joinedAt: string };
  /** the referred account's mailbox (lambdas/profiles/referrals.ts `mailboxOf`); '' when it has no address */
  mailbox: string;
  /** an address of a deleted account signing up again (lambdas/profiles/returning.ts): counted, nobody rewarded */
  returning: boolean;
  referrerBonusSlots: number;
  newUserBonusSlots: number;
  /** the referrals rewarded per referrer and calendar month (UTC); more are counted, not rewarded */
  monthlyRewardLimit: number;
};

/**
 * What a referral grants: `both` people (under the referrer's monthly limit), the `newUser` only (the referrer's
 * limit for the month is reached: counted, not rewarded for them), or `none` (a returning address).
 */
type Grant = 'both' | 'newUser' | 'none';

export type ReferralRecorded = 'rewarded' | 'counted' | 'already';

/**
 * Records a referral and grants its bonuses in one transaction (nothing or all of it): the referrer's REFERRED#
 * item, the new account's REFERREDBY item and its mailbox's mark, each on the condition that it is new, a check that
 * the referrer's account was not deleted, the referrer's counter of the month (ADD 1 on the condition that it is
 * under the limit: concurrent confirmations cannot pass it, as a read-then-write would) and the two quotas' bonus
 * slots (ADD). 'rewarded'; 'counted' when the referrer's limit for the month was reached (recorded with the new
 * user's bonus only) or the address is a returning one (recorded, no bonus); 'already' when this account (or its
 * mailbox) was recorded before (by this code or another one) or the referrer is gone: a retried or concurrent call
 * grants nothing.
 */
export const recordReferral = async (db: DataClient, reward: ReferralReward): Promise<ReferralRecorded> => {
  let grant: Grant = reward.returning ? 'none' : 'both';
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await tryRecordReferral(db, reward, grant);
    if (outcome === 'over-limit') {
      // the month's limit is reached: recorded again with the new user's bonus only (its own conditions decide)
      grant = 'newUser';
      continue;
    }
    if (outcome !== 'conflict') return outcome;
    // other transactions on the same items (the referrer's counter and quota under concurrent confirmations, or a
    // second call for this account) were in flight: theirs decide, then this one is tried again
    if (attempt >= maxAttempts) throw new Error('A referral kept conflicting with other writes');
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 40 * attempt));
  }
};

/** Tries of a referral's transaction: enough for some tens of confirmations for one referrer at once. */
const maxAttempts = 12;

const tryRecordReferral = async (db: DataClient, reward: ReferralReward, grant: Grant) => {
  const { referrerUid, referred } = reward;
  const month = referralMonth(referred.joinedAt);
  const counter =
    grant === 'both'
      ? {
          Update: updateParams(
            db.table,
            referralMonthKey(referrerUid, month),
            { add: { rewarded: 1 }, set: { entity: referralMonthRecord, month } },
            (p) =>
              `attribute_not_exists(${p.name('rewarded')}) OR ${p.name('rewarded')} < ${p.value(reward.monthlyRewardLimit)}`,
          ),
        }
      : undefined;
  const records = [
    {
      Put: {
        TableName: db.table,
        Item: {
          ...referredKey(referrerUid, referred.uid),
          entity: referredRecord,
          uid: referred.uid,
          name: referred.name,
          joinedAt: referred.joinedAt,
          rewarded: grant === 'both',
          bonusSlots: grant === 'both' ? reward.referrerBonusSlots : 0,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: db.table,
        Item: {
          ...referredByKey(referred.uid),
          entity: referredByRecord,
          referrerUid,
          code: reward.code,
          at: referred.joinedAt,
          bonusSlots: grant === 'none' ? 0 : reward.newUserBonusSlots,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // the mailbox's mark goes with its welcome bonus: a returning address gets neither
    ...(reward.mailbox && grant !== 'none'
      ? [
          {
            Put: {
              TableName: db.table,
              Item: { ...referredMailboxKey(reward.mailbox), entity: referredMailboxRecord, at: referred.joinedAt },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ]
      : []),
    {
      ConditionCheck: {
        TableName: db.table,
        Key: deletedAccountKey(referrerUid),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  const grants = [
    ...(grant === 'both' ? [bonusSlotsWrite(db, referrerUid, reward.referrerBonusSlots)] : []),
    ...(grant === 'none' ? [] : [bonusSlotsWrite(db, referred.uid, reward.newUserBonusSlots)]),
  ];
  const outcome = await transact(db, { records, counter, grants });
  if (outcome.done) return grant === 'both' ? ('rewarded' as const) : ('counted' as const);
  // a record exists already (or the referrer is gone): whatever the counter says, this referral was decided
  if (outcome.refused.has('records')) return 'already' as const;
  if (outcome.refused.has('counter')) return 'over-limit' as const;
  if (outcome.conflict) return 'conflict' as const;
  throw new Error(`Recording the referral was refused: ${outcome.summary}`);
};
