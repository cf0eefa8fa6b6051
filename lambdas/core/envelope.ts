import type { APIGatewayProxyResult } from 'aws-lambda';
import type { Failure, Success } from '../../shared/envelope.js';

/** A handler's answer with a status other than 200. */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly data: T,
  ) {}
}

export const created = <T>(data: T) => new Reply(201, data);

export const jsonResponse = (statusCode: number, body: Success<unknown> | Failure): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  body: JSON.stringify(body),
});

export const success = (data: unknown, status = 200) => jsonResponse(status, { success: true, data });

export const failure = (status: number, error: string, code: string, details?: unknown) =>
  jsonResponse(
    status,
    details === undefined ? { success: false, error, code } : { success: false, error, code, details },
  );
