import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, type NativeAttributeValue, unmarshall } from '@aws-sdk/util-dynamodb';
import aws4 from 'aws4';
import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * The DynamoDB client of every Lambda: the document commands of `@aws-sdk/lib-dynamodb` (same names, same inputs and
 * outputs, plain JavaScript values in and out), sent over DynamoDB's JSON protocol by a few lines of our own, signed by
 * `aws4`.
 *
 * Why not the SDK's client: every request of every function reads or writes the table, so its client loads with the
 * function, and the SDK's DynamoDB client with its document client was ~175 KiB of the contacts Lambda's cold start of
 * 405 KiB (@smithy/core's schema serde, endpoint rules, middleware stack, retry strategy), where a cold import costs
 * about 0.2 ms a KiB on the bench machine (`npm run bench:lambdas`). DynamoDB's wire protocol is one JSON POST per
 * operation (`X-Amz-Target`), the values' marshalling is the SDK's own (`@aws-sdk/util-dynamodb`, what lib-dynamodb
 * uses), and signing is `aws4`'s (the unit test holds it to the SDK's own signer): what is left here is which fields
 * hold items (lib-dynamodb's "key nodes", mirrored below), errors and retries.
 *
 * Kept as the SDK does it: the item a failed condition returns and the reasons of a cancelled transaction stay
 * attribute values (lib-dynamodb does not convert errors); errors carry DynamoDB's name and `$metadata.httpStatusCode`;
 * throttling, transient errors and broken connections (the SDK's lists) are retried with jittered backoff,
 * `maxAttempts` in all (3 here, as the SDK client was configured).
 */

/** A record of attribute values as DynamoDB's JSON protocol writes them (`{ S: 'x' }`, `{ N: '1' }`...). */
type Wire = Record<string, unknown>;
type Native = Record<string, NativeAttributeValue>;

/** Which fields of an operation's input and output hold items or keys (lib-dynamodb's commands, dist-es/commands). */
type Fields = { input: (input: Wire) => Wire; output: (output: Wire) => Wire };

const toWire = (record: unknown) =>
  record === undefined ? undefined : marshall(record as Native, { removeUndefinedValues: true });

/** Binary values travel as base64 (`{ "B": "..." }`): bytes again before they are unmarshalled, as the SDK gives them. */
const bytesIn = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value;
  const attribute = value as Record<string, unknown>;
  if (typeof attribute.B === 'string') return { B: Buffer.from(attribute.B, 'base64') };
  if (Array.isArray(attribute.BS)) return { BS: attribute.BS.map((item) => Buffer.from(String(item), 'base64')) };
  if (Array.isArray(attribute.L)) return { L: attribute.L.map(bytesIn) };
  if (attribute.M && typeof attribute.M === 'object') return { M: eachValue(attribute.M, bytesIn) };
  return value;
};
const fromWire = (record: unknown) =>
  record === undefined ? undefined : unmarshall(eachValue(record, bytesIn) as Record<string, never>);

/** The JSON of a request: bytes (a `B` value, a `BS` member) as base64, as DynamoDB's JSON protocol takes them. */
const requestJson = (input: Wire) =>
  JSON.stringify(input, function (this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    return original instanceof Uint8Array
      ? Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64')
      : value;
  });
const eachValue = <T>(record: unknown, convert: (value: unknown) => T) =>
  record === undefined
    ? undefined
    : Object.fromEntries(
        Object.entries(record as Record<string, unknown>).map(([key, value]) => [key, convert(value)]),
      );
const eachOf = <T>(list: unknown, convert: (value: unknown) => T) =>
  list === undefined ? undefined : (list as unknown[]).map(convert);
/** `fields` of `object` converted, the rest as it is, undefined left out */
const converted = (object: unknown, fields: Record<string, (value: unknown) => unknown>) => {
  if (object === undefined) return undefined;
  const result: Wire = {};
  for (const [key, value] of Object.entries(object as Wire)) {
    const convert = fields[key];
    const next = convert ? convert(value) : value;
    if (next !== undefined) result[key] = next;
  }
  return result;
};

const keyAndValues = { Key: toWire, ExpressionAttributeValues: toWire };
const writeRequests = (convert: typeof toWire | typeof fromWire) => (requests: unknown) =>
  eachValue(requests, (list) =>
    eachOf(list, (request) =>
      converted(request, {
        PutRequest: (put) => converted(put, { Item: convert }),
        DeleteRequest: (del) => converted(del, { Key: convert }),
      }),
    ),
  );

const operations = {
  GetItem: { input: (i) => converted(i, { Key: toWire })!, output: (o) => converted(o, { Item: fromWire })! },
  PutItem: {
    input: (i) => converted(i, { Item: toWire, ExpressionAttributeValues: toWire })!,
    output: (o) => converted(o, { Attributes: fromWire })!,
  },
  UpdateItem: { input: (i) => converted(i, keyAndValues)!, output: (o) => converted(o, { Attributes: fromWire })! },
  DeleteItem: { input: (i) => converted(i, keyAndValues)!, output: (o) => converted(o, { Attributes: fromWire })! },
  Query: {
    input: (i) => converted(i, { ExclusiveStartKey: toWire, ExpressionAttributeValues: toWire })!,
    output: (o) => converted(o, { Items: (items) => eachOf(items, fromWire), LastEvaluatedKey: fromWire })!,
  },
  Scan: {
    input: (i) => converted(i, { ExclusiveStartKey: toWire, ExpressionAttributeValues: toWire })!,
    output: (o) => converted(o, { Items: (items) => eachOf(items, fromWire), LastEvaluatedKey: fromWire })!,
  },
  BatchGetItem: {
    input: (i) =>
      converted(i, {
        RequestItems: (tables) => eachValue(tables, (ask) => converted(ask, { Keys: (keys) => eachOf(keys, toWire) })),
      })!,
    output: (o) =>
      converted(o, {
        Responses: (tables) => eachValue(tables, (items) => eachOf(items, fromWire)),
        UnprocessedKeys: (tables) =>
          eachValue(tables, (ask) => converted(ask, { Keys: (keys) => eachOf(keys, fromWire) })),
      })!,
  },
  BatchWriteItem: {
    input: (i) => converted(i, { RequestItems: writeRequests(toWire) })!,
    output: (o) => converted(o, { UnprocessedItems: writeRequests(fromWire) })!,
  },
  TransactWriteItems: {
    // as the SDK: a token of its own, so an attempt repeated after a broken connection is not applied twice
    input: (i) =>
      converted(
        { ...i, ClientRequestToken: i.ClientRequestToken ?? randomUUID() },
        {
          TransactItems: (items) =>
            eachOf(items, (item) =>
              converted(item, {
                ConditionCheck: (check) => converted(check, keyAndValues),
                Put: (put) => converted(put, { Item: toWire, ExpressionAttributeValues: toWire }),
                Delete: (del) => converted(del, keyAndValues),
                Update: (update) => converted(update, keyAndValues),
              }),
            ),
        },
      )!,
    output: (o) => o,
  },
  // the health check: no items either way
  DescribeTable: { input: (i) => i, output: (o) => o },
} satisfies Record<string, Fields>;

type Operation = keyof typeof operations;

/** A command for `DocumentClient.send`: the operation, its input, and (as a type only) its output. */
abstract class DocumentCommand<Input, Output> {
  declare readonly output: Output;
  abstract readonly operation: Operation;
  constructor(readonly input: Input) {}
}

export class GetCommand extends DocumentCommand<GetCommandInput, GetCommandOutput> {
  readonly operation = 'GetItem';
}
export class PutCommand extends DocumentCommand<PutCommandInput, PutCommandOutput> {
  readonly operation = 'PutItem';
}
export class UpdateCommand extends DocumentCommand<UpdateCommandInput, UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
}
export class DeleteCommand extends DocumentCommand<DeleteCommandInput, DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
}
export class QueryCommand extends DocumentCommand<QueryCommandInput, QueryCommandOutput> {
  readonly operation = 'Query';
}
export class ScanCommand extends DocumentCommand<ScanCommandInput, ScanCommandOutput> {
  readonly operation = 'Scan';
}
export class BatchGetCommand extends DocumentCommand<BatchGetCommandInput, BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
}
export class BatchWriteCommand extends DocumentCommand<BatchWriteCommandInput, BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
}
export class TransactWriteCommand extends DocumentCommand<TransactWriteCommandInput, TransactWriteCommandOutput> {
  readonly operation = 'TransactWriteItems';
}
export class DescribeTableCommand extends DocumentCommand<{ TableName: string }, { Table?: Record<string, unknown> }> {
  readonly operation = 'DescribeTable';
}

