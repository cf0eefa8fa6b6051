import type { AccountExport } from '../../shared/schemas/account.js';
import type { DataClient } from '../data/client.js';
import { table } from '../data/table.js';
import { deleteItems, isOwnerRecord, userItems } from '../data/user-partition.js';
import type { UserDirectory } from '../providers/identity/identity.js';
import { userPrefix, type Storage } from '../providers/storage/storage.js';

export type AccountDeps = {
  db: DataClient;
  storage: Storage;
  users: UserDirectory;
  now: () => Date;
};

/** Who is calling, from the verified token only; `username` is Cognito's (federated users have their own). */
export type AccountIdentity = { uid: string; email: string; username: string };

/** Links in an export outlive a quick look at the file: an hour. */
const exportLinkSeconds = 3600;

/** Attributes that say where an item sits in the table, not what it holds. */
const storageAttributes = new Set<string>([
  table.partitionKey,
  table.sortKey,
  ...Object.values(table.indexes).flatMap((index) => [index.partitionKey, index.sortKey]),
]);
/**
 * Which kind of record an item is: `entity` (lambdas/data/), or ElectroDB's `__edb_e__` on items written before it
 * was replaced; neither, nor ElectroDB's version, is content of the owner's.
 */
const recordTypeAttributes = ['entity', '__edb_e__'];
const bookkeeping = new Set([...recordTypeAttributes, '__edb_v__']);

/** A stored item as its owner reads it: what it holds and which kind of record it is. */
const toRecord = (item: Record<string, unknown>) => {
  const recordType = recordTypeAttributes.map((name) => item[name]).find((value) => typeof value === 'string');
  const record: Record<string, unknown> = recordType ? { recordType } : {};
  for (const [name, value] of Object.entries(item)) {
    if (!storageAttributes.has(name) && !bookkeeping.has(name)) record[name] = value;
  }
  return record;
};

/** The profile's sort key (lambdas/data/user-profile.ts). */
const profileSortKey = 'PROFILE';

/**
 * GET /api/account/export (DESIGN §6 "Your data"): every record under the user's key, the profile apart, and every
 * stored file with a short-lived link.
 */
export const exportAccount = async (
  deps: Omit<AccountDeps, 'users'>,
  identity: AccountIdentity,
): Promise<AccountExport> => {
  const prefix = userPrefix(identity.uid);
  const [items, objects] = await Promise.all([userItems(deps.db, identity.uid), deps.storage.list(prefix)]);
  const profileItem = items.find((item) => item[table.sortKey] === profileSortKey);
  const files = await Promise.all(
    objects.map(async ({ key, size }) => {
      const fileName = key.slice(key.lastIndexOf('/') + 1);
      return {
        key,
        fileName,
        size,
        url: await deps.storage.presignGet(key, { fileName, expiresInSeconds: exportLinkSeconds }),
      };
    }),
  );
  return {
    exportedAt: deps.now().toISOString(),
    user: {
      uid: identity.uid,
      email: identity.email || (typeof profileItem?.email === 'string' ? profileItem.email : ''),
    },
    profile: profileItem ? toRecord(profileItem) : null,
    items: items.filter((item) => item !== profileItem && isOwnerRecord(item)).map(toRecord),
    files,
  };
};

/**
 * DELETE /api/account (DESIGN §6 "Your data"): the stored files, every item under the user's key, then the Cognito
 * user. The sign-in goes last so a failure part-way leaves an account that can sign in and try again; every step
 * finds less to do on a retry and a user already gone counts as deleted.
 */
export const deleteAccount = async (deps: AccountDeps, identity: AccountIdentity) => {
  const objects = await deps.storage.list(userPrefix(identity.uid));
  await deps.storage.removeAll(objects.map((object) => object.key));
  await deleteItems(deps.db, await userItems(deps.db, identity.uid, { keysOnly: true }));
  await deps.users.remove(identity.username);
  return { deleted: true as const };
};
