import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePorts } from '../../infra/local/net.js';
import { consentInSandbox } from '../../infra/local/sandbox/oauth-consent.js';
import { type Sandbox, startSandbox } from '../../infra/local/sandbox/server.js';
import { mailboxMessages } from '../../shared/schemas/mailboxes.js';
import { userClaims } from '../test/api-event.js';
import { answerOf, callRoute } from '../test/call-route.js';

/**
 * The mailboxes Lambda as API Gateway calls it, its adapters pointed at the sandbox: what the web reads on the wire
 * when a grant is gone (coordinated with the web: 401 `invalid_grant` on tokens, the expired connection elsewhere).
 */
let sandbox: Sandbox;
let restoreEnv: () => void;
const webOrigin = 'http://localhost:5173';

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  sandbox = await startSandbox({ port, log: () => {} });
  const env = lambdaEnvironment({ sandboxEndpoint: `http://127.0.0.1:${port}` });
  restoreEnv = applyEnvironment(
    Object.fromEntries(Object.entries(env).filter(([name]) => /^(GOOGLE|GMAIL|MICROSOFT)_/.test(name))),
  );
});

afterAll(async () => {
  restoreEnv?.();
  await sandbox?.stop();
});

describe('the mailboxes Lambda', () => {
  it('answers a gone grant: refresh and validate with the expired connection, tokens with 401 invalid_grant', async () => {
    const claims = userClaims();
    const email = `${claims.sub.slice(0, 8)}@gmail.com`;
    const init = await callRoute('POST /api/email-connections/oauth/init', {
      claims,
      body: { provider: 'gmail', origin: webOrigin },
    });
    expect(init.status).toBe(200);
    const { authUrl } = init.json.data as { authUrl: string };
    const redirect = await consentInSandbox(authUrl, { email });
    const callback = await callRoute('POST /api/email-connections/oauth/callback-public', {
      body: { provider: 'gmail', code: redirect.code!, state: redirect.state!, origin: webOrigin },
    });
    expect(callback.status).toBe(200);
    const { id } = (callback.json.data as { connection: { id: string } }).connection;
    const replay = await callRoute('POST /api/email-connections/oauth/callback-public', {
      body: { provider: 'gmail', code: redirect.code!, state: redirect.state!, origin: webOrigin },
    });
    expect(answerOf(replay)).toEqual({
      status: 400,
      json: { success: false, error: mailboxMessages.invalidRequest, code: 'invalid_request' },
    });

    const revoked = await fetch(`${sandbox.url}/_sandbox/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(revoked.status).toBeLessThan(300);

    const refreshed = await callRoute('POST /api/email-connections/{id}/refresh', { claims, params: { id } });
    expect(refreshed.status).toBe(200);
    const expired = refreshed.json.data as Record<string, unknown>;
    expect(expired).toMatchObject({ id, status: 'expired', refreshError: 'invalid_grant', isDefault: true });
    expect(answerOf(await callRoute('POST /api/email-connections/{id}/validate', { claims, params: { id } }))).toEqual({
      status: 200,
      json: { success: true, data: { valid: false, connection: expired } },
    });
    const gone = {
      status: 401,
      json: {
        success: false,
        error: mailboxMessages.reauthorize,
        code: 'invalid_grant',
        details: { connection: expired },
      },
    };
    expect(answerOf(await callRoute('GET /api/email-connections/{id}/tokens', { claims, params: { id } }))).toEqual(
      gone,
    );
    expect(answerOf(await callRoute('POST /api/email-connections/default/tokens', { claims, body: {} }))).toEqual(gone);
    expect(answerOf(await callRoute('GET /api/email-connections', { claims }))).toEqual({
      status: 200,
      json: { success: true, data: [expired] },
    });
  });
});
