import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveEvent } from '../../shared/live-events.js';
import { localAwsEndpoint, newLocalSecret, startGateway, type Gateway } from '../../infra/local/gateway.js';
import { createLocalLive, livePath } from '../../infra/local/live.js';
import { closeServer, freePort, listen } from '../../infra/local/net.js';
import { localCredentials } from '../../infra/local/ports.js';
import { signJwt, strangerKey } from '../../infra/local/test/tokens.js';
import { createDataClient } from '../data/client.js';
import { markAccountDeleted } from '../data/deleted-account.js';
import { listLiveConnections, putLiveConnection } from '../data/live-connection.js';
import { isOwnerRecord } from '../data/owner-records.js';
import { userItems } from '../data/user-partition.js';
import { createLivePort, liveConnectionsMaxAgeMs, managementApiLive } from '../providers/live/live.js';
import { countingDataClient } from '../test/counting-client.js';
import type { LivePort } from '../providers/live/port.js';
import { createIdTokenVerifier } from './id-token.js';
import * as live from './service.js';

/**
 * The live channel end to end on one machine: the connection Lambda behind the local gateway's `/ws` (as API Gateway
 * runs it), ID tokens of a pool whose JWKS a small server here publishes, connection items in DynamoDB Local, and the
 * live port posting through the management API's SDK to the gateway's `@connections`.
 */
const db = createDataClient(process.env.TABLE_NAME!);
const poolKey = strangerKey();
const kid = 'test-pool-key';
const audience = 'test-client';
let issuer: string;
let jwks: Server;
let gateway: Gateway;
let socketUrl: string;
let gatewayOrigin: string;
let port: LivePort;

const token = (sub: string, claims: Record<string, unknown> = {}, key: KeyObject = poolKey) => {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      sub,
      iss: issuer,
      aud: audience,
      token_use: 'id',
      email: `${sub}@example.com`,
      iat: now,
      exp: now + 3600,
      ...claims,
    },
    key,
    kid,
  );
};

