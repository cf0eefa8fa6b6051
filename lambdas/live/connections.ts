import type { Context } from 'aws-lambda';
import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { createIdTokenVerifier, idTokenIssuerFromEnv } from './id-token.js';
import * as live from './service.js';

/** The part of API Gateway's WebSocket `$connect`/`$disconnect` event this Lambda reads. */
export type LiveConnectionEvent = {
  requestContext: { routeKey?: string; eventType?: string; connectionId: string };
  queryStringParameters?: Record<string, string | undefined> | null;
};

export type LiveConnectionResult = { statusCode: number; body?: string };

const config = readConfig();
const logger = createLogger('live');
const deps: live.LiveDeps = {
  db: createDataClient(config.tableName),
  verify: createIdTokenVerifier(idTokenIssuerFromEnv()),
  now: () => new Date(),
};

/**
 * The live channel's connection Lambda (DESIGN §8): the WebSocket API's `$connect` and `$disconnect` routes, in AWS
 * and on the local gateway's `/ws` alike. Events themselves are sent by the publishing Lambdas (the live port), never
 * received: a message a client sends has no route.
 */
export const handler = async (event: LiveConnectionEvent, _context?: Context): Promise<LiveConnectionResult> => {
  const { connectionId } = event.requestContext;
  const route = event.requestContext.routeKey ?? event.requestContext.eventType;
  if (route === '$connect' || route === 'CONNECT') {
    const answer = await live.connect(deps, { connectionId, token: event.queryStringParameters?.token });
    if (answer.statusCode !== 200) logger.info('Live connection refused', { statusCode: answer.statusCode });
    return answer;
  }
  if (route === '$disconnect' || route === 'DISCONNECT') {
    await live.disconnect(deps, connectionId);
    return { statusCode: 200 };
  }
  return { statusCode: 400, body: 'The live channel takes no messages' };
};
