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
    /** second access path of an entity, e.g. a user's items by status or date */
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** lookups by an outside id, e.g. a thread id, a Stripe customer, a referral code */
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
