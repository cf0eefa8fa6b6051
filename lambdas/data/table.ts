import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The one DynamoDB table (DESIGN §3), defined once: the CDK stack and the local stack both derive theirs from this.
 * Everything a user owns lives under `USER#<sub>`; shared professional profiles under `SHARED#<url>`.
 */
export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  /**
   * The table's stream: every change with the item before and after it, read by the stream consumers of
   * shared/streams.ts (Lambda's event source mapping in AWS, infra/local/streams.ts locally).
   */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  indexes: {
    // what each serves: `accessPatterns` below
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    gsi2: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /**
     * Other orders of gsi1's collections (same partition key, `gsi1pk`): a user's contacts by name (gsi3), by company
     * (gsi4) and by date added (gsi5), so every sort the contact list offers is one Query of one page.
     */
    gsi3: { partitionKey: 'gsi1pk', sortKey: 'gsi3sk' },
    gsi4: { partitionKey: 'gsi1pk', sortKey: 'gsi4sk' },
    gsi5: { partitionKey: 'gsi1pk', sortKey: 'gsi5sk' },
  },
} as const;

export type IndexName = keyof typeof table.indexes;

/** An index as one access pattern reads it: its physical name and key attributes. */
const servedBy = <Name extends IndexName>(index: Name) => ({ index, ...table.indexes[index] }) as const;

/**
 * The indexes by what they serve: entities read `accessPatterns.dueSends`, not `gsi1`. Several patterns share one
 * physical index (their partition keys never meet: each pattern spells its own, e.g. `USER#<sub>#CONTACTS`,
 * `SENDDUE#<shard>`), which keeps the table at five indexes. The physical names stay `gsi1`..`gsi5`: renaming a GSI of
 * a live table makes DynamoDB delete it and build a new one from every item, and queries of it fail until then.
 */
export const accessPatterns = {
  /** a user's contacts by last update, newest first (`USER#<sub>#CONTACTS` / `<lastUpdated>#<contactId>`) */
  contactsByLastUpdate: servedBy('gsi1'),
  /** the same contacts by name, company and date added (same partition key, `gsi1pk`) */
  contactsByName: servedBy('gsi3'),
  contactsByCompany: servedBy('gsi4'),
  contactsByDateAdded: servedBy('gsi5'),
  /** a contact's conversations by creation (`USER#<sub>#CONVERSATIONSOF#<contactId>` / `<createdAt>#<id>`) */
  conversationsOfContact: servedBy('gsi1'),
  /** drafts being sent by due time, sharded and sparse (`SENDDUE#<shard>` / `<dueAt>#<uid>#<id>`) */
  dueSends: servedBy('gsi1'),
  /** quotas by the end of their period, sharded (the roll-over schedule) */
  endedQuotaPeriods: servedBy('gsi1'),
  /** OAuth connections by the expiry of their access token, sharded and sparse (the renewal schedules) */
  dueTokenRenewals: servedBy('gsi1'),
  /** contacts owed an e-mail lookup by due time, sharded and sparse */
  owedLookups: servedBy('gsi2'),
  /** a user's drafts that are tasks: ready, failed, queued (`USER#<sub>#DRAFTTASKS` / `<kind>#<updatedAt>#<id>`) */
  draftTasks: servedBy('gsi2'),
  /** a live connection by its id alone (the `$disconnect` event names no user) */
  liveConnectionById: servedBy('gsi2'),
  /**
   * reminders by when they are due, sharded and sparse (`REMINDERDUE#<shard>` / `<remindAt>#<uid>#<kind>#<id>`): a
   * meeting's 60 minutes before it, a user's morning summary at 08:00 in their zone (the reminders schedule)
   */
  dueReminders: servedBy('gsi2'),
  /** the mailboxes the reply check reads, sharded and sparse (`REPLYCHECK#<shard>` / `<uid>#<mailboxId>`) */
  replyCheckMailboxes: servedBy('gsi2'),
  /** a sequence's enrolments (`USER#<sub>#ENROLLED#<sequenceId>` / `<contactId>`) */
  enrollmentsOfSequence: servedBy('gsi2'),
} as const;

/** CreateTable input for DynamoDB Local and tests (on-demand, same keys, indexes and stream as the CDK table). */
export const createTableInput = (tableName: string): CreateTableCommandInput => {
  const keyAttributes = [
    ...new Set([
      table.partitionKey,
      table.sortKey,
      ...Object.values(table.indexes).flatMap((index) => [index.partitionKey, index.sortKey]),
    ]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: table.partitionKey, KeyType: 'HASH' },
      { AttributeName: table.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: Object.entries(table.indexes).map(([IndexName, index]) => ({
      IndexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: table.streamViewType },
  };
};
