import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { capturingLogger } from '../test/log-lines.js';
import { streamEvent, streamRecord } from '../test/stream-records.js';
import { type StreamChange, streamConsumer } from './stream.js';

const lambdaContext = { awsRequestId: 'request-1', functionName: 'outreach-test-stats' } as Context;

const item = (n: number) => ({ pk: 'USER#u1', sk: `ITEM#${n}`, entity: 'contact', n });

const setup = (handle: Parameters<typeof streamConsumer>[0]['handle']) => {
  const { logger, lines } = capturingLogger();
  return { lines, consumer: streamConsumer({ consumer: 'stats', logger, handle }) };
};

describe('the stream-consumer kit', () => {
  it('hands the consumer each record as a change, its images read as items, in order', async () => {
    const seen: StreamChange[] = [];
    const { consumer } = setup(async (changes) => void seen.push(...changes));
    const records = [
      streamRecord(null, item(1)),
      streamRecord(item(2), { ...item(2), n: 3 }),
      streamRecord(item(4), null),
    ];

    expect(await consumer(streamEvent(records))).toEqual({ batchItemFailures: [] });
    expect(seen).toEqual([
      expect.objectContaining({ index: 0, eventName: 'INSERT', newImage: item(1), eventId: records[0]!.eventID }),
      expect.objectContaining({ index: 1, eventName: 'MODIFY', oldImage: item(2), newImage: { ...item(2), n: 3 } }),
      expect.objectContaining({ index: 2, eventName: 'REMOVE', oldImage: item(4) }),
    ]);
    expect(seen[2]).not.toHaveProperty('newImage');
  });

  it('reports the first failed record and every record after it by sequence number, as ReportBatchItemFailures expects of an ordered shard', async () => {
    const { consumer } = setup(async (changes, batch) => {
      for (const change of changes)
        if (change.newImage?.n === 2 || change.newImage?.n === 4) batch.fail(change.index, new Error('refused'));
    });
    const records = [1, 2, 3, 4].map((n) => streamRecord(null, item(n)));

    expect(await consumer(streamEvent(records))).toEqual({
      batchItemFailures: records.slice(1).map((record) => ({ itemIdentifier: record.dynamodb!.SequenceNumber })),
    });
  });

  it('reports the whole batch when the consumer throws', async () => {
    const { consumer } = setup(async () => {
      throw new Error('the table is down');
    });
    const records = [1, 2].map((n) => streamRecord(null, item(n)));
    expect((await consumer(streamEvent(records))).batchItemFailures).toHaveLength(2);
  });

  it("puts the Lambda context and the consumer's name on every line, and logs the batch once with what comes back", async () => {
    const { consumer, lines } = setup(async (changes, batch) => {
      batch.logger.warn('a record was skipped');
      batch.fail(changes[1]!.index, new Error('refused'));
    });
    const records = [1, 2, 3].map((n) => streamRecord(null, item(n)));

    await consumer(streamEvent(records), lambdaContext);

    const context = { consumer: 'stats', function_request_id: 'request-1', function_name: 'outreach-test-stats' };
    expect(lines).toEqual([
      expect.objectContaining({ level: 'WARN', message: 'a record was skipped', ...context }),
      expect.objectContaining({
        level: 'ERROR',
        message: 'Stream record failed',
        eventId: records[1]!.eventID,
        ...context,
      }),
      expect.objectContaining({ level: 'INFO', ...context, records: 3, retried: 2, outcome: 'partial' }),
    ]);
  });
});
