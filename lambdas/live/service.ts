import type { DataClient } from '../data/client.js';
import { isAccountDeleted } from '../data/deleted-account.js';
import { deleteLiveConnectionById, putLiveConnection } from '../data/live-connection.js';
import type { VerifyIdToken } from './id-token.js';

export type LiveDeps = { db: DataClient; verify: VerifyIdToken; now: () => Date };

/** What the WebSocket API does with a `$connect`: 200 keeps the socket, anything else refuses the upgrade. */
export type ConnectAnswer = { statusCode: 200 | 401 | 403; body?: string };

/**
 * `$connect` (DESIGN §8): the ID token of the `token` query parameter (a browser's WebSocket sends no header) is
 * checked as the Cognito authorizer checks it; a deleted account's still-valid token is refused as on every route
 * (DESIGN §6); the connection is then remembered under the user's key for the publishers.
 */
export const connect = async (
  deps: LiveDeps,
  input: { connectionId: string; token: string | undefined },
): Promise<ConnectAnswer> => {
  const claims = await deps.verify(input.token);
  if (!claims || typeof claims.sub !== 'string') return { statusCode: 401, body: 'Unauthorized' };
  if (await isAccountDeleted(deps.db, claims.sub)) return { statusCode: 403, body: 'Forbidden' };
  await putLiveConnection(deps.db, claims.sub, input.connectionId, deps.now());
  return { statusCode: 200 };
};

/** `$disconnect`: the connection is forgotten (API Gateway sends it for every socket that was connected). */
export const disconnect = async (deps: LiveDeps, connectionId: string) => {
  await deleteLiveConnectionById(deps.db, connectionId);
};
