import type { Logger } from '@aws-lambda-powertools/logger';
import { ulid } from 'ulid';
import type { AccountDeletionMessage, AccountExport, AccountExportLink } from '../../shared/schemas/account.js';
import { endBillingOfDeletedAccount } from '../billing/index.js';
import { billingKey } from '../data/billing.js';
import { tooManyRequests } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { isAccountDeleted, markAccountDeleted } from '../data/deleted-account.js';
import { deleteGraphSubscription, deleteMailSync, listMailSyncs } from '../data/mail-sync.js';
import { listMailboxes } from '../data/mailbox.js';
import { takeTokens } from '../data/rate-limit.js';
import { releaseReferralCode } from '../data/referral.js';
import { getUserProfile } from '../data/user-profile.js';
import { disconnectMailbox, type MailboxesDeps } from '../mailboxes/index.js';
import { disconnectZoom, type ZoomDeps } from '../meetings/index.js';
import type { Billing } from '../providers/billing/port.js';
import type { LiveCloser } from '../providers/live/port.js';
import { table } from '../data/table.js';
import { isOwnerRecord } from '../data/owner-records.js';
import { deleteItems, userItems } from '../data/user-partition.js';
import { isSealed } from '../providers/crypto/envelope.js';
import type { KeyedHash } from '../providers/crypto/keyed-hash.js';
import { rememberDeletedAddress } from '../profiles/index.js';
import type { UserDirectory } from '../providers/identity/identity.js';
import type { QueuePort } from '../providers/queue/port.js';
import { userPrefix, type Storage } from '../providers/storage/storage.js';
import { exportPrefix, exportTags } from './export-files.js';

export type AccountDeps = {
  db: DataClient;
  storage: Storage;
  users: UserDirectory;
  /** the `account-deletion` queue's producer: the later pass of a deletion */
  queue: QueuePort;
  now: () => Date;
  /** the mailboxes domain (each mailbox's grant is revoked at its provider on deletion) */
  mailboxes: MailboxesDeps;
  /** the meetings domain's Zoom connection (its grant is revoked at Zoom on deletion) */
  zoom: ZoomDeps;
  /** Stripe (the user's subscriptions are cancelled on deletion) */
  billing: Billing;
  /** the live channel: the user's open tabs are disconnected on deletion */
  live: LiveCloser;
  /** the keyed hash of the deleted address's fingerprint (lambdas/profiles/returning.ts) */
  addressHash: KeyedHash;
  logger: Pick<Logger, 'info' | 'warn'>;
};

/** What an export needs: no user directory, no queue. */
export type ExportDeps = Pick<AccountDeps, 'db' | 'storage' | 'now'>;

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

/**
 * How long the later pass of a deletion waits: SQS's longest delay, 15 min. Longer than anything that may still
 * write for the account once it is marked: a request that passed the check just before (API Gateway gives up after
 * 29 s) and an upload ticket issued before (10 min).
 */
export const laterPassDelaySeconds = 900;

/**
 * What the user has outside their partition and at outside services, released before the partition is removed (what
 * finds each of them is in it: the Zoom connection, the profile's referral code, the billing item):
 * - The live channel: every open tab's connection is closed now (the tabs' requests are refused from the mark on).
 * - Mailboxes: each one's push is ended at Google or Microsoft (Gmail `users.stop`, the Graph subscription deleted) and
 *   its grant revoked (best effort, logged when refused or missed, as when the user disconnects one), the mailbox, its
 *   reply-check state and its lookups outside the partition (`MAILADDR#`, `GRAPHSUB#`) deleted; so are the reply-check
 *   state and lookups any mailbox left behind, so a later push for the address is acknowledged and does nothing.
 * - Zoom: the grant is revoked at Zoom (best effort: a revocation Zoom refuses or misses is logged by the meetings
 *   domain and not retried, as when the user disconnects), the connection and its `ZOOMUSER#` link deleted. The
 *   user's Zoom meetings are left as they are: they live in the user's own Zoom account (which the user keeps), and
 *   the contacts invited to them are told nothing by us; deleting them would cancel real appointments unannounced.
 * - Referrals: the `REFERRALCODE#` claim of the profile's code is given up, so the code is gone too.
 * - Stripe: every subscription not ended is cancelled now and the `STRIPECUSTOMER#` lookup deleted. Not best effort:
 *   a deleted account must not go on being billed, so Stripe failing is answered (`billingFailure`) for the removal
 *   to keep the billing item and fail, and the later pass to try again.
 * Each step finds nothing left on a second run.
 */
