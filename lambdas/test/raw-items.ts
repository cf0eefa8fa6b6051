import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DataClient } from '../data/client.js';
import { updateParams } from '../data/expressions.js';

/** Tests only: sets attributes of a stored item as they are, to put it in a state no route leads to in one step. */
export const setAttributes = async (db: DataClient, key: Record<string, string>, fields: Record<string, unknown>) => {
  await db.documents.send(new UpdateCommand(updateParams(db.table, key, { set: fields })));
};

/** Tests only: a stored item with every attribute, keys included; null when absent. */
export const readItem = async (db: DataClient, key: Record<string, string>) =>
  (await db.documents.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }))).Item ?? null;