export type {
  BatchGetCommandInput,
  BatchWriteCommandInput,
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  ScanCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
};

export type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

export type DocumentClientConfig = {
  /** @default the environment's `AWS_ENDPOINT_URL_DYNAMODB` (DynamoDB Local), else the region's DynamoDB */
  endpoint?: string;
  /** @default the environment's `AWS_REGION` (or `AWS_DEFAULT_REGION`) */
  region?: string;
  /** @default the environment's (the Lambda runtime's role credentials, the local stack's) */
  credentials?: Credentials;
  /** attempts in all, the first included @default 3 */
  maxAttempts?: number;
};

/**
 * Runs around every call (its attempts included), as an SDK middleware would: sees the SDK's command name
 * (`GetItemCommand`) and the input as sent (attribute values), and calls `next` for the answer as received.
 */
export type Interceptor = (call: { commandName: string; input: Wire }, next: () => Promise<Wire>) => Promise<Wire>;

export type DocumentClient = {
  send: <Input, Output>(command: DocumentCommand<Input, Output>) => Promise<Output & { $metadata: Metadata }>;
  /** Adds an interceptor, run inside those added before: where the tests and benches count calls, or fail one. */
  use: (interceptor: Interceptor) => void;
};

type Metadata = { httpStatusCode?: number; requestId?: string; attempts: number };

