import { GetCommand, PutCommand } from './dynamo.js';
import type { Meeting } from '../../shared/schemas/meetings.js';
import { queryAll, type DataClient } from './client.js';
import { writtenIf } from './entity/condition.js';
import { tenantKey } from './entity/keys.js';

/**
 * A user's meetings (DESIGN §8 'Meetings'), under the user's key (DESIGN §3): `USER#<sub>` /
 * `MEETING#<ulid>`, the wire fields and the machinery below. Every change writes the whole meeting on the condition
 * that its `version` is still the one read, so two changes at the same time (two PATCHes, a PATCH and the invitation
 * worker) never lose one: the later writer reads again and redoes its change.
 */
export type MeetingItem = Meeting & {
  userId: string;
  /** +1 with every write (the condition of the next one) */
  version: number;
  /** the highest SEQUENCE whose invitation the contact was sent: a cancellation goes only to a contact invited */
  invitedSequence?: number;
  /**
   * Provider attempts to send the invitation of `sequence`, counted BEFORE each attempt: a later attempt (a crash
   * after the provider took the e-mail, a redelivery) first asks the mailbox for its Message-ID (`findSent`).
   */
  invitationAttempts?: { sequence: number; count: number };
  /** the provider message id of the iTIP REPLY that set `rsvp`: the same message read again changes nothing */
  rsvpMessageId?: string;
};

export const meetingRecord = 'meeting';

const sortKeyPrefix = 'MEETING#';

export const meetingKey = (uid: string, meetingId: string) => ({
  pk: tenantKey(uid),
  sk: `${sortKeyPrefix}${meetingId}`,
});

const toItem = (meeting: MeetingItem) => ({
  ...meetingKey(meeting.userId, meeting.id),
  entity: meetingRecord,
  ...meeting,
});

const fromItem = (item: Record<string, unknown>): MeetingItem => {
  const { pk: _pk, sk: _sk, entity: _entity, ...meeting } = item;
  return meeting as MeetingItem;
};

/** A meeting as the routes answer it: its machinery left out. */
export const toWireMeeting = (item: MeetingItem): Meeting => {
  const {
    userId: _uid,
    version: _version,
    invitedSequence: _invited,
    invitationAttempts: _attempts,
    rsvpMessageId: _rsvpMessageId,
    ...meeting
  } = item;
  return meeting;
};

// one meeting of a user (GetItem, consistent); another user's id is simply not under this user's key
export const getMeeting = async (db: DataClient, uid: string, meetingId: string): Promise<MeetingItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: meetingKey(uid, meetingId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : null;
};

// every meeting of a user (Query on the partition key and `MEETING#`, consistent, paged)
export const userMeetings = async (db: DataClient, uid: string): Promise<MeetingItem[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': sortKeyPrefix },
      ConsistentRead: true,
    })
  ).map(fromItem);

// a new meeting (PutItem on the condition that the id is new)
export const createMeetingItem = async (db: DataClient, meeting: MeetingItem) => {
  await db.documents.send(
    new PutCommand({ TableName: db.table, Item: toItem(meeting), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
};

/**
 * The meeting written whole as `next` (whose version must be the read one + 1), on the condition that it is still at
 * the version read; false when it changed meanwhile (or is gone): nothing was written.
 */
export const replaceMeetingItem = (db: DataClient, next: MeetingItem) =>
  writtenIf(
    db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: toItem(next),
        ConditionExpression: '#version = :read',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':read': next.version - 1 },
      }),
    ),
  );

/** `replaceMeetingItem` as a write of a transaction: refused when the meeting is no longer at the version read. */
export const replacedMeetingWrite = (db: DataClient, next: MeetingItem) => ({
  Put: {
    TableName: db.table,
    Item: toItem(next),
    ConditionExpression: '#version = :read',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':read': next.version - 1 },
  },
});
