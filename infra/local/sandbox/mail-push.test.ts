import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gmail } from '@googleapis/gmail';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { OAuth2Client } from 'google-auth-library';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net.js';
import { gmailVendor } from './gmail-api.js';
import { googleVendor } from './google.js';
import { mailControlVendor } from './mail-page.js';
import { mailPushVendor, type PushDelivery } from './mail-push.js';
import { startTestEndpoint } from './mail-test-endpoint.js';
import { connectSandboxMailbox } from './mail-testing.js';
import { startSandbox, type Sandbox } from './server.js';

const vendors = [googleVendor, gmailVendor, mailControlVendor, mailPushVendor];
const topicName = 'projects/outreach-local/topics/gmail-push';
const serviceAccount = 'gmail-push@outreach-local.iam.gserviceaccount.com';

let sandbox: Sandbox;
let endpoint: Awaited<ReturnType<typeof startTestEndpoint>>;
/** the endpoint answers 500 to the first push of a mailbox in `failOnce`, then 204 */
const failOnce = new Set<string>();
const audience = () => `${endpoint.url}/api/webhooks/gmail`;

beforeAll(async () => {
  endpoint = await startTestEndpoint({
    status: (request) => {
      const data = JSON.parse(request.body).message.data as string;
      const { emailAddress } = JSON.parse(Buffer.from(data, 'base64').toString()) as { emailAddress: string };
      if (failOnce.delete(emailAddress)) return 500;
      return 204;
    },
  });
  sandbox = await startSandbox({
    port: await freePort(),
    vendors,
    log: () => {},
    gmailPush: { endpoint: audience(), audience: audience(), serviceAccount, topic: topicName },
  });
});
afterAll(async () => {
  await sandbox.stop();
  await endpoint.stop();
});

const post = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** aws-jwt-verify's RSA verifier for Google's push tokens, with a fetch-based JWKS cache (its own wants https). */
const pushVerifier = (jwksUri: string) =>
  JwtRsaVerifier.create(
    { issuer: 'https://accounts.google.com', audience: audience(), jwksUri },
    {
      jwksCache: new SimpleJwksCache({
        fetcher: { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() },
      }),
    },
  );

const pushes = async () => (await (await fetch(`${sandbox.url}/_sandbox/mail/pushes`)).json()) as PushDelivery[];

/** A watched Gmail mailbox that sent `subject` to jane@acme.example: the sent message's id. */
const watchedMailbox = async (email: string, subject: string, labelIds = ['INBOX']) => {
  const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', email);
  const api = gmail({ version: 'v1', rootUrl: `${sandbox.url}/`, retry: false });
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: accessToken });
  await api.users.watch({ auth, userId: 'me', requestBody: { topicName, labelIds, labelFilterBehavior: 'include' } });
  const raw = await new MailComposer({ from: email, to: 'jane@acme.example', subject, text: 'hi' }).compile().build();
  const sent = await api.users.messages.send({ auth, userId: 'me', requestBody: { raw: raw.toString('base64url') } });
  return { id: sent.data.id!, api, auth };
};

describe('the sandbox Gmail push', () => {
  it('posts a Pub/Sub push with an OIDC token that verifies against the sandbox JWKS', async () => {
    const { id } = await watchedMailbox('ada@gmail.com', 'Push me');
    const pushed = endpoint.next();
    await post('/_sandbox/mail/reply', { messageId: id, body: 'Answer' });
    const request = await pushed;

    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const verifier = pushVerifier(`${sandbox.url}/google/oauth2/v3/certs`);
    const claims = await verifier.verify(token!);
    expect(claims).toMatchObject({ email: serviceAccount, email_verified: true, aud: audience() });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);

    const body = JSON.parse(request.body) as { message: { data: string; messageId: string }; subscription: string };
    expect(body.subscription).toMatch(/^projects\/outreach-local\/subscriptions\//);
    const data = JSON.parse(Buffer.from(body.message.data, 'base64').toString());
    const answers = (await (
      await fetch(`${sandbox.url}/_sandbox/mail/messages?from=jane@acme.example`)
    ).json()) as unknown[];
    expect(answers).toHaveLength(1);
    expect(data).toEqual({ emailAddress: 'ada@gmail.com', historyId: expect.any(Number) });
  });

  it('refuses a token signed by another key than the JWKS one', async () => {
    const other = await startSandbox({ port: await freePort(), vendors, log: () => {} });
    try {
      const verifier = pushVerifier(`${other.url}/google/oauth2/v3/certs`);
      const { id } = await watchedMailbox('bob@gmail.com', 'Other key');
      const pushed = endpoint.next();
      await post('/_sandbox/mail/reply', { messageId: id, body: 'Answer' });
      const token = /^Bearer (.+)$/.exec((await pushed).headers.authorization ?? '')?.[1];
      await expect(verifier.verify(token!)).rejects.toThrow();
    } finally {
      await other.stop();
    }
  });

  it('retries a push the endpoint did not take', async () => {
    const { id } = await watchedMailbox('carl@gmail.com', 'Retry');
    failOnce.add('carl@gmail.com');
    const first = endpoint.next();
    await post('/_sandbox/mail/reply', { messageId: id, body: 'Answer' });
    await first;
    const second = endpoint.next();
    const retried = JSON.parse((await second).body).message.data as string;
    expect(JSON.parse(Buffer.from(retried, 'base64').toString()).emailAddress).toBe('carl@gmail.com');
    const [delivery] = (await pushes()).filter((entry) => entry.mailbox === 'carl@gmail.com');
    expect(delivery).toMatchObject({ kind: 'gmail', attempts: 2, delivered: true, status: 204 });
  });

  it("pushes nothing for mail outside the watch's labels, nor after users.stop", async () => {
    const { id, api, auth } = await watchedMailbox('dora@gmail.com', 'Quiet');
    expect((await pushes()).filter((entry) => entry.mailbox === 'dora@gmail.com')).toEqual([]);
    await api.users.stop({ auth, userId: 'me' });
    await post('/_sandbox/mail/reply', { messageId: id, body: 'Answer' });
    expect((await pushes()).filter((entry) => entry.mailbox === 'dora@gmail.com')).toEqual([]);
  });

  it('keeps its signing key across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-push-'));
    try {
      const keyOf = async () => {
        const server = await startSandbox({ port: await freePort(), vendors, log: () => {}, dataDir });
        try {
          return ((await (await fetch(`${server.url}/google/oauth2/v3/certs`)).json()) as { keys: { kid: string }[] })
            .keys[0]!.kid;
        } finally {
          await server.stop();
        }
      };
      expect(await keyOf()).toBe(await keyOf());
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
