import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand } from '../data/dynamo.js';
import { monotonicFactory } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePorts } from '../../infra/local/net.js';
import { consentInSandbox } from '../../infra/local/sandbox/oauth-consent.js';
import { type Sandbox, startSandbox } from '../../infra/local/sandbox/server.js';
import { zoomSignature } from '../../infra/local/sandbox/zoom.js';
import type { LiveEvent } from '../../shared/live-events.js';
import { meetingsRoutes } from '../../shared/routes/meetings.js';
import { zoomMessages } from '../../shared/schemas/meetings.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { getZoomConnection, zoomConnectionKey, zoomUserKey } from '../data/zoom-connection.js';
import { keyFileDataKeys } from '../providers/crypto/key-file.js';
import { createZoomProvider } from '../providers/meetings/zoom.js';
import { userClaims } from '../test/api-event.js';
import { answerOf, callRoute, type HttpLambda } from '../test/call-route.js';
import { partitionSnapshot, readItem, setAttributes } from '../test/raw-items.js';
import { type ZoomDeps, zoomAccess, zoomRouteHandlers } from './zoom-connection.js';
import { refreshExpiringConnections, renewalWorstCaseMs } from '../connections/index.js';

/**
 * The Zoom connection against DynamoDB Local and the sandbox's Zoom (infra/local/sandbox/zoom.ts), through the real
 * adapter by base URL and the house HTTP kit with the Zoom routes: consent without a browser, PKCE, rotating refresh
 * tokens, revocation, signed events from the sandbox to a local receiver.
 */
const webOrigin = 'http://localhost:5173';
const webhookSecret = 'sandbox-zoom-webhook-secret';
let sandbox: Sandbox;
let receiver: Server;
let zoomEnv: Record<string, string>;
const clock = { offsetMs: 0 };
const events: { uid: string; event: LiveEvent }[] = [];

const zoomRoutes = {
  'POST /zoom/oauth/init': meetingsRoutes['POST /zoom/oauth/init'],
  'GET /zoom/oauth/authorize': meetingsRoutes['GET /zoom/oauth/authorize'],
  'POST /zoom/oauth/exchange': meetingsRoutes['POST /zoom/oauth/exchange'],
  'GET /zoom/connection': meetingsRoutes['GET /zoom/connection'],
  'POST /zoom/disconnect': meetingsRoutes['POST /zoom/disconnect'],
  'POST /api/webhooks/zoom': meetingsRoutes['POST /api/webhooks/zoom'],
} as const;

const makeDeps = (): ZoomDeps => ({
  db: createDataClient(process.env.TABLE_NAME!),
  keys: keyFileDataKeys(process.env.TOKEN_KEY_FILE!),
  zoom: createZoomProvider({ ...process.env, ...zoomEnv }),
  live: { publish: async (uid, event) => void events.push({ uid, event }) },
  now: () => new Date(Date.now() + clock.offsetMs),
  newId: monotonicFactory(),
  webOrigin,
  logger: { warn: () => {}, info: () => {} },
});
let deps: ZoomDeps;
/** the house HTTP kit with the Zoom routes over this file's dependencies (its clock, its live publisher) */
let handler: HttpLambda;

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  sandbox = await startSandbox({ port, log: () => {} });
  const env = lambdaEnvironment({ sandboxEndpoint: `http://127.0.0.1:${port}` });
  zoomEnv = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('ZOOM_')));
  expect(zoomEnv.ZOOM_WEBHOOK_SECRET).toBe(webhookSecret);
  deps = makeDeps();
  handler = httpHandler(zoomRoutes, zoomRouteHandlers(deps), {
    logger: createLogger('zoom-test'),
    corsOrigin: webOrigin,
    isAccountDeleted: async () => false,
  });
  // Zoom's events reach the webhook route as API Gateway would hand them over
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      const answer = await callRoute('POST /api/webhooks/zoom', {
        handler,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        headers,
      });
      res.writeHead(answer.status, answer.headers as Record<string, string>);
      res.end(answer.raw);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port: receiverPort } = receiver.address() as AddressInfo;
  await control('/_sandbox/zoom/webhook-config', {
    endpoint: `http://127.0.0.1:${receiverPort}/api/webhooks/zoom`,
    secret: webhookSecret,
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await sandbox?.stop();
});

const control = async (path: string, body: unknown) => {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  expect(response.status, JSON.stringify(json)).toBeLessThan(300);
  return json;
};

