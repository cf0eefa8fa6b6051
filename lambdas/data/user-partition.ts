import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { checkoutStartRecord } from './billing.js';
import { batchWrite, type DataClient } from './client.js';
import { directoryRecord } from './contact-directory.js';
import { conversationThreadRecord } from './conversation.js';
import { liveConnectionRecord } from './live-connection.js';
import { mailSyncRecord } from './mail-sync.js';
import { mailboxAddressRecord, mailboxDefaultRecord } from './mailbox.js';
import { oauthPendingRecord } from './oauth-state.js';
import { rateLimitRecord } from './rate-limit.js';
import { referralMonthRecord } from './referral.js';
import { sendGuardRecord } from './send-guard.js';
import { statsConversationRecord, statsDayRecord, statsRecord } from './stats.js';
import { table } from './table.js';

/**
 * Records that only serve reads (derived from the others, rebuilt from them) or the machinery (a browser tab's open
 * live connection, a mailbox's address guard and the default pointer, a pending sign-in, a rate limit): not the owner's data to
 * export. Read when called: live-connection.ts and mailbox.ts import this module too.
 */
const notOwnerRecords = (): ReadonlySet<unknown> =>
  new Set([
    directoryRecord,
    liveConnectionRecord,
    mailboxAddressRecord,
    mailboxDefaultRecord,
    oauthPendingRecord,
    // how much of a costly action the user has left (lambdas/data/rate-limit.ts), the latest Checkout start
    rateLimitRecord,
    checkoutStartRecord,
    // the referrer's counter of rewarded referrals per month (derived from the REFERRED# items, which are exported)
    referralMonthRecord,
    // A thread's pointer to its conversation, a mailbox's sending-guard counters and its reply-check cursor
    conversationThreadRecord,
    sendGuardRecord,
    mailSyncRecord,
    // The dashboard's counters, derived from the user's contacts, drafts, conversations and meetings
    statsRecord,
    statsDayRecord,
    statsConversationRecord,
  ]);

/** Whether an item of a user's partition is the owner's data rather than a derived record. */
export const isOwnerRecord = (item: Record<string, unknown>) => !notOwnerRecords().has(item.entity);

/*
 * Raw access to a user's whole partition, whatever entities later features put there: the account export and
 * deletion read and remove items they do not model.
 */

/** DESIGN §3: everything a user owns lives under this partition key (the entities' `USER#${uid}` template). */
export const userPartitionKey = (uid: string) => `USER#${uid}`;

type Key = Record<string, unknown>;

// every item of a user (Query on the partition key, paged; never a Scan); `keysOnly` reads just pk and sk
export const userItems = async (db: DataClient, uid: string, options: { keysOnly?: boolean } = {}) => {
  const items: Record<string, unknown>[] = [];
  let start: Key | undefined;
  do {
    const page = await db.documents.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': table.partitionKey, ...(options.keysOnly ? { '#sk': table.sortKey } : {}) },
        ExpressionAttributeValues: { ':pk': userPartitionKey(uid) },
        ...(options.keysOnly ? { ProjectionExpression: '#pk, #sk' } : {}),
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** Deletes items by key (lambdas/data/client.ts `batchWrite`: 25 per request, what is left unprocessed retried). */
export const deleteItems = (db: DataClient, keys: Key[]) =>
  batchWrite(
    db,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
  );
