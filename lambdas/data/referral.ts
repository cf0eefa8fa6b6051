import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, type DataClient } from './client.js';
import { deletedAccountKey } from './deleted-account.js';
import { cancellationReasons, writtenIf } from './errors.js';
import { bonusSlotsWrite } from './quota.js';
import { userPartitionKey } from './user-partition.js';

/**
 * Referrals (DESIGN §6, §8 'Referrals', issue 15):
 * - `REFERRALCODE#<CODE>` / `REFERRALCODE`: who owns a code (uid), so a code is found in one GetItem; written on the
 *   condition that no one else holds it, which keeps codes unique;
 * - `USER#<referrer>` / `REFERRED#<newUid>`: a person who signed up with the referrer's code (a name, never their
 *   e-mail address), one per referred account;
 * - `USER#<newUid>` / `REFERREDBY`: the new account's side of it, so an account is rewarded once whichever code
 *   it comes with later;
 * - `REFERREDMAILBOX#<sha256 of the mailbox>` / `REFERREDMAILBOX`: a mailbox that was rewarded, so a second account
 *   of one inbox (a sub-address, the address signed up again after a deletion) is not: only a hash, no uid.
 * The two people's bonus slots are granted in the same transaction as both records.
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

const referredPrefix = 'REFERRED#';

export const referralCodeKey = (code: string) => ({ pk: `REFERRALCODE#${code}`, sk: 'REFERRALCODE' });
export const referredKey = (referrerUid: string, uid: string) => ({
  pk: userPartitionKey(referrerUid),
  sk: `${referredPrefix}${uid}`,
});
export const referredByKey = (uid: string) => ({ pk: userPartitionKey(uid), sk: 'REFERREDBY' });
export const referredMailboxKey = (mailbox: string) => ({
  pk: `REFERREDMAILBOX#${createHash('sha256').update(mailbox, 'utf8').digest('hex')}`,
  sk: 'REFERREDMAILBOX',
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
    ExpressionAttributeValues: { ':pk': userPartitionKey(referrerUid), ':prefix': referredPrefix },
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
  referrerBonusSlots: number;
  newUserBonusSlots: number;
};

/**
 * Records a referral and grants both bonuses in one transaction (nothing or all of it): the referrer's REFERRED#
 * item, the new account's REFERREDBY item and its mailbox's mark, each on the condition that it is new, the two
 * quotas' bonus slots (ADD), and a check that the referrer's account was not deleted. 'rewarded', or 'already' when
 * this account (or its mailbox) was rewarded before (by this code or another one) or the referrer is gone: a retried
 * or concurrent call grants nothing.
 */
export const recordReferral = async (db: DataClient, reward: ReferralReward): Promise<'rewarded' | 'already'> => {
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await tryRecordReferral(db, reward);
    if (outcome !== 'conflict') return outcome;
    // another transaction on the same items (a concurrent call for this account) was in flight: its outcome decides
    if (attempt >= 5) throw new Error('A referral kept conflicting with other writes');
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
};

const tryRecordReferral = async (db: DataClient, reward: ReferralReward) => {
  const { referrerUid, referred } = reward;
  try {
    await db.documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              Item: {
                ...referredKey(referrerUid, referred.uid),
                entity: referredRecord,
                uid: referred.uid,
                name: referred.name,
                joinedAt: referred.joinedAt,
                rewarded: true,
                bonusSlots: reward.referrerBonusSlots,
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
                bonusSlots: reward.newUserBonusSlots,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...(reward.mailbox
            ? [
                {
                  Put: {
                    TableName: db.table,
                    Item: {
                      ...referredMailboxKey(reward.mailbox),
                      entity: referredMailboxRecord,
                      at: referred.joinedAt,
                    },
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
          bonusSlotsWrite(db, referrerUid, reward.referrerBonusSlots),
          bonusSlotsWrite(db, referred.uid, reward.newUserBonusSlots),
        ],
      }),
    );
    return 'rewarded' as const;
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.includes('ConditionalCheckFailed')) return 'already' as const;
    if (reasons?.includes('TransactionConflict')) return 'conflict' as const;
    throw error;
  }
};
