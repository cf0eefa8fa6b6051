import { GetCommand, PutCommand } from './dynamo.js';
import type { DataClient } from './client.js';

/**
 * A LinkedIn URL the enrichment vendor did not know when last asked: `SHARED#<canonical url>` / `UNKNOWN`, beside the
 * shared profile the URL would have, with the time it was asked and a TTL. While it is fresh nobody's preview or add
 * asks the vendor about that URL again (previews of unknown profiles are cached too).
 */
export type UnknownProfileItem = { canonicalLinkedinUrl: string; checkedAt: string; ttl: number };

export const unknownProfileRecord = 'unknownProfile';

export const unknownProfileKey = (canonicalLinkedinUrl: string) => ({
  pk: `SHARED#${canonicalLinkedinUrl}`,
  sk: 'UNKNOWN',
});

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

// whether a mark that the vendor did not know a URL is still fresh at `now` (GetItem; an expired mark counts as
// absent: TTL deletes late, and never on DynamoDB Local)
export const isKnownUnknown = async (db: DataClient, canonicalLinkedinUrl: string, now: Date) => {
  const { Item } = await db.documents.send(
    new GetCommand({
      TableName: db.table,
      Key: unknownProfileKey(canonicalLinkedinUrl),
      ProjectionExpression: '#ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
    }),
  );
  return typeof Item?.ttl === 'number' && Item.ttl > epochSeconds(now);
};

/** Remembers that the vendor does not know a URL, for `forMs` from `now` (a later ask replaces the mark). */
export const markUnknownProfile = async (db: DataClient, canonicalLinkedinUrl: string, now: Date, forMs: number) => {
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...unknownProfileKey(canonicalLinkedinUrl),
        canonicalLinkedinUrl,
        checkedAt: now.toISOString(),
        ttl: epochSeconds(new Date(now.getTime() + forMs)),
        entity: unknownProfileRecord,
      },
    }),
  );
};
