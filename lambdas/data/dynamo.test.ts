import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BatchGetCommand,
  BatchWriteCommand,
  createDocumentClient,
  type DynamoError,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from './dynamo.js';

/**
 * The document client against a stand-in for DynamoDB's endpoint that records each request and answers what the test
 * queues: what goes on the wire, and what the client makes of errors and broken connections. What DynamoDB itself
 * makes of the requests is the integration tests' (DynamoDB Local, every access function of lambdas/data).
 */
type Seen = { headers: IncomingHttpHeaders; body: string };
type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'hang up';

let server: Server;
let endpoint: string;
const seen: Seen[] = [];
const replies: Reply[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const reply = replies.shift() ?? { status: 200, body: {} };
      if (reply === 'hang up') {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-requestid': 'r-1',
        ...reply.headers,
      });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.splice(0);
  replies.splice(0);
});

type Data = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: Data) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256 (an HMAC with a secret) in the shape the SDK's signer takes. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: Data) {
    this.hash.update(bytesOf(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example', sessionToken: 'token-example' };
const client = () => createDocumentClient({ endpoint, region: 'eu-west-1', credentials });
const sentBody = (index = 0) => JSON.parse(seen[index]!.body) as Record<string, unknown>;

describe('the DynamoDB document client', () => {
  it('sends plain values as attribute values and gives the answer back as plain values', async () => {
    replies.push({
      status: 200,
      body: { Item: { pk: { S: 'USER#1' }, count: { N: '3' }, tags: { SS: ['a'] }, on: { BOOL: true } } },
    });
    const answer = await client().send(
      new GetCommand({ TableName: 't', Key: { pk: 'USER#1', sk: 'PROFILE' }, ConsistentRead: true }),
    );
    expect(seen[0]!.headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
    expect(seen[0]!.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(sentBody()).toEqual({
      TableName: 't',
      Key: { pk: { S: 'USER#1' }, sk: { S: 'PROFILE' } },
      ConsistentRead: true,
    });
    expect(answer.Item).toEqual({ pk: 'USER#1', count: 3, tags: new Set(['a']), on: true });
    expect(answer.$metadata).toMatchObject({ httpStatusCode: 200, attempts: 1, requestId: 'r-1' });
  });

  it('converts the fields that hold items, and leaves expressions and names as they are', async () => {
    const db = client();
    await db.send(
      new UpdateCommand({
        TableName: 't',
        Key: { pk: 'a', sk: 'b' },
        UpdateExpression: 'SET #n = :n, #m = :m',
        ExpressionAttributeNames: { '#n': 'name', '#m': 'meta' },
        ExpressionAttributeValues: { ':n': 'Adélaïde ✉', ':m': { at: 1, gone: undefined }, ':skipped': undefined },
      }),
    );
    expect(sentBody()).toEqual({
      TableName: 't',
      Key: { pk: { S: 'a' }, sk: { S: 'b' } },
      UpdateExpression: 'SET #n = :n, #m = :m',
      ExpressionAttributeNames: { '#n': 'name', '#m': 'meta' },
      ExpressionAttributeValues: { ':n': { S: 'Adélaïde ✉' }, ':m': { M: { at: { N: '1' } } } },
    });

    replies.push({
      status: 200,
      body: { Items: [{ pk: { S: 'a' } }], LastEvaluatedKey: { pk: { S: 'a' }, sk: { S: 'z' } }, Count: 1 },
    });
    const page = await db.send(
      new QueryCommand({
        TableName: 't',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'a' },
        ExclusiveStartKey: { pk: 'a', sk: 'm' },
      }),
    );
    expect(sentBody(1)).toMatchObject({
      ExpressionAttributeValues: { ':pk': { S: 'a' } },
      ExclusiveStartKey: { pk: { S: 'a' }, sk: { S: 'm' } },
    });
    expect(page).toMatchObject({ Items: [{ pk: 'a' }], LastEvaluatedKey: { pk: 'a', sk: 'z' }, Count: 1 });

    replies.push({
      status: 200,
      body: {
        Responses: { t: [{ pk: { S: 'a' }, n: { N: '1' } }] },
        UnprocessedKeys: { t: { Keys: [{ pk: { S: 'b' } }], ConsistentRead: true } },
      },
    });
    const got = await db.send(
      new BatchGetCommand({ RequestItems: { t: { Keys: [{ pk: 'a' }, { pk: 'b' }], ConsistentRead: true } } }),
    );
    expect(sentBody(2)).toEqual({
      RequestItems: { t: { Keys: [{ pk: { S: 'a' } }, { pk: { S: 'b' } }], ConsistentRead: true } },
    });
    expect(got.Responses).toEqual({ t: [{ pk: 'a', n: 1 }] });
    expect(got.UnprocessedKeys).toEqual({ t: { Keys: [{ pk: 'b' }], ConsistentRead: true } });

    replies.push({ status: 200, body: { UnprocessedItems: { t: [{ DeleteRequest: { Key: { pk: { S: 'b' } } } }] } } });
    const written = await db.send(
      new BatchWriteCommand({
        RequestItems: { t: [{ PutRequest: { Item: { pk: 'a', n: 2 } } }, { DeleteRequest: { Key: { pk: 'b' } } }] },
      }),
    );
    expect(sentBody(3)).toEqual({
      RequestItems: {
        t: [
          { PutRequest: { Item: { pk: { S: 'a' }, n: { N: '2' } } } },
          { DeleteRequest: { Key: { pk: { S: 'b' } } } },
        ],
      },
    });
    expect(written.UnprocessedItems).toEqual({ t: [{ DeleteRequest: { Key: { pk: 'b' } } }] });
  });

  it('sends bytes as base64 and gives them back as bytes', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    replies.push({
      status: 200,
      body: { Attributes: { blob: { B: bytes.toString('base64') }, list: { L: [{ B: 'AAE=' }] } } },
    });
    const answer = await client().send(
      new PutCommand({ TableName: 't', Item: { pk: 'a', blob: new Uint8Array(bytes) }, ReturnValues: 'ALL_OLD' }),
    );
    expect(sentBody()).toMatchObject({ Item: { pk: { S: 'a' }, blob: { B: bytes.toString('base64') } } });
    expect(Buffer.from(answer.Attributes!.blob as Uint8Array).equals(bytes)).toBe(true);
    expect([...(answer.Attributes!.list as Uint8Array[])[0]!]).toEqual([0, 1]);
  });

  it("signs as the SDK's own signer does (Signature Version 4, service dynamodb, the session token signed)", async () => {
    // a key beyond ASCII: the length and the payload's hash are of its UTF-8 bytes
    await client().send(new GetCommand({ TableName: 't', Key: { pk: 'Zoë ✉' } }));
    expect(Number(seen[0]!.headers['content-length'])).toBe(Buffer.byteLength(seen[0]!.body));
    const { headers, body } = seen[0]!;
    const date = String(headers['x-amz-date']);
    const signingDate = new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    const url = new URL(endpoint);
    const signed = await new SignatureV4({
      credentials,
      region: 'eu-west-1',
      service: 'dynamodb',
      sha256: Sha256,
      applyChecksum: false,
    }).sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path: '/',
        query: {},
        headers: {
          host: url.host,
          'content-type': String(headers['content-type']),
          'content-length': String(headers['content-length']),
          'x-amz-target': String(headers['x-amz-target']),
        },
        body,
      },
      { signingDate },
    );
    expect(headers['x-amz-security-token']).toBe('token-example');
    expect(headers.authorization).toBe(signed.headers.authorization);
  });

  it("throws DynamoDB's error by its name, with what its answer holds, and does not repeat a refused write", async () => {
    replies.push({
      status: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
        message: 'The conditional request failed',
        Item: { status: { S: 'done' } },
      },
    });
    const error = (await client()
      .send(new PutCommand({ TableName: 't', Item: { pk: 'a' }, ConditionExpression: 'attribute_not_exists(pk)' }))
      .catch((caught: unknown) => caught)) as DynamoError & { Item?: unknown };
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConditionalCheckFailedException');
    expect(error.message).toBe('The conditional request failed');
    // as the SDK's document client: an error's item stays attribute values
    expect(error.Item).toEqual({ status: { S: 'done' } });
    expect(error.$metadata.httpStatusCode).toBe(400);
    expect(seen).toHaveLength(1);
  });

  it('repeats a throttled or failed call up to three attempts in all, with the same request', async () => {
    const throttled = {
      status: 400,
      body: { __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'slow down' },
    };
    replies.push({ status: 500, body: { __type: 'InternalServerError', message: 'oops' } }, 'hang up');
    const answer = await client().send(
      new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'a' } } }] }),
    );
    expect(answer.$metadata.attempts).toBe(3);
    expect(seen).toHaveLength(3);
    // one token for the call's attempts: a transaction that went in before the connection broke is not applied twice
    const tokens = seen.map(
      (request) => (JSON.parse(request.body) as { ClientRequestToken?: string }).ClientRequestToken,
    );
    expect(tokens[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(tokens).size).toBe(1);

    seen.splice(0);
    replies.push(throttled, throttled, throttled, { status: 200, body: {} });
    const error = (await client()
      .send(new GetCommand({ TableName: 't', Key: { pk: 'a' } }))
      .catch((caught: unknown) => caught)) as DynamoError;
    expect(error.name).toBe('ProvisionedThroughputExceededException');
    expect(error.$metadata.attempts).toBe(3);
    expect(seen).toHaveLength(3);
  });

  it('repeats a transaction still committing from the attempt before, and nothing it is not told to', async () => {
    replies.push(
      'hang up',
      {
        status: 400,
        body: {
          __type: 'com.amazonaws.dynamodb.v20120810#TransactionInProgressException',
          message: 'Transaction is ongoing for the request',
        },
      },
      { status: 200, body: {} },
    );
    const answer = await client().send(
      new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'a' } } }] }),
    );
    expect(answer.$metadata.attempts).toBe(3);

    // a 501 is no transient failure, and an error named only by its header is named by it
    seen.splice(0);
    replies.push({ status: 501, body: {}, headers: { 'x-amzn-errortype': 'NotImplemented:http://internal' } });
    const error = (await client()
      .send(new GetCommand({ TableName: 't', Key: { pk: 'a' } }))
      .catch((caught: unknown) => caught)) as DynamoError;
    expect(error.name).toBe('NotImplemented');
    expect(seen).toHaveLength(1);
  });

  it("keeps only what callers read of an error's answer: no key of it reaches the error's prototype", async () => {
    replies.push({
      status: 400,
      body: JSON.parse(
        '{"__type":"x#ConditionalCheckFailedException","message":"no","__proto__":{"polluted":true},"$metadata":1}',
      ),
    });
    const error = (await client()
      .send(new PutCommand({ TableName: 't', Item: { pk: 'a' } }))
      .catch((caught: unknown) => caught)) as DynamoError & { polluted?: boolean };
    expect(error).toBeInstanceOf(Error);
    expect(error.polluted).toBeUndefined();
    expect(error.$metadata.httpStatusCode).toBe(400);
  });

  it('runs interceptors around each call, outermost first, with the command name and the input as sent', async () => {
    const db = client();
    const order: string[] = [];
    db.use(async ({ commandName, input }, next) => {
      order.push(`outer ${commandName} ${JSON.stringify(input.Key)}`);
      const answer = await next();
      order.push('outer done');
      return answer;
    });
    db.use(async (_call, next) => {
      order.push('inner');
      return next();
    });
    await db.send(new GetCommand({ TableName: 't', Key: { pk: 'a' } }));
    expect(order).toEqual(['outer GetItemCommand {"pk":{"S":"a"}}', 'inner', 'outer done']);
  });
});
