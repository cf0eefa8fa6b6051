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

/**
 * A handler's answer outside the envelope, as it is: what a vendor's webhook protocol wants (Graph's validation
 * handshake echoes a token as text/plain; a push is acknowledged with an empty 202 or 204).
 */
export class RawReply {
  constructor(readonly response: APIGatewayProxyResult) {}
}

/** An empty answer of this status (204, 202), or a text/plain one. */
export const rawReply = (statusCode: number, text = '') =>
  new RawReply({
    statusCode,
    headers: {
      ...(text ? { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } : {}),
      'Cache-Control': 'no-store',
    },
    body: text,
  });

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