const newState = () => `state-${monotonicFactory()()}-${Math.random().toString(36).slice(2)}`.replace(/[^\w-]/g, '');

/** The user's start (init), the browser's part: Zoom's consent as `email`, back on the page with a code and the state. */
const consent = async (email: string, claims: Record<string, unknown>, page = `${webOrigin}/pipeline?tab=board`) => {
  const started = await callRoute('POST /zoom/oauth/init', { handler, claims, body: { redirect: page } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { authUrl: location, state } = started.json.data as { authUrl: string; state: string };
  const redirect = await consentInSandbox(location, { email });
  return { state, location, redirect, code: redirect.code! };
};

/** A whole connection of a new (or the given) user: init, consent, exchange; the exchange's answer. */
const connect = async (email: string, claims = userClaims()) => {
  const { code, state } = await consent(email, claims);
  const exchanged = await callRoute('POST /zoom/oauth/exchange', { handler, claims, body: { code, state } });
  expect(exchanged.status, JSON.stringify(exchanged.json)).toBe(200);
  return { claims, uid: claims.sub, connection: exchanged.json.data as Record<string, unknown> };
};

const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@zoom.example`;

const itemsHolding = async (text: string) => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.documents.send(new ScanCommand({ TableName: deps.db.table, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.filter((item) => JSON.stringify(item).includes(text));
};

describe('connecting Zoom', () => {
  it("goes through Zoom's consent with PKCE back to the page it started on, and keeps the tokens sealed", async () => {
    const email = uniqueEmail('ada');
    const claims = userClaims();
    const { location, redirect, code, state } = await consent(email, claims);
    const authorize = new URL(location);
    expect(authorize.pathname).toBe('/zoom/oauth/authorize');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${webOrigin}/pipeline`);
    expect(redirect.url.origin + redirect.url.pathname).toBe(`${webOrigin}/pipeline`);
    expect(redirect.state).toBe(state);

    events.splice(0);
    const exchanged = await callRoute('POST /zoom/oauth/exchange', { handler, claims, body: { code, state } });
    expect(exchanged.status).toBe(200);
    const connection = exchanged.json.data as Record<string, unknown>;
    expect(connection).toMatchObject({
      connected: true,
      email,
      provider: 'zoom',
      refreshError: null,
      message: zoomMessages.connected,
    });
    expect(new Date(String(connection.expiresAt)).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(events).toEqual([
      { uid: claims.sub, event: { type: 'connection.changed', data: { kind: 'zoom', id: connection.id } } },
    ]);
    expect(answerOf(await callRoute('GET /zoom/connection', { handler, claims }))).toEqual({
      status: 200,
      json: { success: true, data: connection },
    });

    const access = await zoomAccess(deps, claims.sub);
    if (access.status !== 'connected') throw new Error(`not connected: ${access.status}`);
    expect(await deps.zoom.api.me(access.accessToken)).toMatchObject({ email });
    expect(await itemsHolding(access.accessToken)).toEqual([]);
    const item = (await getZoomConnection(deps.db, claims.sub))!;
    expect(await readItem(deps.db, zoomUserKey(item.zoomUserId, claims.sub))).toMatchObject({ uid: claims.sub });
  });

  it('refuses a redirect that is not a page of the app, and starts nothing', async () => {
    const answer = await callRoute('POST /zoom/oauth/init', {
      handler,
      claims: userClaims(),
      body: { redirect: 'https://evil.example/pipeline' },
    });
    expect(answer).toMatchObject({ status: 400, json: { error: zoomMessages.unknownRedirect } });
  });

  it("refuses another user's exchange of a code and state (DESIGN §9), and the user who started it still connects", async () => {
    const starter = userClaims();
    const { code, state } = await consent(uniqueEmail('bea'), starter);
    const intruder = userClaims();
    const refused = await callRoute('POST /zoom/oauth/exchange', { handler, claims: intruder, body: { code, state } });
    expect(refused).toMatchObject({ status: 400, json: { error: zoomMessages.invalidState, code: 'invalid_state' } });
    expect(await getZoomConnection(deps.db, intruder.sub)).toBeNull();
    const own = await callRoute('POST /zoom/oauth/exchange', { handler, claims: starter, body: { code, state } });
    expect(own).toMatchObject({ status: 200, json: { data: { connected: true } } });
  });

  it('goes on to Zoom by browser navigation only for a sign-in a user started', async () => {
    const claims = userClaims();
    const { location, state } = await consent(uniqueEmail('nav'), claims);
    const page = `${webOrigin}/pipeline`;
    const navigated = await callRoute('GET /zoom/oauth/authorize', { handler, query: { redirect: page, state } });
    expect(navigated.status, navigated.raw).toBe(302);
    const consentUrl = new URL(String(navigated.headers.Location));
    expect(consentUrl.searchParams.get('state')).toBe(state);
    expect(consentUrl.searchParams.get('code_challenge')).toBe(new URL(location).searchParams.get('code_challenge'));
    // a state the browser made up (a sign-in without a session) goes nowhere, and nothing is stored
    const madeUp = await callRoute('GET /zoom/oauth/authorize', {
      handler,
      query: { redirect: page, state: newState() },
    });
    expect(madeUp).toMatchObject({ status: 400, json: { error: zoomMessages.invalidState } });
  });

  it("answers a second exchange of a code 'already been used', and a code Zoom refuses 'invalid authorization code'", async () => {
    const claims = userClaims();
    const first = await consent(uniqueEmail('grace'), claims);
    expect(
      (
        await callRoute('POST /zoom/oauth/exchange', {
          handler,
          claims,
          body: { code: first.code, state: first.state },
        })
      ).status,
    ).toBe(200);

    const again = await callRoute('POST /zoom/oauth/exchange', {
      handler,
      claims,
      body: { code: first.code, state: first.state },
    });
    expect(again.status).toBe(400);
    expect(String(again.json.error)).toContain('already been used');

    // the used code with a new sign-in's state: the state is fresh, Zoom refuses the code
    const second = await consent(uniqueEmail('grace'), claims);
    const refused = await callRoute('POST /zoom/oauth/exchange', {
      handler,
      claims,
      body: { code: first.code, state: second.state },
    });
    expect(refused).toMatchObject({ status: 400, json: { error: zoomMessages.codeRefused } });
    expect(String(refused.json.error).toLowerCase()).toContain('invalid authorization code');
  });

  it('refuses a state older than 10 minutes', async () => {
    const claims = userClaims();
    const { code, state } = await consent(uniqueEmail('old'), claims);
    clock.offsetMs = 11 * 60_000;
    try {
      const answer = await callRoute('POST /zoom/oauth/exchange', { handler, claims, body: { code, state } });
      expect(answer).toMatchObject({ status: 400, json: { error: zoomMessages.invalidState } });
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("shows one user's connection to them only: another sees none and their disconnect leaves it", async () => {
    const owner = await connect(uniqueEmail('owner'));
    const other = userClaims();
    expect(await callRoute('GET /zoom/connection', { handler, claims: other })).toMatchObject({
      status: 404,
      json: { error: zoomMessages.notConnected },
    });
    expect(await callRoute('POST /zoom/disconnect', { handler, claims: other })).toMatchObject({
      status: 200,
      json: { data: { disconnected: true } },
    });
    expect(await callRoute('GET /zoom/connection', { handler, claims: owner.claims })).toMatchObject({
      status: 200,
      json: { data: { connected: true, id: owner.connection.id } },
    });
  });
});

describe('renewing Zoom tokens', () => {
  it('gives two renewals at once a working token each and keeps the connection, although Zoom rotates refresh tokens', async () => {
    const { uid } = await connect(uniqueEmail('rotating'));
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        zoomAccess(deps, uid, { forceRefresh: true }),
        zoomAccess(deps, uid, { forceRefresh: true }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe('connected');
        if (answer.status === 'connected') await expect(deps.zoom.api.me(answer.accessToken)).resolves.toBeTruthy();
      }
      expect(await getZoomConnection(deps.db, uid)).toMatchObject({ refreshError: null });
    }
    // and the refresh token stored last is the live one: one more renewal works
    expect((await zoomAccess(deps, uid, { forceRefresh: true })).status).toBe('connected');
  });

  /**
   * Zoom as the race has it: the first renewal's refresh is answered (its new tokens issued, the old refresh token
   * retired) but held back from storing them until `release`; every later refresh goes straight through, and
   * `laterRefused` settles once Zoom refused one.
   */
  const heldFirstRefresh = () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let issued = () => {};
    const firstIssued = new Promise<void>((resolve) => {
      issued = resolve;
    });
    let refused = () => {};
    const laterRefused = new Promise<void>((resolve) => {
      refused = resolve;
    });
    let calls = 0;
    const slow: ZoomDeps = {
      ...deps,
      zoom: {
        ...deps.zoom,
        auth: {
          ...deps.zoom.auth,
          refresh: async (refreshToken) => {
            const first = calls++ === 0;
            const tokens = await deps.zoom.auth.refresh(refreshToken).catch((error: unknown) => {
              refused();
              throw error;
            });
            if (first) {
              issued();
              await held;
            }
            return tokens;
          },
        },
      },
    };
    return { slow, firstIssued, laterRefused, release };
  };

  it('lets a renewal whose refresh token was just used by another take the tokens that one stores', async () => {
    const { uid } = await connect(uniqueEmail('raced'));
    const { slow, firstIssued, laterRefused, release } = heldFirstRefresh();
    const first = zoomAccess(slow, uid, { forceRefresh: true });
    await firstIssued;
    // Zoom refuses the second renewal's refresh token (used by the first); the first stores its tokens meanwhile
    const second = zoomAccess(slow, uid, { forceRefresh: true });
    void laterRefused.then(release);
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe('connected');
    expect(b).toEqual(a);
    expect(await getZoomConnection(deps.db, uid)).toMatchObject({ refreshError: null });
  });

  it('stores the tokens Zoom issued over an expiry written by a renewal that lost the race', async () => {
    const { uid } = await connect(uniqueEmail('rescued'));
    const { slow, firstIssued, release } = heldFirstRefresh();
    const first = zoomAccess(slow, uid, { forceRefresh: true });
    await firstIssued;
    // the first holds its tokens longer than the second waits for them: the second judges the grant gone
    expect(await zoomAccess(slow, uid, { forceRefresh: true })).toEqual({ status: 'expired' });
    release();
    const renewed = await first;
    expect(renewed.status).toBe('connected');
    expect(await getZoomConnection(deps.db, uid)).toMatchObject({ refreshError: null });
    if (renewed.status === 'connected') await expect(deps.zoom.api.me(renewed.accessToken)).resolves.toBeTruthy();
    expect((await zoomAccess(deps, uid, { forceRefresh: true })).status).toBe('connected');
  });

  it('marks the connection expired once Zoom ends the grant, and the connection says so', async () => {
    const email = uniqueEmail('revoked');
    const { uid, claims, connection } = await connect(email);
    await control('/_sandbox/oauth/revoke', { email, provider: 'zoom' });
    events.splice(0);
    expect(await zoomAccess(deps, uid, { forceRefresh: true })).toEqual({ status: 'expired' });
    expect(await callRoute('GET /zoom/connection', { handler, claims })).toMatchObject({
      status: 200,
      json: {
        data: {
          connected: false,
          id: connection.id,
          refreshError: 'invalid_grant',
          message: zoomMessages.expired,
        },
      },
    });
    expect(events).toEqual([{ uid, event: { type: 'connection.changed', data: { kind: 'zoom', id: connection.id } } }]);
    // an expired connection is not renewed again
    expect(await zoomAccess(deps, uid)).toEqual({ status: 'expired' });
    expect(await readItem(deps.db, zoomConnectionKey(uid))).not.toHaveProperty('gsi1pk');
  });

  it('renews the connections expiring within 15 minutes by the job, expires the revoked ones, and a second run does nothing', async () => {
    // the job's clock is in 2001: only what this test makes due there is due (every other connection expires later)
    clock.offsetMs = new Date('2001-03-01T09:00:00.000Z').getTime() - Date.now();
    try {
      const due = await connect(uniqueEmail('due'));
      const revokedEmail = uniqueEmail('gone');
      const gone = await connect(revokedEmail);
      const later = await connect(uniqueEmail('later'));
      const dueAt = (minutes: number) =>
        new Date(Date.parse('2001-03-01T09:00:00.000Z') + minutes * 60_000).toISOString();
      const makeDue = (uid: string, expiresAt: string) =>
        setAttributes(deps.db, zoomConnectionKey(uid), { expiresAt, gsi1sk: `${expiresAt}#${uid}` });
      await makeDue(due.uid, dueAt(10));
      await makeDue(gone.uid, dueAt(-5));
      await makeDue(later.uid, dueAt(20));
      await control('/_sandbox/oauth/revoke', { email: revokedEmail, provider: 'zoom' });

      expect(await refreshExpiringConnections(deps)).toEqual({
        due: 2,
        renewed: 1,
        expired: 1,
        skipped: 0,
        failed: 0,
        left: 0,
      });
      const renewed = (await getZoomConnection(deps.db, due.uid))!;
      expect(renewed.refreshError).toBeNull();
      expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.now() + 50 * 60_000);
      expect(await getZoomConnection(deps.db, gone.uid)).toMatchObject({ refreshError: 'invalid_grant' });
      expect(await getZoomConnection(deps.db, later.uid)).toMatchObject({ expiresAt: dueAt(20) });

      expect(await refreshExpiringConnections(deps)).toEqual({
        due: 0,
        renewed: 0,
        expired: 0,
        skipped: 0,
        failed: 0,
        left: 0,
      });
      expect((await getZoomConnection(deps.db, due.uid))!.version).toBe(renewed.version);
    } finally {
      clock.offsetMs = 0;
    }
  });
});

