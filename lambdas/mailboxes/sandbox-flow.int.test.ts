import { randomUUID } from 'node:crypto';
import { ScanCommand } from '../data/dynamo.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePorts } from '../../infra/local/net.js';
import { consentInSandbox } from '../../infra/local/sandbox/oauth-consent.js';
import { type Sandbox, startSandbox } from '../../infra/local/sandbox/server.js';
import type { LiveEvent } from '../../shared/live-events.js';
import { mailboxMessages } from '../../shared/schemas/mailboxes.js';
import { createLogger } from '../core/logger.js';
import { mailboxesDepsFromEnv } from './deps.js';
import * as mailboxes from './service.js';

/**
 * The whole connection through the real adapters (googleapis' OAuth2 client, the Microsoft identity platform and
 * Graph) pointed at the sandbox by base URL, as the local stack runs them: consent, PKCE, tokens, refresh, revocation.
 */
let sandbox: Sandbox;
let deps: mailboxes.MailboxesDeps;
const events: LiveEvent[] = [];
const webOrigin = 'http://localhost:5173';

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  sandbox = await startSandbox({ port, log: () => {} });
  const sandboxEnv = lambdaEnvironment({ sandboxEndpoint: `http://127.0.0.1:${port}` });
  const vendorEnv = Object.fromEntries(
    Object.entries(sandboxEnv).filter(([name]) => /^(GOOGLE|GMAIL|MICROSOFT)_/.test(name)),
  );
  deps = {
    ...mailboxesDepsFromEnv(createLogger('mailboxes-test'), { ...process.env, ...vendorEnv }),
    live: { publish: async (_uid, event) => void events.push(event) },
  };
});

afterAll(async () => {
  await sandbox?.stop();
});

const revokeInSandbox = async (email: string) => {
  const response = await fetch(`${sandbox.url}/_sandbox/oauth/revoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
};

const rawItemsHolding = async (text: string) => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.documents.send(new ScanCommand({ TableName: deps.db.table, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.filter((item) => JSON.stringify(item).includes(text));
};

describe.each(['gmail', 'outlook'] as const)('a %s mailbox through the sandbox', (provider) => {
  it('connects, hands out access tokens, renews, and turns expired once the grant is revoked', async () => {
    const uid = randomUUID();
    const email = `${uid.slice(0, 8)}@${provider === 'gmail' ? 'gmail.com' : 'outlook.com'}`;
    const started = await mailboxes.startSignIn(deps, uid, { provider, origin: webOrigin });
    const redirect = await consentInSandbox(started.authUrl, { email });
    expect(redirect.url.origin + redirect.url.pathname).toBe(
      `${webOrigin}/${provider === 'gmail' ? 'gmail-auth' : 'outlook-auth'}`,
    );
    expect(redirect.state).toBe(started.state);

    const connected = await mailboxes.finishPublicSignIn(deps, {
      provider,
      code: redirect.code!,
      state: redirect.state!,
      origin: webOrigin,
    });
    expect(connected).toMatchObject({
      email,
      provider,
      status: 'connected',
      connection: { status: 'connected', isDefault: true },
    });
    const tokens = await mailboxes.connectionTokens(deps, uid, connected.connection.id);
    expect(JSON.stringify(connected)).not.toContain(tokens.accessToken);
    expect(await rawItemsHolding(tokens.accessToken)).toEqual([]);
    expect(events).toContainEqual({ type: 'connection.changed', data: { kind: 'email', id: connected.connection.id } });

    expect(tokens).toEqual({
      id: connected.connection.id,
      email,
      provider,
      status: 'connected',
      accessToken: expect.any(String),
      expiry: connected.expiry,
    });
    const refreshed = await mailboxes.refreshConnection(deps, uid, connected.connection.id);
    expect(refreshed.status).toBe('connected');
    const renewed = await mailboxes.connectionTokens(deps, uid, connected.connection.id);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    await expect(mailboxes.validateConnection(deps, uid, connected.connection.id)).resolves.toMatchObject({
      valid: true,
    });

    await revokeInSandbox(email);
    await expect(mailboxes.refreshConnection(deps, uid, connected.connection.id)).resolves.toMatchObject({
      status: 'expired',
      refreshError: 'invalid_grant',
    });
    await expect(mailboxes.defaultConnectionTokens(deps, uid)).rejects.toMatchObject({
      status: 401,
      code: 'invalid_grant',
    });

    // reconnecting the address brings the same mailbox back
    const again = await mailboxes.startSignIn(deps, uid, { provider, origin: webOrigin });
    const consent = await consentInSandbox(again.authUrl, { email });
    const reconnected = await mailboxes.finishPublicSignIn(deps, {
      provider,
      code: consent.code!,
      state: consent.state!,
      origin: webOrigin,
    });
    expect(reconnected.connection).toMatchObject({
      id: connected.connection.id,
      status: 'connected',
      refreshError: null,
    });
    await expect(mailboxes.disconnect(deps, uid, connected.connection.id)).resolves.toMatchObject({ deleted: true });
  });

  it('refuses a code exchanged with the PKCE verifier of another sign-in, and stores nothing', async () => {
    const uid = randomUUID();
    const first = await mailboxes.startSignIn(deps, uid, { provider, origin: webOrigin });
    const second = await mailboxes.startSignIn(deps, uid, { provider, origin: webOrigin });
    const redirect = await consentInSandbox(first.authUrl, { email: `${uid.slice(0, 8)}@example.com` });
    await expect(
      mailboxes.finishPublicSignIn(deps, {
        provider,
        code: redirect.code!,
        state: second.state,
        origin: webOrigin,
      }),
    ).rejects.toMatchObject({ status: 400, message: mailboxMessages.invalidRequest });
    expect(await mailboxes.listConnections(deps, uid)).toEqual([]);
  });
});
