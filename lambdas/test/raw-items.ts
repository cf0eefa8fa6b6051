import { GetCommand, UpdateCommand } from '../data/dynamo.js';
import type { DataClient } from '../data/client.js';
import { updateParams } from '../data/expressions.js';
import { userItems } from '../data/user-partition.js';

/** Tests only: sets attributes of a stored item as they are, to put it in a state no route leads to in one step. */
export const setAttributes = async (db: DataClient, key: Record<string, string>, fields: Record<string, unknown>) => {
  await db.documents.send(new UpdateCommand(updateParams(db.table, key, { set: fields })));
};

/** Tests only: removes attributes of a stored item, as no route would. */
export const removeAttributes = async (db: DataClient, key: Record<string, string>, names: string[]) => {
  await db.documents.send(new UpdateCommand(updateParams(db.table, key, { remove: names })));
};

/** Tests only: a stored item with every attribute, keys included; null when absent. */
export const readItem = async (db: DataClient, key: Record<string, string>) =>
  (await db.documents.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }))).Item ?? null;

/**
 * Tests only: every stored item of a user's partition with every attribute, in key order: what a test compares before
 * and after a request that must change nothing of theirs.
 */
export const partitionSnapshot = async (db: DataClient, uid: string) =>
  (await userItems(db, uid)).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