describe('the token-refresh job, for Zoom', () => {
  it("starts no renewal it could not finish before the run's time is up, and the next run takes it", async () => {
    // in 2000: only this test's connection is due there (see the job's other test)
    clock.offsetMs = new Date('2000-03-01T09:00:00.000Z').getTime() - Date.now();
    try {
      const due = await connect(uniqueEmail('deadline'));
      const expiresAt = '2000-03-01T09:05:00.000Z';
      await setAttributes(deps.db, zoomConnectionKey(due.uid), { expiresAt, gsi1sk: `${expiresAt}#${due.uid}` });
      const almostUp = new Date(deps.now().getTime() + renewalWorstCaseMs.zoom - 1_000);
      expect(await refreshExpiringConnections(deps, { deadline: almostUp })).toEqual({
        due: 1,
        renewed: 0,
        expired: 0,
        skipped: 0,
        failed: 0,
        left: 1,
      });
      expect(await getZoomConnection(deps.db, due.uid)).toMatchObject({ expiresAt });
      const enough = new Date(deps.now().getTime() + renewalWorstCaseMs.zoom + 1_000);
      expect(await refreshExpiringConnections(deps, { deadline: enough })).toMatchObject({ renewed: 1, left: 0 });
      expect(Date.parse((await getZoomConnection(deps.db, due.uid))!.expiresAt)).toBeGreaterThan(Date.now());
    } finally {
      clock.offsetMs = 0;
    }
  });
});

