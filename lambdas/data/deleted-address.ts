import { GetCommand, PutCommand } from './dynamo.js';
import type { DataClient } from './client.js';

/**
 * What a deleted account leaves behind so that signing up again does not start it over (DESIGN §6 "Your data", the
 * privacy page's 'How long we keep it'): `DELETEDADDRESS#<keyed fingerprint of the normalized address>` /
 * `DELETEDADDRESS`, holding the slot period the account was in and the slots it had used in it, nothing else: no
 * uid, no address, no name. Outside every user's partition, so the deletion's wipe does not take it; kept 12 months
 * (`ttl`), after which the address is a new person's.
 */
export type DeletedAddressItem = {
  /** the date the account's monthly periods counted from */
  periodAnchor: string;
  periodStart: string;
  /** the period's end (the next one's start) */
  slotsRefresh: string;
  slotsUsed: number;
  /** epoch seconds: DynamoDB's TTL deletes it after this */
  ttl: number;
};

export const deletedAddressRecord = 'deletedAddress';

export const deletedAddressKey = (fingerprint: string) => ({
  pk: `DELETEDADDRESS#${fingerprint}`,
  sk: 'DELETEDADDRESS',
});

export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Remembers a deleted address's period (PutItem: a later deletion of the same address replaces it). */
export const putDeletedAddress = async (db: DataClient, fingerprint: string, item: DeletedAddressItem) => {
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...deletedAddressKey(fingerprint), entity: deletedAddressRecord, ...item },
    }),
  );
};

// the period a deleted address left, if it is still kept at `now` (GetItem; an expired one counts as absent: TTL
// deletes late, and never on DynamoDB Local)
export const getDeletedAddress = async (
  db: DataClient,
  fingerprint: string,
  now: Date,
): Promise<DeletedAddressItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: deletedAddressKey(fingerprint), ConsistentRead: true }),
  );
  if (!Item || typeof Item.ttl !== 'number' || Item.ttl <= epochSeconds(now)) return null;
  return {
    periodAnchor: String(Item.periodAnchor),
    periodStart: String(Item.periodStart),
    slotsRefresh: String(Item.slotsRefresh),
    slotsUsed: typeof Item.slotsUsed === 'number' ? Item.slotsUsed : 0,
    ttl: Item.ttl,
  };
};
