import { GetCommand, UpdateCommand } from './dynamo.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import type { DataClient } from './client.js';
import { isConditionFailed } from './entity/condition.js';
import { updateParams } from './expressions.js';
import { tenantKey } from './entity/keys.js';

/**
 * The sending guard of a mailbox (DESIGN §6), under the user's key (DESIGN §3) and the mailbox's address, not its
 * connection: the provider counts the address's sends, so disconnecting and connecting it again starts nothing anew.
 * - `USER#<sub>` / `SENDGUARD#<address>#NEXT`: `nextSendAt`, the earliest time the mailbox's next send may start.
 *   Each send reserves a slot (the later of now and `nextSendAt`) and moves it on by the mailbox's gap, with a write
 *   conditioned on the value read, so concurrent sends get distinct slots, spread out; a provider's `Retry-After`
 *   moves it too, so every send of that mailbox waits.
 * - `USER#<sub>` / `SENDGUARD#<address>#DAY#<yyyy-mm-dd>`: how many sends the mailbox started that UTC day, counted
 *   with a conditional ADD that never passes the cap (expires two days later).
 * `address` is the mailbox's e-mail address (compared in lower case).
 */
export type SendLimits = {
  /** sends a mailbox starts per UTC day, below the provider's own limit */
  dailyCap: number;
  /** the least time between two sends of a mailbox */
  minGapMs: number;
};

/** Gmail's consumer addresses; any other address on Gmail is a Google Workspace account. */
const gmailConsumerDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * DESIGN §6 'Sending guard': Gmail 400 a day for a consumer account (Google's limit: 500) and 1,600 for Workspace
 * (2,000); Outlook 24 a minute (Microsoft's 30) and 7,200 a day (its 8,000 recipients, 10,000 for Exchange Online).
 */
export const sendLimitsOf = (provider: MailProvider, email: string): SendLimits => {
  if (provider === 'outlook') return { dailyCap: 7_200, minGapMs: 2_500 };
  const domain = email.split('@').at(-1)?.toLowerCase() ?? '';
  return { dailyCap: gmailConsumerDomains.has(domain) ? 400 : 1_600, minGapMs: 2_000 };
};

export const sendGuardRecord = 'sendGuard';

const guardOf = (address: string) => `SENDGUARD#${address.trim().toLowerCase()}`;
const nextKey = (uid: string, address: string) => ({ pk: tenantKey(uid), sk: `${guardOf(address)}#NEXT` });
const dayKey = (uid: string, address: string, day: string) => ({
  pk: tenantKey(uid),
  sk: `${guardOf(address)}#DAY#${day}`,
});

/** The UTC day of a time, `yyyy-mm-dd`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/** The start of the next UTC day after `at`. */
export const nextUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));

/** Times a slot is read and reserved again because another send reserved one in between. */
const slotRetries = 20;

// the mailbox's next free send time (GetItem, consistent); null when it never sent
const readNextSendAt = async (db: DataClient, uid: string, address: string): Promise<string | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: nextKey(uid, address), ConsistentRead: true }),
  );
  return typeof Item?.nextSendAt === 'string' ? Item.nextSendAt : null;
};

/**
 * Reserves the mailbox's next send slot: the later of `now` and its `nextSendAt`, which moves on by `gapMs` (one
 * conditional write on the value read; read again when another send came first). Answers the slot.
 */
export const reserveSendSlot = async (
  db: DataClient,
  input: { uid: string; address: string; gapMs: number; now: Date },
): Promise<Date> => {
  for (let attempt = 0; ; attempt += 1) {
    const read = await readNextSendAt(db, input.uid, input.address);
    const slot = new Date(Math.max(input.now.getTime(), read ? Date.parse(read) : 0));
    const next = new Date(slot.getTime() + input.gapMs).toISOString();
    try {
      await db.documents.send(
        new UpdateCommand(
          updateParams(
            db.table,
            nextKey(input.uid, input.address),
            { set: { nextSendAt: next, entity: sendGuardRecord, mailbox: input.address.trim().toLowerCase() } },
            (p) =>
              read === null
                ? `attribute_not_exists(${p.name('nextSendAt')})`
                : `${p.name('nextSendAt')} = ${p.value(read)}`,
          ),
        ),
      );
      return slot;
    } catch (error) {
      if (!isConditionFailed(error) || attempt >= slotRetries) throw error;
    }
  }
};

/**
 * Holds every send of the mailbox until `until` at least (a provider's 429 `Retry-After`): `nextSendAt` moves there
 * unless it is later already.
 */
export const deferMailboxSends = async (db: DataClient, uid: string, address: string, until: Date) => {
  const at = until.toISOString();
  try {
    await db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          nextKey(uid, address),
          { set: { nextSendAt: at, entity: sendGuardRecord, mailbox: address.trim().toLowerCase() } },
          (p) => `attribute_not_exists(${p.name('nextSendAt')}) OR ${p.name('nextSendAt')} < ${p.value(at)}`,
        ),
      ),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
};

/**
 * Counts one send of the mailbox on the UTC day of `at`, only while fewer than `cap` were counted that day (one
 * conditional ADD). False when the day's cap is reached (nothing counted).
 */
export const countDailySend = async (
  db: DataClient,
  input: { uid: string; address: string; cap: number; at: Date },
): Promise<boolean> => {
  const day = utcDay(input.at);
  try {
    await db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          dayKey(input.uid, input.address, day),
          {
            add: { sent: 1 },
            set: {
              entity: sendGuardRecord,
              mailbox: input.address.trim().toLowerCase(),
              day,
              // kept a day past its own, then DynamoDB's TTL removes it
              ttl: Math.floor(nextUtcDay(nextUtcDay(input.at)).getTime() / 1000),
            },
          },
          (p) => `attribute_not_exists(${p.name('sent')}) OR ${p.name('sent')} < ${p.value(input.cap)}`,
        ),
      ),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
};

// how many sends the mailbox counted on a UTC day (GetItem, consistent)
export const dailySendCount = async (db: DataClient, uid: string, address: string, day: string) => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: dayKey(uid, address, day), ConsistentRead: true }),
  );
  return Number(Item?.sent ?? 0);
};