describe('disconnecting Zoom', () => {
  it('ends the grant at Zoom and deletes the connection and its link; done again when there is none', async () => {
    const email = uniqueEmail('leaving');
    const { uid, claims } = await connect(email);
    const item = (await getZoomConnection(deps.db, uid))!;
    expect(answerOf(await callRoute('POST /zoom/disconnect', { handler, claims }))).toEqual({
      status: 200,
      json: { success: true, data: { disconnected: true } },
    });
    expect(await callRoute('GET /zoom/connection', { handler, claims })).toMatchObject({ status: 404 });
    expect(await readItem(deps.db, zoomUserKey(item.zoomUserId, uid))).toBeNull();
    const grants = (await (await fetch(`${sandbox.url}/_sandbox/oauth/grants`)).json()) as {
      vendor: string;
      email: string;
      revoked: boolean;
    }[];
    expect(grants.filter((grant) => grant.vendor === 'zoom' && grant.email === email)).toEqual([
      expect.objectContaining({ revoked: true }),
    ]);
    expect(await callRoute('POST /zoom/disconnect', { handler, claims })).toMatchObject({
      status: 200,
      json: { data: { disconnected: true } },
    });
  });
});

describe("Zoom's event notifications", () => {
  const signed = (body: unknown, options: { timestamp?: string; secret?: string } = {}) => {
    const rawBody = JSON.stringify(body);
    const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
    return {
      handler,
      rawBody,
      headers: {
        'x-zm-request-timestamp': timestamp,
        'x-zm-signature': zoomSignature(options.secret ?? webhookSecret, timestamp, rawBody),
      },
    };
  };

  it('refuses a forged or replayed notification and changes nothing', async () => {
    const { uid } = await connect(uniqueEmail('target'));
    const item = (await getZoomConnection(deps.db, uid))!;
    const deauthorize = { event: 'app_deauthorized', payload: { user_id: item.zoomUserId, account_id: 'a' } };
    const before = await partitionSnapshot(deps.db, uid);

    const forged = await callRoute('POST /api/webhooks/zoom', signed(deauthorize, { secret: 'not-the-secret' }));
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ error: zoomMessages.badSignature });
    const unsigned = await callRoute('POST /api/webhooks/zoom', { handler, rawBody: JSON.stringify(deauthorize) });
    expect(unsigned.status).toBe(401);
    const replayed = await callRoute(
      'POST /api/webhooks/zoom',
      signed(deauthorize, { timestamp: String(Math.floor(Date.now() / 1000) - 6 * 60) }),
    );
    expect(replayed.status).toBe(401);
    const tampered = signed(deauthorize);
    tampered.rawBody = tampered.rawBody.replace('"a"', '"b"');
    expect((await callRoute('POST /api/webhooks/zoom', tampered)).status).toBe(401);

    expect(await partitionSnapshot(deps.db, uid)).toEqual(before);
  });

  it('leaves a connection made after the Zoom user removed the app when that event comes again (a retry)', async () => {
    // Zoom retries an event it had no quick answer to, minutes later: by then the user may have connected again
    const { uid } = await connect(uniqueEmail('back'));
    const item = (await getZoomConnection(deps.db, uid))!;
    const deauthorized = (at: number) => ({
      event: 'app_deauthorized',
      event_ts: at,
      payload: {
        account_id: item.accountId,
        user_id: item.zoomUserId,
        deauthorization_time: new Date(at).toISOString(),
        client_id: 'sandbox-zoom-client',
      },
    });

    const retried = await callRoute(
      'POST /api/webhooks/zoom',
      signed(deauthorized(Date.parse(item.connectedAt) - 60_000)),
    );
    expect(retried.status).toBe(200);
    expect(await getZoomConnection(deps.db, uid)).toMatchObject({ id: item.id, refreshError: null });

    const later = await callRoute(
      'POST /api/webhooks/zoom',
      signed(deauthorized(Date.parse(item.connectedAt) + 1_000)),
    );
    expect(later.status).toBe(200);
    expect(await getZoomConnection(deps.db, uid)).toBeNull();
  });

  it("answers Zoom's endpoint validation with the plain token and its HMAC", async () => {
    expect(await control('/_sandbox/zoom/validate-endpoint', {})).toMatchObject({ valid: true });
    const answer = await callRoute(
      'POST /api/webhooks/zoom',
      signed({ event: 'endpoint.url_validation', payload: { plainToken: 'plain-1' } }),
    );
    expect(JSON.parse(answer.raw)).toEqual({
      plainToken: 'plain-1',
      encryptedToken: (await import('node:crypto')).createHmac('sha256', webhookSecret).update('plain-1').digest('hex'),
    });
  });

  it("removes the connections of the Zoom user who removed the app, and no other user's", async () => {
    const leaving = uniqueEmail('deauth');
    const first = await connect(leaving);
    const second = await connect(leaving);
    const unrelated = await connect(uniqueEmail('stays'));
    // a user once linked to the leaving Zoom user who connected another Zoom account since (a link left behind)
    const moved = await connect(uniqueEmail('moved'));
    const leavingZoomUser = (await getZoomConnection(deps.db, first.uid))!.zoomUserId;
    await setAttributes(deps.db, zoomUserKey(leavingZoomUser, moved.uid), { entity: 'zoom-user', uid: moved.uid });
    events.splice(0);

    const answer = (await control('/_sandbox/zoom/deauthorize', { email: leaving })) as { webhook: { status: number } };
    expect(answer.webhook.status).toBe(200);

    expect(await getZoomConnection(deps.db, first.uid)).toBeNull();
    expect(await getZoomConnection(deps.db, second.uid)).toBeNull();
    expect(await readItem(deps.db, zoomUserKey(leavingZoomUser, first.uid))).toBeNull();
    expect(await getZoomConnection(deps.db, unrelated.uid)).toMatchObject({ refreshError: null });
    expect(await getZoomConnection(deps.db, moved.uid)).toMatchObject({ refreshError: null, id: moved.connection.id });
    expect(events.map((each) => each.uid).sort()).toEqual([first.uid, second.uid].sort());
    expect(await callRoute('GET /zoom/connection', { handler, claims: first.claims })).toMatchObject({ status: 404 });
  });
});
