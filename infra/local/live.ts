import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { LiveConnectionEvent, LiveConnectionResult } from '../../lambdas/live/connections.js';
import { readBody, sendJson } from './http-util.js';
import { lambdaContext, localAccountId } from './lambda-context.js';

/** The connection Lambda (lambdas/live/connections.ts), as API Gateway's WebSocket API calls it. */
export type LiveLambda = {
  handler: (event: LiveConnectionEvent, context: ReturnType<typeof lambdaContext>) => Promise<LiveConnectionResult>;
};

export type LocalLiveOptions = {
  /** @default imports lambdas/live/connections.ts (on the first connection, as a cold start) */
  loadLambda?: () => Promise<LiveLambda>;
  log?: (line: string) => void;
};

export type LocalLive = {
  /** serves `/ws` upgrades of `server` */
  attach: (server: Server) => void;
  /** the management API (`POST|DELETE|GET /@connections/{id}`) under the gateway's secret path; false: not its path */
  serveManagement: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<number | false>;
  /** open connection ids (tests) */
  connectionIds: () => string[];
  closeAll: () => void;
};

/** The WebSocket path on the gateway's port (DESIGN §8). */
export const livePath = '/ws';

const connectionPath = /^\/(?:@|%40)connections\/([^/]+)$/;

/** An id shaped like API Gateway's (12 base64 characters). */
const newConnectionId = () => randomBytes(9).toString('base64');

const stage = 'local';

/**
 * The local twin of the API Gateway WebSocket API (DESIGN §8): `/ws` on the gateway's port runs the same connection
 * Lambda with the same `$connect` and `$disconnect` events (a `$connect` answer other than 200 refuses the upgrade
 * with that status), and the gateway's secret path answers the management API's `@connections` calls the live port
 * makes through the SDK (PostToConnection: 410 Gone for a connection that is not open, as API Gateway answers).
 */
export const createLocalLive = (options: LocalLiveOptions = {}): LocalLive => {
  const log = options.log ?? ((line: string) => console.log(line));
  const load =
    options.loadLambda ??
    (() => import(new URL('../../lambdas/live/connections.ts', import.meta.url).href) as Promise<LiveLambda>);
  let loaded: Promise<LiveLambda> | undefined;
  const lambda = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
  const sockets = new Map<string, WebSocket>();
  const server = new WebSocketServer({ noServer: true });

  const event = (
    routeKey: '$connect' | '$disconnect',
    connectionId: string,
    req: IncomingMessage,
    url: URL,
  ): LiveConnectionEvent & Record<string, unknown> => {
    const query = Object.fromEntries(url.searchParams);
    const requestContext = {
      routeKey,
      eventType: routeKey === '$connect' ? 'CONNECT' : 'DISCONNECT',
      connectionId,
      extendedRequestId: randomUUID(),
      requestId: randomUUID(),
      messageDirection: 'IN',
      connectedAt: Date.now(),
      requestTimeEpoch: Date.now(),
      stage,
      domainName: req.headers.host ?? 'localhost',
      apiId: 'local',
      accountId: localAccountId,
    };
    return {
      headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)])),
      queryStringParameters: routeKey === '$connect' && Object.keys(query).length > 0 ? query : null,
      isBase64Encoded: false,
      requestContext,
    };
  };

  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`,
    );
  };

  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const started = performance.now();
    if (url.pathname !== livePath) {
      refuse(socket, 404, 'Not Found');
      return;
    }
    const connectionId = newConnectionId();
    let answer: LiveConnectionResult;
    try {
      answer = await (await lambda()).handler(
        event('$connect', connectionId, req, url),
        lambdaContext('outreach-local-live', 29_000),
      );
    } catch (error) {
      log(`  live Lambda failed: ${(error as Error).stack ?? String(error)}`);
      refuse(socket, 502, 'Bad Gateway');
      return;
    }
    log(`WS ${livePath} $connect ${answer.statusCode} ${Math.round(performance.now() - started)} ms`);
    if (answer.statusCode !== 200) {
      refuse(socket, answer.statusCode, answer.body ?? 'Forbidden');
      return;
    }
    server.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(connectionId, ws);
      ws.on('close', () => {
        sockets.delete(connectionId);
        void lambda()
          .then((live) =>
            live.handler(event('$disconnect', connectionId, req, url), lambdaContext('outreach-local-live', 29_000)),
          )
          .catch((error: unknown) => log(`  live $disconnect failed: ${(error as Error).stack ?? String(error)}`));
      });
    });
  };

  return {
    attach: (http) => {
      http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        upgrade(req, socket, head).catch((error: unknown) => {
          log(`WS upgrade failed: ${(error as Error).stack ?? String(error)}`);
          socket.destroy();
        });
      });
    },
    serveManagement: async (req, res, path) => {
      const match = connectionPath.exec(path);
      if (!match) return false;
      const connectionId = decodeURIComponent(match[1]!);
      const ws = sockets.get(connectionId);
      const body = await readBody(req);
      if (!ws || ws.readyState !== ws.OPEN) {
        sendJson(res, 410, { message: null }, { 'x-amzn-ErrorType': 'GoneException' });
        return 410;
      }
      if (req.method === 'POST') {
        ws.send(body.toString('utf8'));
        res.writeHead(200).end();
        return 200;
      }
      if (req.method === 'DELETE') {
        ws.close();
        res.writeHead(204).end();
        return 204;
      }
      if (req.method === 'GET') {
        sendJson(res, 200, { connectedAt: new Date().toISOString(), identity: { sourceIp: '127.0.0.1' } });
        return 200;
      }
      sendJson(res, 404, { message: 'Unknown operation' });
      return 404;
    },
    connectionIds: () => [...sockets.keys()],
    closeAll: () => {
      for (const ws of sockets.values()) ws.terminate();
      server.close();
    },
  };
};
