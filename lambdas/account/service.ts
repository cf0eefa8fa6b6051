import type { Logger } from '@aws-lambda-powertools/logger';
import type { AccountDeletionMessage } from '../../shared/schemas/account.js';
import { endBillingOfDeletedAccount } from '../billing/index.js';
import { billingKey } from '../data/billing.js';
import type { DataClient } from '../data/client.js';
import { isAccountDeleted, markAccountDeleted } from '../data/deleted-account.js';
import { deleteGraphSubscription, deleteMailSync, listMailSyncs } from '../data/mail-sync.js';
import { listMailboxes } from '../data/mailbox.js';
import { releaseReferralCode } from '../data/referral.js';
import { getUserProfile } from '../data/user-profile.js';
import { disconnectMailbox, type MailboxesDeps } from '../mailboxes/index.js';
import { disconnectZoom, type ZoomDeps } from '../meetings/index.js';
import type { Billing } from '../providers/billing/port.js';
import type { LiveCloser } from '../providers/live/port.js';
import { table } from '../data/table.js';
import { deleteItems, userItems } from '../data/user-partition.js';
import type { AccountIdentity } from './export.js';
import type { KeyedHash } from '../providers/crypto/keyed-hash.js';
import { rememberDeletedAddress } from '../profiles/index.js';
import type { UserDirectory } from '../providers/identity/identity.js';
import type { QueuePort } from '../providers/queue/port.js';
import { userPrefix, type Storage } from '../providers/storage/storage.js';

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

// the export lives apart so that the account Lambda's cold start loads it without the deletion's outside services
export { type AccountIdentity, type ExportDeps, exportAccount, exportDocument } from './export.js';

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

/** Rounds of removal one pass makes before it leaves what is still there to the later pass. */
const removalRounds = 3;

/** The kinds of items (their sort key's first part: `CONTACT`, `STATS`...) for a log line that names no data. */
const kindsOf = (items: Record<string, unknown>[]) =>
  [...new Set(items.map((item) => String(item[table.sortKey]).split('#')[0]))].join(', ');

/**
 * First what the deleted address leaves behind for 12 months (lambdas/profiles/returning.ts: a keyed fingerprint and
 * the slot period, so signing up again continues it; read from the profile and quota, so only the first pass writes
 * it), then what the user has outside their partition (`releaseOutside`: Zoom, the referral code, Stripe), then
 * every stored version of every file under the user's prefix (the bucket keeps old versions in AWS), every item under
 * the user's key, a check that nothing is left (up to 3 rounds: what a write in flight at the mark adds is taken by
 * the next), then the Cognito user. The sign-in goes last and only once nothing is left, so a failure part-way
 * (Stripe down included: then the billing item stays) leaves the sign-in to a later pass; every step finds less to do
 * on a retry and a user already gone counts as removed.
 */
export const removeAccount = async (deps: Omit<AccountDeps, 'queue'>, account: AccountDeletionMessage) => {
  await rememberDeletedAddress(deps, account.uid);
  const { billingFailure } = await releaseOutside(deps, account.uid);
  const prefix = userPrefix(account.uid);
  const billingItem = isBillingItem(account.uid);
  const removable = (items: Record<string, unknown>[]) => items.filter((item) => !billingFailure || !billingItem(item));
  let versions = await deps.storage.listVersions(prefix);
  let items = removable(await userItems(deps.db, account.uid, { keysOnly: true }));
  const removed = { fileVersionsRemoved: 0, itemsRemoved: 0 };
  for (let round = 1; ; round += 1) {
    await deps.storage.removeVersions(versions);
    await deleteItems(deps.db, items);
    removed.fileVersionsRemoved += versions.length;
    removed.itemsRemoved += items.length;
    const [versionsLeft, itemsLeft] = await Promise.all([
      deps.storage.listVersions(prefix),
      userItems(deps.db, account.uid, { keysOnly: true }),
    ]);
    if (versionsLeft.length === 0 && itemsLeft.length === 0) break;
    // a write already on its way when the account was marked (a stream consumer's or a queue worker's, for something
    // the user did a moment before) can land after this round's deletes: the next round takes it
    if (round < removalRounds && removable(itemsLeft).length === itemsLeft.length) {
      versions = versionsLeft;
      items = itemsLeft;
      continue;
    }
    throw new Error(
      `Account ${account.uid}: ${versionsLeft.length} file versions and ${itemsLeft.length} items` +
        `${itemsLeft.length > 0 ? ` (${kindsOf(itemsLeft)})` : ''} were left after the deletion` +
        `${billingFailure ? ' (its subscriptions could not be cancelled at Stripe)' : ''}; the sign-in stays until a ` +
        'later pass removes them',
      billingFailure ? { cause: billingFailure } : undefined,
    );
  }
  await deps.users.remove(account.username);
  return removed;
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
