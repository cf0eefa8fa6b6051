import { ulid } from 'ulid';
import type { AccountExport, AccountExportLink } from '../../shared/schemas/account.js';
import { tooManyRequests } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { isOwnerRecord } from '../data/owner-records.js';
import { takeTokens } from '../data/rate-limit.js';
import { table } from '../data/table.js';
import { userItems } from '../data/user-partition.js';
import { isSealed } from '../providers/crypto/envelope.js';
import { type Storage, userPrefix } from '../providers/storage/storage.js';
import { exportPrefix, exportTags } from './export-files.js';

/** What an export needs: no user directory, no queue. */
export type ExportDeps = { db: DataClient; storage: Storage; now: () => Date };

/** Who is calling, from the verified token only; `username` is Cognito's (federated users have their own). */
export type AccountIdentity = { uid: string; email: string; username: string };

/** Links in an export outlive a quick look at the file: an hour. */
const exportLinkSeconds = 3600;
/** The link to the export document itself only has to start the download. */
const exportDocumentLinkSeconds = 900;

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
    // sealed secrets (a mailbox's OAuth tokens) are ours to open, not the owner's data: their ciphertext stays out
    if (!storageAttributes.has(name) && !bookkeeping.has(name) && !isSealed(value)) record[name] = value;
  }
  return record;
};

/** The profile's sort key (lambdas/data/user-profile.ts). */
const profileSortKey = 'PROFILE';

/** The export document: every record under the user's key, the profile apart, and every stored file with a link. */
export const exportDocument = async (deps: ExportDeps, identity: AccountIdentity): Promise<AccountExport> => {
  const prefix = userPrefix(identity.uid);
  const exports = exportPrefix(identity.uid);
  const [items, objects] = await Promise.all([userItems(deps.db, identity.uid), deps.storage.list(prefix)]);
  const profileItem = items.find((item) => item[table.sortKey] === profileSortKey);
  const files = await Promise.all(
    objects
      .filter(({ key }) => !key.startsWith(exports))
      .map(async ({ key, size }) => {
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
 * GET /api/account/export (DESIGN §6 "Your data"): the export document, written to storage and answered as a
 * short-lived link that downloads it as `outreach-export-<date>.json`. A Lambda answers at most 6 MB, which an
 * account with some thousands of contacts passes; a link has no such limit. Each reads everything the user has, so
 * it is rate-limited like the other costly routes (429 with Retry-After).
 */
export const exportAccount = async (deps: ExportDeps, identity: AccountIdentity): Promise<AccountExportLink> => {
  const allowance = await takeTokens(deps.db, identity.uid, 'accountExport', { now: deps.now() });
  if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
  const document = await exportDocument(deps, identity);
  const body = Buffer.from(`${JSON.stringify(document, null, 2)}\n`);
  const now = deps.now();
  const fileName = `outreach-export-${now.toISOString().slice(0, 10)}.json`;
  const key = `${exportPrefix(identity.uid)}${ulid(now.getTime())}.json`;
  await deps.storage.put(key, body, { contentType: 'application/json', tags: exportTags });
  return {
    url: await deps.storage.presignGet(key, {
      fileName,
      attachment: true,
      expiresInSeconds: exportDocumentLinkSeconds,
    }),
    fileName,
    size: body.byteLength,
    expiresAt: new Date(now.getTime() + exportDocumentLinkSeconds * 1000).toISOString(),
  };
};