/** A DynamoDB error as the SDK throws it: DynamoDB's name and message, and what else its answer holds. */
export class DynamoError extends Error {
  readonly $metadata: Metadata;
  readonly $retryable: boolean;
  constructor(name: string, message: string, details: Wire, metadata: Metadata, retryable: boolean) {
    super(message);
    // what callers read off DynamoDB's errors (the item a failed condition returns, a cancelled transaction's
    // reasons), copied by name: no key of the answer's can reach the error's own fields or its prototype
    for (const key of ['Item', 'CancellationReasons', 'Message'])
      if (details[key] !== undefined) Object.defineProperty(this, key, { value: details[key], enumerable: true });
    this.name = name;
    this.$metadata = metadata;
    this.$retryable = retryable;
  }
}

/**
 * The SDK's throttling errors (@smithy/core's service-error-classification), retried after a longer wait. A
 * TransactionInProgressException is the answer to an attempt repeated with the same ClientRequestToken while the first
 * still commits: repeated again, it answers the transaction's outcome.
 */
const throttling = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
/** The SDK's transient errors: by name, and by status. */
const transient = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const transientStatuses = new Set([500, 502, 503, 504]);
/** The SDK's retried connection failures (Node's error codes): anything else (TLS, a malformed answer) is thrown. */
const brokenConnection = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** The SDK's backoff: full jitter over 100 ms (throttling 500 ms) doubled each attempt, at most 20 s. */
const backoffMs = (attempt: number, throttled: boolean) =>
  Math.random() * Math.min(20_000, (throttled ? 500 : 100) * 2 ** (attempt - 1));

/** Connections kept open between calls, at most 50 to an endpoint at once (the SDK's Node handler's limit). */
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 50 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 50 }),
};

type Answer = { status: number; body: string; requestId?: string; errorType?: string };

/** One POST; a connection that breaks before the answer is whole rejects (and is retried by `send`). */
const post = (url: URL, headers: Record<string, string>, body: string) =>
  new Promise<Answer>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers,
        agent: secure ? agents.https : agents.http,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const requestId = response.headers['x-amzn-requestid'];
          const errorType = response.headers['x-amzn-errortype'];
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ...(typeof requestId === 'string' ? { requestId } : {}),
            ...(typeof errorType === 'string' ? { errorType } : {}),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });

