import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { localNames } from './ports.js';

export const localAccountId = '000000000000';

/** A Lambda `Context` for a local invocation of `functionName` that may run `timeoutMs`. */
export const lambdaContext = (functionName: string, timeoutMs: number): Context => {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${localNames.region}:${localAccountId}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

/** Rejects with `TimeoutError` when `promise` takes longer than `ms`, as Lambda stops a function at its timeout. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}
export const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};
