import { UpdateCommand } from './dynamo.js';
import type { Notification } from '../../shared/schemas/conversations.js';
import { queryAll, type DataClient } from './client.js';
import { writtenIf } from './entity/condition.js';
import { expressionAttributes, expressionParts, itemExists, itemMissing, updateParams } from './expressions.js';
import { deleteItems } from './user-partition.js';
import { tenantKey } from './entity/keys.js';

/**
 * A user's notifications (SPEC §3 'Notification', §5, §9): `USER#<sub>` / `NOTIF#<id>`, the id being the
 * reply's message id and its time, so a reply noticed twice makes one notification (SPEC §5: an existing id is
 * skipped; the write's condition does it). A user keeps the newest 30 (SPEC §9): older ones are removed after each new
 * one, so reading them is one Query of about 30 small items.
 */
export const notificationRecord = 'notification';
/** SPEC §9: notifications keep the newest 30 */
export const notificationsKept = 30;

const prefix = 'NOTIF#';
export const notificationKey = (uid: string, id: string) => ({ pk: tenantKey(uid), sk: `${prefix}${id}` });
/** DynamoDB's sort-key limit (an id named by a request may be longer): such an id is not there */
const fits = (key: { sk: string }) => Buffer.byteLength(key.sk, 'utf8') <= 1024;

const fromItem = (item: Record<string, unknown>): Notification => ({
  id: String(item.id),
  contact: item.contact as Notification['contact'],
  contactId: (item.contactId as string | null | undefined) ?? null,
  conversationId: (item.conversationId as string | null | undefined) ?? null,
  timestamp: String(item.timestamp),
  read: item.read === true,
  ...(typeof item.classification === 'string'
    ? { classification: item.classification as NonNullable<Notification['classification']> }
    : {}),
  ...(item.rsvp ? { rsvp: item.rsvp as NonNullable<Notification['rsvp']> } : {}),
  ...(item.reminder ? { reminder: item.reminder as NonNullable<Notification['reminder']> } : {}),
});

/** Newest first: by time, then id (SPEC §9: sorted by timestamp). */
const newestFirst = (a: Notification, b: Notification) =>
  b.timestamp.localeCompare(a.timestamp) || b.id.localeCompare(a.id);

// every notification of a user, newest first (Query on `NOTIF#`, consistent; about 30 items)
export const userNotifications = async (db: DataClient, uid: string): Promise<Notification[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': prefix },
      ConsistentRead: true,
    })
  )
    .map(fromItem)
    .sort(newestFirst);

/** A new notification, a write of a transaction: refused when one of its id exists (SPEC §5). */
export const newNotificationWrite = (db: DataClient, uid: string, notification: Notification) => {
  const p = expressionParts();
  return {
    Put: {
      TableName: db.table,
      Item: { ...notificationKey(uid, notification.id), entity: notificationRecord, ...notification },
      ConditionExpression: itemMissing(p),
      ...expressionAttributes(p),
    },
  };
};

/** Removes all but the newest `notificationsKept` (SPEC §9); answers how many were removed. */
export const trimNotifications = async (db: DataClient, uid: string) => {
  const extra = (await userNotifications(db, uid)).slice(notificationsKept);
  await deleteItems(
    db,
    extra.map((notification) => notificationKey(uid, notification.id)),
  );
  return extra.length;
};

// marks one notification read (UpdateItem, conditioned on it existing and being unread); false when it was not
export const markNotificationRead = async (db: DataClient, uid: string, id: string) => {
  const key = notificationKey(uid, id);
  if (!fits(key)) return false;
  return writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          key,
          { set: { read: true } },
          (p) => `${itemExists(p)} AND ${p.name('read')} = ${p.value(false)}`,
        ),
      ),
    ),
  );
};

// a reply's notification shows the reply's corrected label (UpdateItem, only when it is still kept); false when gone
export const relabelNotification = async (
  db: DataClient,
  uid: string,
  id: string,
  classification: NonNullable<Notification['classification']>,
) => {
  const key = notificationKey(uid, id);
  if (!fits(key)) return false;
  return writtenIf(
    db.documents.send(
      new UpdateCommand(updateParams(db.table, key, { set: { classification } }, (p) => itemExists(p))),
    ),
  );
};