const environmentCredentials = (): Credentials => {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = process.env;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID)');
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
};

/**
 * DynamoDB's error answer: `{"__type": "com.amazonaws.dynamodb.v20120810#Name", "message": "..."}` and details; named
 * as the SDK's JSON protocol names it (`__type`, else a `code` field, else the `x-amzn-errortype` header; the part
 * after a `#` and before a `:`).
 */
const errorOf = (answer: Answer, attempts: number) => {
  let parsed: Wire = {};
  try {
    parsed = JSON.parse(answer.body) as Wire;
  } catch {
    // an answer that is not JSON (a proxy's page): named by its status below
  }
  const { __type: type, message, Message, ...details } = parsed;
  const code = [type, parsed.code, parsed.Code, answer.errorType].find((value) => typeof value === 'string');
  const name = code ? (code as string).split(/[,:]/)[0]!.replace(/^.*#/, '') : `HTTP ${answer.status}`;
  const text = typeof message === 'string' ? message : typeof Message === 'string' ? Message : name;
  if (typeof Message === 'string') details.Message = Message;
  const metadata = {
    httpStatusCode: answer.status,
    attempts,
    ...(answer.requestId ? { requestId: answer.requestId } : {}),
  };
  const retryable =
    throttling.has(name) ||
    answer.status === 429 ||
    transient.has(name) ||
    transientStatuses.has(answer.status) ||
    name === 'ReplicatedWriteConflictException';
  return new DynamoError(name, text, details, metadata, retryable);
};

export const createDocumentClient = (config: DocumentClientConfig = {}): DocumentClient => {
  const maxAttempts = config.maxAttempts ?? 3;
  const region = () => {
    const found = config.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
    if (!found) throw new Error('No region for DynamoDB (AWS_REGION)');
    return found;
  };
  const interceptors: Interceptor[] = [];
  const endpoint = () =>
    new URL(config.endpoint ?? process.env.AWS_ENDPOINT_URL_DYNAMODB ?? `https://dynamodb.${region()}.amazonaws.com`);

  return {
    send: async <Input, Output>(command: DocumentCommand<Input, Output>) => {
      const fields: Fields = operations[command.operation];
      const input = fields.input(command.input as Wire);
      let metadata: Metadata = { attempts: 0 };
      const exchange = async () => {
        const body = requestJson(input);
        const url = endpoint();
        for (let attempt = 1; ; attempt++) {
          const signed = aws4.sign(
            {
              host: url.host,
              path: url.pathname,
              method: 'POST',
              service: 'dynamodb',
              region: region(),
              headers: {
                'Content-Type': 'application/x-amz-json-1.0',
                'X-Amz-Target': `DynamoDB_20120810.${command.operation}`,
              },
              body,
            },
            config.credentials ?? environmentCredentials(),
          );
          let answer: Answer;
          try {
            answer = await post(url, signed.headers as Record<string, string>, body);
          } catch (error) {
            // the connection broke (reset, refused, timed out): as the SDK, tried again
            const code = (error as { code?: unknown }).code;
            if (attempt >= maxAttempts || typeof code !== 'string' || !brokenConnection.has(code)) throw error;
            await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, false)));
            continue;
          }
          if (answer.status === 200) {
            metadata = {
              httpStatusCode: 200,
              attempts: attempt,
              ...(answer.requestId ? { requestId: answer.requestId } : {}),
            };
            return JSON.parse(answer.body) as Wire;
          }
          const error = errorOf(answer, attempt);
          if (!error.$retryable || attempt >= maxAttempts) throw error;
          await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, throttling.has(error.name))));
        }
      };
      const call = { commandName: `${command.operation}Command`, input };
      const through = interceptors.reduceRight<() => Promise<Wire>>(
        (next, interceptor) => () => interceptor(call, next),
        exchange,
      );
      const answer = await through();
      return { ...(fields.output(answer) as Output), $metadata: metadata };
    },
    use: (interceptor) => {
      interceptors.push(interceptor);
    },
  };
};
