import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { dataClientOf } from './client.js';

describe('the data client', () => {
  it("leaves out the SDK's logger middleware, which walks every item read or written for a logger that logs nothing", () => {
    const raw = new DynamoDBClient({ region: 'us-east-1' });
    expect(raw.middlewareStack.identify()).toContain('loggerMiddleware - initialize');
    const { client, documents } = dataClientOf(raw, 'table');
    expect(client.middlewareStack.identify()).not.toContain('loggerMiddleware - initialize');
    expect(documents.middlewareStack.identify()).not.toContain('loggerMiddleware - initialize');
    client.destroy();
  });
});
