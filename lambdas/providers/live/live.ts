import type {
  ApiGatewayManagementApiClient,
  ApiGatewayManagementApiClientConfig,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { readConfig } from '../../core/config.js';
import { createDataClient, type DataClient } from '../../data/client.js';
import { deleteLiveConnection, listLiveConnections } from '../../data/live-connection.js';
import { LazyClient } from '../lazy-client.js';
import type { LiveCloser, LivePort } from './port.js';

/** The API Gateway management API SDK, imported when an event first reaches an open connection. */
const loadSdk = () => import('@aws-sdk/client-apigatewaymanagementapi');

/** The environment variable the stack gives a publishing Lambda: the WebSocket API's management endpoint. */
export const liveEndpointEnvName = 'LIVE_ENDPOINT';

/**
 * The management API client of a Lambda, built once (STYLE §10), on first use: most requests of a publishing Lambda
 * reach no open tab, so they never load the SDK. `endpoint` is the WebSocket API's `https://<id>.execute-api.<region>
 * .amazonaws.com/<stage>` in AWS, and the local gateway under its secret path locally (`localAwsEndpoint`), which
 * answers `POST /@connections/{id}` as API Gateway does.
 */
export const createLiveClient = (config: ApiGatewayManagementApiClientConfig) =>
  new LazyClient(async () => new (await loadSdk()).ApiGatewayManagementApiClient({ maxAttempts: 2, ...config }));

type Warn = { warn: (message: string, ...extra: unknown[]) => void };

const isGone = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'GoneException' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410);

type Connections = Awaited<ReturnType<typeof listLiveConnections>>;

/**
 * How long a user's open connections, once read, serve the next events of that user. A worker tells one contact's
 * progress in three events within a few hundred ms: one Query serves them all. A tab opened meanwhile
 * misses at most this long of events, which its page's first read covers anyway (pages poll what they miss).
 */
export const liveConnectionsMaxAgeMs = 1_000;

/**
 * The live port over the management API: the user's open connections (lambdas/data/live-connection.ts), one
 * PostToConnection each, in parallel; a connection API Gateway calls gone (410) is forgotten. Best effort (port.ts):
 * a failed delivery is logged, never thrown, and a user with no open connection costs one Query (shared by the events
 * of the next `connectionsMaxAgeMs`, @default {@link liveConnectionsMaxAgeMs}) and no SDK.
 */
export const managementApiLive = (deps: {
  db: DataClient;
  client: LazyClient<ApiGatewayManagementApiClient> | undefined;
  now?: () => Date;
  logger?: Warn;
  connectionsMaxAgeMs?: number;
}): LivePort => {
  const now = deps.now ?? (() => new Date());
  const maxAgeMs = deps.connectionsMaxAgeMs ?? liveConnectionsMaxAgeMs;
  const recent = new Map<string, { readAt: number; connections: Promise<Connections> }>();
  const connectionsOf = (userId: string): Promise<Connections> => {
    const at = now().getTime();
    const known = recent.get(userId);
    if (known && at - known.readAt < maxAgeMs) return known.connections;
    // a few users' lists at a time, in a Lambda serving many: drop what is too old before adding
    for (const [user, entry] of recent) if (at - entry.readAt >= maxAgeMs) recent.delete(user);
    const connections = listLiveConnections(deps.db, userId, new Date(at));
    recent.set(userId, { readAt: at, connections });
    connections.catch(() => recent.delete(userId));
    return connections;
  };
  const forget = (userId: string, connectionId: string) => {
    const known = recent.get(userId);
    if (known) {
      recent.set(userId, {
        readAt: known.readAt,
        connections: known.connections.then((list) => list.filter((item) => item.connectionId !== connectionId)),
      });
    }
  };
  return {
    publish: async (userId, event) => {
      let connections: Connections;
      try {
        connections = await connectionsOf(userId);
      } catch (error) {
        deps.logger?.warn('Live event not sent: the connections could not be read', { type: event.type, error });
        return;
      }
      if (connections.length === 0) return;
      if (!deps.client) {
        throw new Error(
          `${liveEndpointEnvName} is not set: the stack gives a Lambda that publishes live events its endpoint`,
        );
      }
      const [{ PostToConnectionCommand }, client] = await Promise.all([loadSdk(), deps.client.get()]);
      const payload = new TextEncoder().encode(JSON.stringify(event));
      await Promise.all(
        connections.map(async ({ connectionId }) => {
          try {
            await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: payload }));
          } catch (error) {
            if (isGone(error)) {
              forget(userId, connectionId);
              await deleteLiveConnection(deps.db, userId, connectionId).catch((deleteError: unknown) =>
                deps.logger?.warn('A gone live connection could not be forgotten', { error: deleteError }),
              );
              return;
            }
            deps.logger?.warn('Live event not delivered to a connection', { type: event.type, error });
          }
        }),
      );
    },
  };
};

/**
 * The live port of a Lambda (DESIGN §8), from its environment: the table of `TABLE_NAME` (the process's shared
 * client) and the management endpoint of `LIVE_ENDPOINT`. A Lambda without the endpoint may still publish to users
 * with no open connection; one with an open connection and no endpoint is a stack without the grant, and throws.
 */
export const createLivePort = (
  options: {
    db?: DataClient;
    endpoint?: string;
    clientConfig?: ApiGatewayManagementApiClientConfig;
    logger?: Warn;
  } = {},
  env: NodeJS.ProcessEnv = process.env,
): LivePort => {
  const endpoint = options.endpoint ?? env[liveEndpointEnvName];
  return managementApiLive({
    db: options.db ?? createDataClient(readConfig(env).tableName),
    client: endpoint ? createLiveClient({ endpoint, ...options.clientConfig }) : undefined,
    ...(options.logger ? { logger: options.logger } : {}),
  });
};

/**
 * The closer over the management API (DeleteConnection of each open connection of the user, then its item), for the
 * account's deletion; a connection API Gateway calls gone (410) was closed already. Fails when one could not be
 * closed (the deletion's later pass tries again).
 */
export const managementApiCloser = (deps: {
  db: DataClient;
  client: LazyClient<ApiGatewayManagementApiClient> | undefined;
  now?: () => Date;
}): LiveCloser => ({
  closeAll: async (userId) => {
    const connections = await listLiveConnections(deps.db, userId, (deps.now ?? (() => new Date()))());
    if (connections.length === 0) return 0;
    if (!deps.client) {
      throw new Error(
        `${liveEndpointEnvName} is not set: the stack gives a Lambda that closes live connections its endpoint`,
      );
    }
    const [{ DeleteConnectionCommand }, client] = await Promise.all([loadSdk(), deps.client.get()]);
    await Promise.all(
      connections.map(async ({ connectionId }) => {
        try {
          await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
        } catch (error) {
          if (!isGone(error)) throw error;
        }
        await deleteLiveConnection(deps.db, userId, connectionId);
      }),
    );
    return connections.length;
  },
});

/** The closer of a Lambda, from its environment (as `createLivePort`). */
export const createLiveCloser = (options: { db: DataClient }, env: NodeJS.ProcessEnv = process.env): LiveCloser => {
  const endpoint = env[liveEndpointEnvName];
  return managementApiCloser({
    db: options.db,
    client: endpoint ? createLiveClient({ endpoint }) : undefined,
  });
};
