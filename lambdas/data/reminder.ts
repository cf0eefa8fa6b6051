import { DeleteCommand, UpdateCommand } from './dynamo.js';
import { type DataClient, dueOnShardedIndex, shardOf } from './client.js';
import { isConditionFailed, writtenIf } from './entity/condition.js';
import { tenantKey } from './entity/keys.js';
import { updateParams } from './expressions.js';
import { accessPatterns } from './table.js';

/**
 * A user's reminders (SPEC §3 `reminderNotifications`): one item per meeting, `USER#<sub>` / `REMINDER#MEETING#<id>`,
 * due 60 minutes before it starts, and one for the morning summary, `USER#<sub>` / `REMINDER#SUMMARY`, due at the next
 * 08:00 of the user's zone. While due, an item is on the due index (`dueReminders`: gsi2, sharded and sparse), which
 * the reminders schedule Queries: no Scan. Firing claims it with a write conditioned on the exact due entry it read
 * (`claimReminder`), so two runs, or a run and its retry, fire it once: a meeting's reminder is then off the index and
 * remembers the start it was sent for (a later change of the meeting at the same start does not put it back); the
 * summary moves on to the next day's 08:00.
 */
export const reminderRecord = 'reminder';

export type ReminderKind = 'meeting' | 'summary';

/** A reminder the due index lists. */
export type DueReminder = {
  uid: string;
  kind: ReminderKind;
  /** the meeting's id; `summary` for the summary */
  id: string;
  remindAt: string;
  /** the due entry as read: the claim's condition */
  dueKey: string;
  /** a meeting's start the reminder is for */
  startTime?: string;
  timeZone?: string;
};

/** Partitions of the due index, so reminders do not all write to one GSI partition. */
export const reminderShards = 4;
const duePartition = (shard: number) => `REMINDERDUE#${shard}`;
const idOf = (kind: ReminderKind, id: string) => (kind === 'summary' ? 'SUMMARY' : `MEETING#${id}`);
const reminderKey = (uid: string, kind: ReminderKind, id: string) => ({
  pk: tenantKey(uid),
  sk: `REMINDER#${idOf(kind, id)}`,
});
const dueEntry = (uid: string, kind: ReminderKind, id: string, remindAt: string) => ({
  gsi2pk: duePartition(shardOf(uid, reminderShards)),
  gsi2sk: `${remindAt}#${uid}#${kind}#${id}`,
});

/**
 * A meeting's reminder due at `remindAt`, for its start `startTime` (a new meeting, or one moved to another time).
 * Left as it is when the reminder of that start was sent already (the meeting changed in another way since).
 */
export const putMeetingReminder = (
  db: DataClient,
  uid: string,
  meeting: { id: string; startTime: string },
  remindAt: string,
) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          reminderKey(uid, 'meeting', meeting.id),
          {
            set: {
              entity: reminderRecord,
              uid,
              kind: 'meeting',
              id: meeting.id,
              startTime: meeting.startTime,
              remindAt,
              ...dueEntry(uid, 'meeting', meeting.id, remindAt),
            },
          },
          (p) => `attribute_not_exists(${p.name('sentFor')}) OR ${p.name('sentFor')} <> ${p.value(meeting.startTime)}`,
        ),
      ),
    ),
  );

/** No reminder for this meeting (cancelled, done, deleted). */
export const deleteMeetingReminder = async (db: DataClient, uid: string, meetingId: string) => {
  await db.documents.send(new DeleteCommand({ TableName: db.table, Key: reminderKey(uid, 'meeting', meetingId) }));
};

/** The user's morning summary due at `remindAt` in `timeZone`; written only when missing or of another zone. */
export const putSummaryReminder = (db: DataClient, uid: string, timeZone: string, remindAt: string) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          reminderKey(uid, 'summary', 'summary'),
          {
            set: {
              entity: reminderRecord,
              uid,
              kind: 'summary',
              id: 'summary',
              timeZone,
              remindAt,
              ...dueEntry(uid, 'summary', 'summary', remindAt),
            },
          },
          (p) => `attribute_not_exists(${p.name('timeZone')}) OR ${p.name('timeZone')} <> ${p.value(timeZone)}`,
        ),
      ),
    ),
  );

/** No morning summary (the setting was turned off). */
export const deleteSummaryReminder = async (db: DataClient, uid: string) => {
  await db.documents.send(new DeleteCommand({ TableName: db.table, Key: reminderKey(uid, 'summary', 'summary') }));
};

// reminders due before `before`, the longest due first (`dueReminders`: one Query per partition, up to `perPartition`)
export const dueReminders = async (db: DataClient, before: string, perPartition: number): Promise<DueReminder[]> =>
  (
    await dueOnShardedIndex(db, {
      index: accessPatterns.dueReminders.index,
      partitions: Array.from({ length: reminderShards }, (_, shard) => duePartition(shard)),
      before,
      perPartition,
    })
  ).map((item) => ({
    uid: String(item.uid),
    kind: item.kind as ReminderKind,
    id: String(item.id),
    remindAt: String(item.remindAt),
    dueKey: String(item.gsi2sk),
    ...(typeof item.startTime === 'string' ? { startTime: item.startTime } : {}),
    ...(typeof item.timeZone === 'string' ? { timeZone: item.timeZone } : {}),
  }));

/**
 * Claims a due reminder: true for the one run whose write found the due entry it read. A meeting's leaves the index
 * and remembers its start as sent; the summary moves to `next` (the next day's 08:00).
 */
export const claimReminder = async (db: DataClient, reminder: DueReminder, next?: string) => {
  const key = reminderKey(reminder.uid, reminder.kind, reminder.id);
  const spec =
    reminder.kind === 'meeting'
      ? { set: { sentFor: reminder.startTime, sentAt: reminder.remindAt }, remove: ['gsi2pk', 'gsi2sk'] }
      : { set: { remindAt: next, ...dueEntry(reminder.uid, 'summary', 'summary', next ?? reminder.remindAt) } };
  try {
    await db.documents.send(
      new UpdateCommand(updateParams(db.table, key, spec, (p) => `${p.name('gsi2sk')} = ${p.value(reminder.dueKey)}`)),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
};
