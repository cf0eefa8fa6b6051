import { createDataClient, type DataClient } from '../data/client.js';

/** A DynamoDB client for DynamoDB Local that counts the commands it sends, so tests can pin a request's cost. */
export const countingDataClient = () => {
  const table = process.env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME is not set: integration tests run under the int project global setup');
  const calls: string[] = [];
  /** each call's input as sent (attribute values), beside its name in `calls` (what a test tells calls apart by) */
  const inputs: unknown[] = [];
  const data: DataClient = createDataClient(table, {});
  data.documents.use(({ commandName, input }, next) => {
    calls.push(commandName);
    inputs.push(input);
    return next();
  });
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
