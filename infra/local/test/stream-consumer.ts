import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * A stream consumer for the local stream runner's tests (infra/local/streams.int.test.ts): it keeps every batch it is
 * given on `globalThis`, so the test sees them whichever module instance the runner imported.
 */
const key = Symbol.for('outreach.test.streamConsumer');
type Probe = { events: DynamoDBStreamEvent[]; env: (string | undefined)[] };
const store = globalThis as Record<symbol, Probe | undefined>;
store[key] ??= { events: [], env: [] };
const probe = store[key];

export const streamProbe = () => probe;

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  probe.events.push(event);
  // the Lambda environment the stack applies (its table), as the consumer's function has it in AWS
  probe.env.push(process.env.TABLE_NAME);
  return { batchItemFailures: [] };
};
