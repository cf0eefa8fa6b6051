import { GetCommand, PutCommand } from './dynamo.js';
import { batchGet, type DataClient } from './client.js';
import { writtenIf } from './entity/condition.js';
import type { TransactionWrite } from './entity/transaction.js';
import { expressionAttributes, expressionParts, itemMissing } from './expressions.js';
import { tenantKey } from './entity/keys.js';

/**
 * The user's do-not-contact list (DESIGN §6 'Sending guard'): `USER#<sub>` / `DNC#<lower-case address>`.
 * A bounce, an 'unsubscribe' answer or the user puts an address on it; sending honours it. The first reason is kept
 * (the write is conditioned on the address not being listed yet), so listing twice changes nothing.
 */
export type DoNotContactReason = 'bounce' | 'unsubscribe' | 'manual';
export type DoNotContactEntry = { email: string; reason: DoNotContactReason; addedAt: string };

export const doNotContactRecord = 'doNotContact';

/** Addresses are compared without case (the domain part is case-blind, and providers treat the local part so too). */
export const normaliseAddress = (email: string) => email.trim().toLowerCase();
export const doNotContactKey = (uid: string, email: string) => ({
  pk: tenantKey(uid),
  sk: `DNC#${normaliseAddress(email)}`,
});
const fits = (key: { sk: string }) => Buffer.byteLength(key.sk, 'utf8') <= 1024;

/** The write that lists an address, for a transaction: refused when it is listed already. */
export const doNotContactWrite = (db: DataClient, uid: string, entry: DoNotContactEntry): TransactionWrite => {
  const p = expressionParts();
  return {
    Put: {
      TableName: db.table,
      Item: {
        ...doNotContactKey(uid, entry.email),
        entity: doNotContactRecord,
        ...entry,
        email: normaliseAddress(entry.email),
      },
      ConditionExpression: itemMissing(p),
      ...expressionAttributes(p),
    },
  };
};

// an address's entry on the user's list (GetItem, consistent); null when it is not listed
export const getDoNotContact = async (db: DataClient, uid: string, email: string) => {
  const key = doNotContactKey(uid, email);
  if (!fits(key)) return null;
  const { Item } = await db.documents.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return Item ? ({ email: Item.email, reason: Item.reason, addedAt: Item.addedAt } as DoNotContactEntry) : null;
};

// which of some addresses are on the user's list (BatchGetItem by 100, consistent), lower-cased
export const listedAmong = async (db: DataClient, uid: string, emails: readonly string[]): Promise<Set<string>> => {
  const keys = [...new Set(emails.map(normaliseAddress))].map((email) => doNotContactKey(uid, email)).filter(fits);
  return new Set((await batchGet(db, keys)).map((item) => String(item.email)));
};

// lists an address (PutItem, conditioned on it not being listed yet); false when it already was
export const addDoNotContactEntry = (db: DataClient, uid: string, entry: DoNotContactEntry) => {
  const { Put } = doNotContactWrite(db, uid, entry) as { Put: ConstructorParameters<typeof PutCommand>[0] };
  return writtenIf(db.documents.send(new PutCommand(Put)));
};
