import { GetCommand, UpdateCommand } from './dynamo.js';
import type { DataClient } from './client.js';
import { isConditionFailed, writtenIf } from './entity/condition.js';
import { transact } from './entity/transaction.js';
import { expressionAttributes, expressionParts, itemExists, itemMissing, updateParams } from './expressions.js';
import { tenantKey } from './entity/keys.js';

/**
 * A user's reply e-mail digest (SPEC §3 `emailNotifications`, DESIGN §9): replies of 15 minutes go out as one e-mail.
 * The open window is one item, `USER#<sub>` / `REPLYDIGEST#OPEN`: the first reply makes it (and its window id) and
 * the caller sends one `notification-email` message delayed by the window; later replies are added to it. The worker
 * closes it (`REPLYDIGEST#<windowId>`, status `sending`, in one transaction with the open item's removal, so a reply
 * arriving meanwhile opens the next window), sends, and marks it `sent` on the condition that it was `sending`.
 */
export const replyDigestRecord = 'replyDigest';

/** One reply in a digest: what the e-mail names and links to. */
export type DigestReply = {
  /** the in-app notification's id (SPEC §5: one per reply) */
  notificationId: string;
  name: string;
  email: string;
  contactId: string | null;
  conversationId: string | null;
  at: string;
};

export type ClosedDigest = {
  windowId: string;
  status: 'sending' | 'sent' | 'skipped';
  replies: DigestReply[];
};

/** Replies a digest names, at most (the e-mail names the first ones and counts the others; the item stays small). */
export const digestRepliesKept = 50;

const openKey = (uid: string) => ({ pk: tenantKey(uid), sk: 'REPLYDIGEST#OPEN' });
const closedKey = (uid: string, windowId: string) => ({ pk: tenantKey(uid), sk: `REPLYDIGEST#${windowId}` });
/** A sent digest is kept 30 days (what a redelivered message finds), then DynamoDB's TTL removes it. */
const keptSeconds = 30 * 24 * 3600;

/**
 * Adds a reply to the user's open digest, opening one with `windowId` when none is open. Answers `opened` when this
 * reply opened the window (its message is to be sent), `added` when it joined an open one, `seen` when the digest
 * already holds it (a stream record delivered again) and `reopen` when it is held and this reply had opened the
 * window: the message may have been lost with the first delivery, so it is sent again (the worker runs a window once).
 */
export const addDigestReply = async (
  db: DataClient,
  uid: string,
  reply: DigestReply,
  windowId: string,
): Promise<{ outcome: 'opened' | 'added' | 'seen' | 'reopen'; windowId: string }> => {
  const p = expressionParts();
  const expression = [
    `SET ${p.name('entity')} = ${p.value(replyDigestRecord)}`,
    `${p.name('windowId')} = if_not_exists(${p.name('windowId')}, ${p.value(windowId)})`,
    `${p.name('openedBy')} = if_not_exists(${p.name('openedBy')}, ${p.value(reply.notificationId)})`,
    `${p.name('replies')} = list_append(if_not_exists(${p.name('replies')}, ${p.value([])}), ${p.value([reply])})`,
  ].join(', ');
  const heldIds = p.name('replyIds');
  const update = `${expression} ADD ${heldIds} ${p.value(new Set([reply.notificationId]))}`;
  const condition = `attribute_not_exists(${heldIds}) OR (NOT contains(${heldIds}, ${p.value(reply.notificationId)}) AND size(${p.name('replies')}) < ${p.value(digestRepliesKept)})`;
  try {
    const { Attributes } = await db.documents.send(
      new UpdateCommand({
        TableName: db.table,
        Key: openKey(uid),
        UpdateExpression: update,
        ConditionExpression: condition,
        ...expressionAttributes(p),
        ReturnValues: 'ALL_NEW',
      }),
    );
    const opened = Attributes?.openedBy === reply.notificationId;
    return { outcome: opened ? 'opened' : 'added', windowId: String(Attributes?.windowId) };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const { Item } = await db.documents.send(
      new GetCommand({ TableName: db.table, Key: openKey(uid), ConsistentRead: true }),
    );
    if (!Item) return addDigestReply(db, uid, reply, windowId);
    return {
      outcome: Item.openedBy === reply.notificationId ? 'reopen' : 'seen',
      windowId: String(Item.windowId),
    };
  }
};

const closedOf = (item: Record<string, unknown>): ClosedDigest => ({
  windowId: String(item.windowId),
  status: item.status as ClosedDigest['status'],
  replies: (item.replies as DigestReply[] | undefined) ?? [],
});

/**
 * Closes the user's open digest of `windowId` (status `sending`), or finds it closed before (a redelivered message);
 * null when no digest of that window exists.
 */
export const closeDigest = async (
  db: DataClient,
  uid: string,
  windowId: string,
  now: Date,
): Promise<ClosedDigest | null> => {
  const { Item: open } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: openKey(uid), ConsistentRead: true }),
  );
  if (open && open.windowId === windowId) {
    const check = expressionParts();
    const put = expressionParts();
    const outcome = await transact(db, {
      open: {
        Delete: {
          TableName: db.table,
          Key: openKey(uid),
          ConditionExpression: `${check.name('windowId')} = ${check.value(windowId)} AND size(${check.name('replies')}) = ${check.value((open.replies as unknown[]).length)}`,
          ...expressionAttributes(check),
        },
      },
      closed: {
        Put: {
          TableName: db.table,
          Item: {
            ...closedKey(uid, windowId),
            entity: replyDigestRecord,
            windowId,
            status: 'sending',
            replies: open.replies,
            closedAt: now.toISOString(),
            ttl: Math.floor(now.getTime() / 1000) + keptSeconds,
          },
          ConditionExpression: itemMissing(put),
          ...expressionAttributes(put),
        },
      },
    });
    // a reply joined meanwhile, or another delivery closed it first: read again
    if (!outcome.done) return closeDigest(db, uid, windowId, now);
  }
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: closedKey(uid, windowId), ConsistentRead: true }),
  );
  return Item ? closedOf(Item) : null;
};

/** Marks a closed digest sent (or skipped: the setting was off), on the condition that it is still `sending`. */
export const finishDigest = (db: DataClient, uid: string, windowId: string, status: 'sent' | 'skipped', at: Date) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          closedKey(uid, windowId),
          { set: { status, finishedAt: at.toISOString() } },
          (p) => `${itemExists(p)} AND ${p.name('status')} = ${p.value('sending')}`,
        ),
      ),
    ),
  );
