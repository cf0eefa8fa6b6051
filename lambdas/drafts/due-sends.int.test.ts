import { BatchWriteCommand } from '../data/dynamo.js';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { QueueName } from '../../shared/queues.js';
import { createLogger } from '../core/logger.js';
import { createDataClient, shardOf } from '../data/client.js';
import { draftKey, dueDrafts, dueShards } from '../data/draft.js';
import type { QueuePort } from '../providers/queue/port.js';
import { countingDataClient } from '../test/counting-client.js';
import { dueSends, queueDueSends } from './due-sends.js';
import { newDraftId } from './service.js';

const db = createDataClient(process.env.TABLE_NAME!);

/**
 * Drafts being sent, on the due index as the send path leaves them (lambdas/data/draft.ts), due at `dueAt`: the steps
 * of sequences (and auto follow-ups) that fell due together. Written in batches of 25, as raw items.
 */
const writeDueDrafts = async (owners: string[], perOwner: number, dueAt: string) => {
  const items = owners.flatMap((uid) =>
    Array.from({ length: perOwner }, () => {
      const id = newDraftId();
      return {
        ...draftKey(uid, id),
        entity: 'draft',
        id,
        userId: uid,
        contactId: randomUUID(),
        draftType: 'follow_up',
        status: 'sending',
        dueAt,
        gsi1pk: `SENDDUE#${shardOf(id, dueShards)}`,
        gsi1sk: `${dueAt}#${uid}#${id}`,
      };
    }),
  );
  for (let start = 0; start < items.length; start += 25)
    await db.documents.send(
      new BatchWriteCommand({
        RequestItems: { [db.table]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  return items.map((item) => ({ uid: item.userId, draftId: item.id }));
};

const collectingQueue = () => {
  const sent: { queue: QueueName; message: unknown }[] = [];
  const queue: QueuePort = {
    send: async (name, message) => {
      sent.push({ queue: name, message });
    },
    sendMany: async (name, messages) => {
      for (const message of messages) sent.push({ queue: name, message });
    },
  };
  return { queue, sent };
};

describe('the due-sends job at scale', () => {
  it('queues 1,000 steps that fall due in the same minute in one run: one UpdateItem each and a Query per index partition, never a Scan', async () => {
    // a minute of a year no other test's drafts fall due in, so the run sees only these
    const dueAt = '2001-02-05T09:00:00.000Z';
    const now = new Date('2001-02-05T09:00:30.000Z');
    const owners = Array.from({ length: 40 }, () => randomUUID());
    const written = await writeDueDrafts(owners, 25, dueAt);
    const counting = countingDataClient();
    const { queue, sent } = collectingQueue();

    const summary = await queueDueSends({
      db: counting.data,
      queue,
      now: () => now,
      newId: newDraftId,
      logger: createLogger('drafts'),
    });

    expect(summary).toEqual({ due: 1000, queued: 1000, movedOn: 0 });
    expect(sent.map(({ message }) => message)).toEqual(expect.arrayContaining(written));
    expect(new Set(sent.map(({ queue: name }) => name))).toEqual(new Set(['send']));
    const counts = Object.fromEntries(
      [...new Set(counting.calls)].map((name) => [name, counting.calls.filter((call) => call === name).length]),
    );
    // one Query per partition of the due index (each under 1 MB of ids and times), one conditional move per step:
    // about one call per due step, where the goal is three
    expect(counts).toEqual({ QueryCommand: dueShards, UpdateItemCommand: 1000 });

    // moved on by the run: a second run in the same minute finds none of them, so none is queued twice
    expect(await dueDrafts(db, now, dueSends.perPartition)).toEqual([]);
    const again = collectingQueue();
    expect(
      await queueDueSends({
        db,
        queue: again.queue,
        now: () => now,
        newId: newDraftId,
        logger: createLogger('drafts'),
      }),
    ).toEqual({ due: 0, queued: 0, movedOn: 0 });
  }, 120_000);
});
