import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { dataClientOf, type DataClient } from '../data/client.js';

/** A DynamoDB client for DynamoDB Local that counts the commands it sends, so tests can pin a request's cost. */
export const countingDataClient = () => {
  const table = process.env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME is not set: integration tests run under the int project global setup');
  const client = new DynamoDBClient({});
  const calls: string[] = [];
  /** each call's input, beside its name in `calls` (what a test tells calls of one kind apart by) */
  const inputs: unknown[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      calls.push(String(context.commandName));
      inputs.push(args.input);
      return next(args);
    },
    { step: 'initialize', name: 'countCalls' },
  );
  const data: DataClient = dataClientOf(client, table);
  return {
    data,
    calls,
    inputs,
    reset: () => {
      inputs.splice(0);
      return calls.splice(0);
    },
  };
};