const releaseOutside = async (deps: Omit<AccountDeps, 'queue'>, uid: string) => {
  await deps.live.closeAll(uid);
  for (const mailbox of (await listMailboxes(deps.db, uid)).mailboxes) {
    await disconnectMailbox(deps.mailboxes, uid, mailbox.id);
  }
  for (const sync of await listMailSyncs(deps.db, uid)) {
    await deleteMailSync(deps.db, sync);
    if (sync.provider === 'outlook' && sync.watchId) await deleteGraphSubscription(deps.db, sync.watchId);
  }
  await disconnectZoom(deps.zoom, uid);
  const profile = await getUserProfile(deps.db, uid, ['referralCode']);
  if (profile?.referralCode) await releaseReferralCode(deps.db, profile.referralCode, uid);
  try {
    await endBillingOfDeletedAccount(deps, uid);
    return { billingFailure: null };
  } catch (error) {
    deps.logger.warn('the subscriptions of a deleted account could not be cancelled yet: a later pass retries', {
      error: error instanceof Error ? error.message : 'unknown',
    });
    return { billingFailure: error };
  }
};

/** The billing item: kept while the subscriptions it leads to could not be cancelled. */
const isBillingItem = (uid: string) => {
  const key = billingKey(uid);
  return (item: Record<string, unknown>) => item[table.partitionKey] === key.pk && item[table.sortKey] === key.sk;
};

/**
 * First what the deleted address leaves behind for 12 months (lambdas/profiles/returning.ts: a keyed fingerprint and
 * the slot period, so signing up again continues it; read from the profile and quota, so only the first pass writes
 * it), then what the user has outside their partition (`releaseOutside`: Zoom, the referral code, Stripe), then
 * every stored version of every file under the user's prefix (the bucket keeps old versions in AWS), every item under
 * the user's key, a check that nothing is left, then the Cognito user. The sign-in goes last and only once nothing is
 * left, so a failure part-way (Stripe down included: then the billing item stays) leaves the sign-in to a later pass;
 * every step finds less to do on a retry and a user already gone counts as removed.
 */
export const removeAccount = async (deps: Omit<AccountDeps, 'queue'>, account: AccountDeletionMessage) => {
  await rememberDeletedAddress(deps, account.uid);
  const { billingFailure } = await releaseOutside(deps, account.uid);
  const prefix = userPrefix(account.uid);
  const versions = await deps.storage.listVersions(prefix);
  await deps.storage.removeVersions(versions);
  const billingItem = isBillingItem(account.uid);
  const items = (await userItems(deps.db, account.uid, { keysOnly: true })).filter(
    (item) => !billingFailure || !billingItem(item),
  );
  await deleteItems(deps.db, items);
  const [versionsLeft, itemsLeft] = await Promise.all([
    deps.storage.listVersions(prefix),
    userItems(deps.db, account.uid, { keysOnly: true }),
  ]);
  if (versionsLeft.length > 0 || itemsLeft.length > 0) {
    throw new Error(
      `Account ${account.uid}: ${versionsLeft.length} file versions and ${itemsLeft.length} items were left after ` +
        `the deletion${billingFailure ? ' (its subscriptions could not be cancelled at Stripe)' : ''}; the sign-in ` +
        'stays until a later pass removes them',
      billingFailure ? { cause: billingFailure } : undefined,
    );
  }
  await deps.users.remove(account.username);
  return { fileVersionsRemoved: versions.length, itemsRemoved: items.length };
};

/**
 * DELETE /api/account (DESIGN §6 "Your data"). First the later pass is queued (delayed), so whatever happens below,
 * something finishes the deletion; then the account is marked deleted, from which moment every request its tokens
 * sign is refused (lambdas/core/http.ts) and can write nothing more; then everything is removed (`removeAccount`).
 * The later pass removes what a request that passed the check just before the mark wrote after the removal.
 */
export const deleteAccount = async (deps: AccountDeps, identity: AccountIdentity) => {
  const account: AccountDeletionMessage = { uid: identity.uid, username: identity.username };
  await deps.queue.send('account-deletion', account, { delaySeconds: laterPassDelaySeconds });
  await markAccountDeleted(deps.db, identity.uid, deps.now().toISOString());
  await removeAccount(deps, account);
  return { deleted: true as const };
};

/**
 * The later pass of a deletion (the `account-deletion` queue): `removeAccount` again, for an account that is marked
 * deleted only (a message whose deletion never got as far as the mark removes nothing).
 */
export const sweepDeletedAccount = async (deps: Omit<AccountDeps, 'queue'>, account: AccountDeletionMessage) => {
  if (!(await isAccountDeleted(deps.db, account.uid))) return { swept: false };
  return { swept: true, ...(await removeAccount(deps, account)) };
};
