import { GetCommand, UpdateCommand } from './dynamo.js';
import { batchGet, type DataClient } from './client.js';
import { table } from './table.js';

/**
 * The mark of a deleted account (DESIGN §6 "Your data"): `DELETED_ACCOUNT#<sub>` / `DELETED_ACCOUNT`, holding the sub
 * and when it was deleted, nothing else. Written before anything is removed and kept for good, outside the user's
 * partition (`USER#<sub>`) so the wipe does not take it: the account's ID tokens stay valid for up to an hour after
 * its Cognito user is gone, and every request they sign is refused while it exists.
 */
export type DeletedAccountItem = { uid: string; deletedAt: string };

export const deletedAccountRecord = 'deletedAccount';

export const deletedAccountKey = (uid: string) => ({
  [table.partitionKey]: `DELETED_ACCOUNT#${uid}`,
  [table.sortKey]: 'DELETED_ACCOUNT',
});

/** Marks the account of `uid` deleted (UpdateItem); a second mark keeps the first time. */
export const markAccountDeleted = async (db: DataClient, uid: string, deletedAt: string) => {
  await db.documents.send(
    new UpdateCommand({
      TableName: db.table,
      Key: deletedAccountKey(uid),
      UpdateExpression: 'SET #entity = :entity, #uid = :uid, #deletedAt = if_not_exists(#deletedAt, :deletedAt)',
      ExpressionAttributeNames: { '#entity': 'entity', '#uid': 'uid', '#deletedAt': 'deletedAt' },
      ExpressionAttributeValues: { ':entity': deletedAccountRecord, ':uid': uid, ':deletedAt': deletedAt },
    }),
  );
};

// whether the account of `uid` was deleted (GetItem of the key only, strongly consistent: a request a moment after
// the deletion sees it)
export const isAccountDeleted = async (db: DataClient, uid: string) => {
  const { Item } = await db.documents.send(
    new GetCommand({
      TableName: db.table,
      Key: deletedAccountKey(uid),
      ProjectionExpression: '#pk',
      ExpressionAttributeNames: { '#pk': table.partitionKey },
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
};

/**
 * Which of `uids` are accounts deleted (their marks, one BatchGetItem per 100): for a stream consumer, whose changes of
 * a deleted account (the wipe's own removals, or a write that lagged behind it) would otherwise write the user's
 * partition again after the wipe.
 */
export const deletedAccounts = async (db: DataClient, uids: Iterable<string>) =>
  new Set((await batchGet(db, [...new Set(uids)].map(deletedAccountKey))).map((item) => String(item.uid)));