beforeAll(async () => {
  const jwksPort = await freePort();
  issuer = `http://127.0.0.1:${jwksPort}/local_pool`;
  const jwk = { ...createPublicKey(poolKey).export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  jwks = createServer((req, res) => {
    res.writeHead(req.url === '/local_pool/.well-known/jwks.json' ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await listen(jwks, jwksPort);
  // what the stack gives the connection Lambda, before its module is imported (on the first connection)
  process.env.ID_TOKEN_ISSUER = issuer;
  process.env.ID_TOKEN_AUDIENCE = audience;
  const localSecret = newLocalSecret();
  const gatewayPort = await freePort();
  gateway = await startGateway({
    port: gatewayPort,
    webOrigin: 'http://localhost:5173',
    authorize: async () => null,
    routes: [],
    live: createLocalLive({ log: () => {} }),
    localSecret,
    log: () => {},
  });
  gatewayOrigin = `http://127.0.0.1:${gatewayPort}`;
  socketUrl = `ws://127.0.0.1:${gatewayPort}${livePath}`;
  port = createLivePort({
    db,
    endpoint: localAwsEndpoint(`http://127.0.0.1:${gatewayPort}`, localSecret),
    clientConfig: { region: 'us-east-1', credentials: localCredentials },
  });
});
afterAll(async () => {
  await gateway?.stop();
  if (jwks) await closeServer(jwks);
});

type Client = { socket: WebSocket; received: LiveEvent[] };

/** A browser tab's socket, open (or the status its upgrade was refused with). */
const open = (idToken: string | undefined) =>
  new Promise<Client>((resolve, reject) => {
    const socket = new WebSocket(
      idToken === undefined ? socketUrl : `${socketUrl}?token=${encodeURIComponent(idToken)}`,
    );
    const received: LiveEvent[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as LiveEvent));
    socket.on('open', () => resolve({ socket, received }));
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.on('error', reject);
  });

const draftSaved = (contactId: string): LiveEvent => ({
  type: 'draft.saved',
  data: { draftId: randomUUID(), contactId, isPrimary: true },
});

describe('$connect', () => {
  const deps = () => ({
    db,
    verify: createIdTokenVerifier({ issuer, audience }),
    now: () => new Date(),
  });

  it('remembers the connection of a valid ID token under its user', async () => {
    const sub = randomUUID();
    expect(await live.connect(deps(), { connectionId: 'conn-valid', token: token(sub) })).toEqual({ statusCode: 200 });
    expect((await listLiveConnections(db, sub, new Date())).map((item) => item.connectionId)).toEqual(['conn-valid']);
  });

  it("is not the owner's data: an account export leaves it out (it is wiped with the account all the same)", async () => {
    const sub = randomUUID();
    await live.connect(deps(), { connectionId: 'conn-export', token: token(sub) });
    const items = await userItems(db, sub);
    expect(items).toHaveLength(1);
    expect(items.filter(isOwnerRecord)).toEqual([]);
  });

  it.each([
    ['no token', () => undefined],
    ['an expired token', () => token(randomUUID(), { exp: Math.floor(Date.now() / 1000) - 60 })],
    ["another pool's token", () => token(randomUUID(), { iss: 'http://127.0.0.1:1/other_pool' })],
    ["another app client's token", () => token(randomUUID(), { aud: 'other-client' })],
    ['an access token', () => token(randomUUID(), { token_use: 'access' })],
    ['a token signed by a stranger', () => token(randomUUID(), {}, strangerKey())],
  ])('refuses %s with 401', async (_name, make) => {
    const value = make();
    expect((await live.connect(deps(), { connectionId: randomUUID(), token: value })).statusCode).toBe(401);
  });

  it("refuses a deleted account's still-valid token with 403", async () => {
    const sub = randomUUID();
    await markAccountDeleted(db, sub, new Date().toISOString());
    expect((await live.connect(deps(), { connectionId: 'conn-deleted', token: token(sub) })).statusCode).toBe(403);
    expect(await listLiveConnections(db, sub, new Date())).toEqual([]);
  });
});

describe('the live channel on the local gateway', () => {
  it("delivers a user's events to every open tab of that user and to no other user's", async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const [first, second, other] = await Promise.all([open(token(alice)), open(token(alice)), open(token(bob))]);
    expect((await listLiveConnections(db, alice, new Date())).length).toBe(2);

    const forAlice = draftSaved('contact-a');
    await port.publish(alice, forAlice);
    await vi.waitFor(() => {
      expect(first.received).toEqual([forAlice]);
      expect(second.received).toEqual([forAlice]);
    });
    const forBob = draftSaved('contact-b');
    await port.publish(bob, forBob);
    // Bob's first event is his own: Alice's never reached him
    await vi.waitFor(() => expect(other.received).toEqual([forBob]));
    expect(first.received).toEqual([forAlice]);
    for (const client of [first, second, other]) client.socket.close();
  });

  it('refuses the upgrade of a missing or invalid token with 401', async () => {
    await expect(open(undefined)).rejects.toThrow('refused 401');
    await expect(open(token(randomUUID(), {}, strangerKey()))).rejects.toThrow('refused 401');
  });

  it('forgets a closed tab ($disconnect) and a connection API Gateway calls gone (410), still reaching the open ones', async () => {
    const sub = randomUUID();
    const [kept, closed] = await Promise.all([open(token(sub)), open(token(sub))]);
    closed.socket.close();
    await vi.waitFor(async () => expect((await listLiveConnections(db, sub, new Date())).length).toBe(1));

    // a connection whose $disconnect never ran (a Lambda that failed): the gateway answers 410
    await putLiveConnection(db, sub, 'gone-connection', new Date());
    expect((await listLiveConnections(db, sub, new Date())).length).toBe(2);
    const event = draftSaved('contact-c');
    await port.publish(sub, event);
    await vi.waitFor(() => expect(kept.received).toEqual([event]));
    expect((await listLiveConnections(db, sub, new Date())).map((item) => item.connectionId)).not.toContain(
      'gone-connection',
    );
    expect((await listLiveConnections(db, sub, new Date())).length).toBe(1);
    kept.socket.close();
  });

  it("answers the management API only under the run's secret: nobody else on the machine can push to a tab", async () => {
    const sub = randomUUID();
    const tab = await open(token(sub));
    const [item] = await listLiveConnections(db, sub, new Date());
    const forged = await fetch(
      `${gatewayOrigin}/_aws/not-the-secret/@connections/${encodeURIComponent(item!.connectionId)}`,
      {
        method: 'POST',
        body: JSON.stringify(draftSaved('forged')),
      },
    );
    expect(forged.status).toBe(403);
    const event = draftSaved('contact-e');
    await port.publish(sub, event);
    await vi.waitFor(() => expect(tab.received).toEqual([event]));
    tab.socket.close();
  });

  it("reads a user's open tabs once for the events of the next second, and again after it", async () => {
    const counting = countingDataClient();
    let at = Date.now();
    const live = managementApiLive({ db: counting.data, client: undefined, now: () => new Date(at) });
    const sub = randomUUID();
    await Promise.all([live.publish(sub, draftSaved('a')), live.publish(sub, draftSaved('b'))]);
    await live.publish(sub, draftSaved('c'));
    expect(counting.calls).toEqual(['QueryCommand']);

    // another user is read on their own, and the first user again once the read is a second old
    await live.publish(randomUUID(), draftSaved('d'));
    at += liveConnectionsMaxAgeMs;
    await live.publish(sub, draftSaved('e'));
    expect(counting.calls).toEqual(['QueryCommand', 'QueryCommand', 'QueryCommand']);
  });

  it('publishes to a user with no open tab without loading anything or failing', async () => {
    await expect(port.publish(randomUUID(), draftSaved('contact-d'))).resolves.toBeUndefined();
  });
});
