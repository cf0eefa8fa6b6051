import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { createDataClient, dataClientOf } from './client.js';

const built = vi.hoisted(() => ({ clients: 0 }));

// the SDK's DynamoDB client, counting how many are built
vi.mock('@aws-sdk/client-dynamodb', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@aws-sdk/client-dynamodb')>();
  class CountedClient extends sdk.DynamoDBClient {
    constructor(...args: ConstructorParameters<typeof sdk.DynamoDBClient>) {
      super(...args);
      built.clients += 1;
    }
  }
  return { ...sdk, DynamoDBClient: CountedClient };
});

describe('the data client', () => {
  it("leaves out the SDK's logger middleware, which walks every item read or written for a logger that logs nothing", () => {
    const raw = new DynamoDBClient({ region: 'us-east-1' });
    expect(raw.middlewareStack.identify()).toContain('loggerMiddleware - initialize');
    const { client, documents } = dataClientOf(raw, 'table');
    expect(client.middlewareStack.identify()).not.toContain('loggerMiddleware - initialize');
    expect(documents.middlewareStack.identify()).not.toContain('loggerMiddleware - initialize');
    client.destroy();
  });

  it("builds the SDK's clients on first use, not when a Lambda makes its data client at import, and then once", () => {
    const before = built.clients;
    const db = createDataClient('lazy-table');
    expect(createDataClient('lazy-table')).toBe(db);
    const configured = createDataClient('lazy-table', { region: 'us-east-1' });
    expect(db.table).toBe('lazy-table');
    expect(built.clients).toBe(before);

    const { documents } = db;
    expect(built.clients).toBe(before + 1);
    expect(db.client).toBe(db.client);
    expect(db.documents).toBe(documents);
    expect(db.client.middlewareStack.identify()).not.toContain('loggerMiddleware - initialize');
    expect(built.clients).toBe(before + 1);

    expect(configured.client).not.toBe(db.client);
    expect(built.clients).toBe(before + 2);
    db.client.destroy();
    configured.client.destroy();
  });
});
