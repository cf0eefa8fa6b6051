import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt, strangerKey } from '../../infra/local/test/tokens.js';
import type { QueueName } from '../../shared/queues.js';
import type { ReplyCheckMessage } from '../../shared/schemas/replies.js';
import { HttpError } from '../core/errors.js';
import type { RawReply } from '../core/envelope.js';
import { createDataClient } from '../data/client.js';
import {
  activateMailSync,
  advanceCursor,
  getGraphSubscription,
  getMailSync,
  putGraphSubscription,
  recordWatch,
} from '../data/mail-sync.js';
import { apiEvent, lambdaContext } from '../test/api-event.js';
import { countingDataClient } from '../test/counting-client.js';
import { clientStateHash } from './check.js';
import type { ReplyDeps } from './deps.js';
import { createPushTokenVerifier, gmailPush, outlookNotifications, outlookWebhookRules } from './push.js';
import type { ReplySettings } from './settings.js';

/**
 * The push webhooks against DynamoDB Local: Gmail's Pub/Sub push with OIDC tokens signed by a key this test serves as
 * a JWKS (as Google serves its own), Graph's validation handshake and notifications.
 */
const db = createDataClient(process.env.TABLE_NAME!);
const silent = { warn: () => {}, info: () => {}, error: () => {} };
const audience = 'https://api.example.test/api/webhooks/gmail';
const serviceAccount = 'gmail-push@project.iam.gserviceaccount.com';
let jwks: Server;
let googleKey: KeyObject;
let settings: ReplySettings;

beforeAll(async () => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  googleKey = pair.privateKey;
  const jwk = { ...pair.publicKey.export({ format: 'jwk' }), kid: 'google-test', alg: 'RS256', use: 'sig' };
  jwks = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  settings = {
    gmailTopic: 'projects/test/topics/gmail',
    gmailPushAudience: audience,
    gmailPushServiceAccount: serviceAccount,
    googleJwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`,
    outlookNotificationUrl: 'https://api.example.test/api/webhooks/outlook',
  };
});

afterAll(async () => {
  await new Promise((resolve) => jwks?.close(resolve));
});

const setup = () => {
  const sent: { queue: QueueName; message: ReplyCheckMessage }[] = [];
  const deps = {
    db,
    queue: {
      send: async (queue: QueueName, message: unknown) =>
        void sent.push({ queue, message: message as ReplyCheckMessage }),
      sendMany: async (queue: QueueName, messages: unknown[]) =>
        void sent.push(...messages.map((message) => ({ queue, message: message as ReplyCheckMessage }))),
    },
    now: () => new Date(),
    logger: silent,
    settings,
  } as unknown as ReplyDeps;
  return { deps, sent };
};

const claims = (overrides: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'https://accounts.google.com',
    aud: audience,
    email: serviceAccount,
    email_verified: true,
    sub: '1234567890',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
};

const pushEvent = (token: string | null, notification: unknown) =>
  apiEvent({
    method: 'POST',
    resource: '/api/webhooks/gmail',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: {
      message: {
        data: Buffer.from(JSON.stringify(notification)).toString('base64'),
        messageId: randomUUID(),
        publishTime: new Date().toISOString(),
      },
      subscription: 'projects/test/subscriptions/gmail-push',
    },
  });

/** A Gmail mailbox on the fan-out, its cursor at `cursor`. */
const gmailMailbox = async (cursor: string | null) => {
  const uid = randomUUID();
  const mailboxId = randomUUID();
  const email = `${uid.slice(0, 8)}@gmail.com`;
  await activateMailSync(db, { uid, mailboxId, provider: 'gmail', email, now: new Date() });
  if (cursor) await advanceCursor(db, uid, mailboxId, null, cursor);
  return { uid, mailboxId, email };
};

const refused = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  return (error as HttpError).status;
};

describe('the Gmail push webhook', () => {
  it("queues a check of each mailbox reading the address when Google's token is for our push subscription", async () => {
    const t = setup();
    const verify = createPushTokenVerifier(settings);
    const mailbox = await gmailMailbox('500');
    const token = signJwt(claims(), googleKey, 'google-test');

    const event = pushEvent(token, { emailAddress: mailbox.email, historyId: 501 });
    const answer = (await gmailPush(t.deps, verify, event)) as RawReply;

    expect(answer.response.statusCode).toBe(204);
    expect(t.sent).toEqual([
      {
        queue: 'reply-check',
        message: { uid: mailbox.uid, mailboxId: mailbox.mailboxId, reason: 'push', checkId: 'gmail-501' },
      },
    ]);
    // a push the cursor is past already announces nothing new
    t.sent.splice(0);
    await gmailPush(t.deps, verify, pushEvent(token, { emailAddress: mailbox.email, historyId: '499' }));
    expect(t.sent).toEqual([]);
  });

  it.each([
    ['no token', () => null],
    ['a token signed by another key', () => signJwt(claims(), strangerKey(), 'google-test')],
    [
      'a token for another audience',
      () => signJwt(claims({ aud: 'https://evil.test/hook' }), googleKey, 'google-test'),
    ],
    [
      'a token of another service account',
      () => signJwt(claims({ email: 'x@evil.iam.gserviceaccount.com' }), googleKey, 'google-test'),
    ],
    ['an unverified e-mail', () => signJwt(claims({ email_verified: false }), googleKey, 'google-test')],
    ['another issuer', () => signJwt(claims({ iss: 'https://evil.test' }), googleKey, 'google-test')],
    ['an expired token', () => signJwt(claims({ exp: Math.floor(Date.now() / 1000) - 600 }), googleKey, 'google-test')],
  ])('refuses a forged push (%s) with 401 and queues nothing', async (_, token) => {
    const t = setup();
    const verify = createPushTokenVerifier(settings);
    const mailbox = await gmailMailbox('500');

    const event = pushEvent(token(), { emailAddress: mailbox.email, historyId: 900 });
    expect(await refused(gmailPush(t.deps, verify, event))).toBe(401);
    expect(t.sent).toEqual([]);
  });

  it('refuses every push when push is not configured', async () => {
    const t = setup();
    const verify = createPushTokenVerifier({ ...settings, gmailPushAudience: undefined });
    const mailbox = await gmailMailbox(null);
    const token = signJwt(claims(), googleKey, 'google-test');
    const event = pushEvent(token, { emailAddress: mailbox.email, historyId: 9 });
    expect(await refused(gmailPush(t.deps, verify, event))).toBe(401);
    expect(t.sent).toEqual([]);
  });
});

/** An Outlook mailbox on the fan-out with a subscription whose clientState is `secret`. */
const outlookMailbox = async () => {
  const uid = randomUUID();
  const mailboxId = randomUUID();
  const subscriptionId = `sub-${randomUUID()}`;
  const secret = `secret-${randomUUID()}`;
  await activateMailSync(db, {
    uid,
    mailboxId,
    provider: 'outlook',
    email: `${uid.slice(0, 8)}@outlook.com`,
    now: new Date(),
  });
  await putGraphSubscription(db, { subscriptionId, uid, mailboxId, clientStateHash: clientStateHash(secret) });
  const expiresAt = new Date(Date.now() + 48 * 3600_000).toISOString();
  await recordWatch(db, uid, mailboxId, { watchId: subscriptionId, watchExpiresAt: expiresAt });
  return { uid, mailboxId, subscriptionId, secret, expiresAt };
};

const graphEvent = (value: unknown[]) =>
  apiEvent({ method: 'POST', resource: '/api/webhooks/outlook', body: { value } });

describe('the Outlook notification webhook', () => {
  it('echoes the validation token as text/plain through the Lambda', async () => {
    const { handler } = (await import('./http.js')) as unknown as {
      handler: (event: APIGatewayProxyEvent, context: unknown) => Promise<APIGatewayProxyResult>;
    };
    const token = 'Validation: Token <&> 1234';
    const response = await handler(
      apiEvent({
        method: 'POST',
        resource: '/api/webhooks/outlook',
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        query: { validationToken: token },
      }),
      lambdaContext(),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(token);
  });

  it('queues a check for a notification carrying its subscription’s clientState, once per message', async () => {
    const t = setup();
    const mailbox = await outlookMailbox();
    const notification = {
      subscriptionId: mailbox.subscriptionId,
      clientState: mailbox.secret,
      changeType: 'created',
      resourceData: { id: 'AAMk-1' },
    };

    const answer = (await outlookNotifications(t.deps, graphEvent([notification, notification]))) as RawReply;

    expect(answer.response.statusCode).toBe(202);
    expect(t.sent).toEqual([
      {
        queue: 'reply-check',
        message: {
          uid: mailbox.uid,
          mailboxId: mailbox.mailboxId,
          reason: 'push',
          checkId: `graph-${mailbox.subscriptionId}-AAMk-1`,
        },
      },
    ]);
  });

  it('refuses a wrong or missing clientState, and an unknown subscription, with 401 and queues nothing', async () => {
    const t = setup();
    const mailbox = await outlookMailbox();
    for (const forged of [
      { subscriptionId: mailbox.subscriptionId, clientState: 'guess', changeType: 'created' },
      { subscriptionId: mailbox.subscriptionId, changeType: 'created' },
      { subscriptionId: `sub-${randomUUID()}`, clientState: mailbox.secret, changeType: 'created' },
    ]) {
      expect(await refused(outlookNotifications(t.deps, graphEvent([forged])))).toBe(401);
    }
    expect(t.sent).toEqual([]);
  });

  it('refuses a body of unknown subscriptions after a few reads, reads a known one once however often it is named, and reads a genuine body to its end', async () => {
    const counting = countingDataClient();
    const t = setup();
    const deps = { ...t.deps, db: counting.data };
    const forged = Array.from({ length: 1000 }, () => ({
      subscriptionId: `sub-${randomUUID()}`,
      clientState: 'guess',
      changeType: 'created',
    }));
    expect(await refused(outlookNotifications(deps, graphEvent(forged)))).toBe(401);
    expect(counting.calls).toHaveLength(outlookWebhookRules.refusalsBeforeAny);

    const mailbox = await outlookMailbox();
    counting.reset();
    const genuine = Array.from({ length: 20 }, (_, index) => ({
      subscriptionId: mailbox.subscriptionId,
      clientState: mailbox.secret,
      changeType: 'created',
      resourceData: { id: `message-${index}` },
    }));
    await outlookNotifications(deps, graphEvent(genuine));
    expect(counting.calls).toEqual(['GetItemCommand']);
    expect(t.sent).toHaveLength(20);

    // a genuine body that also names subscriptions we no longer know is read to its end
    counting.reset();
    await outlookNotifications(
      deps,
      graphEvent([genuine[0]!, ...forged.slice(0, 10), { ...genuine[1]!, resourceData: { id: 'late' } }]),
    );
    expect(counting.calls).toHaveLength(11);
    expect(t.sent.at(-1)?.message.checkId).toContain('late');
  });

  it('has the next check renew a subscription that needs reauthorizing, and make a new one when it was removed', async () => {
    const t = setup();
    const mailbox = await outlookMailbox();
    const lifecycle = (lifecycleEvent: string) => ({
      subscriptionId: mailbox.subscriptionId,
      clientState: mailbox.secret,
      lifecycleEvent,
    });

    await outlookNotifications(t.deps, graphEvent([lifecycle('reauthorizationRequired')]));
    const due = await getMailSync(db, mailbox.uid, mailbox.mailboxId);
    expect(due?.watchId).toBe(mailbox.subscriptionId);
    expect(new Date(due!.watchExpiresAt!).getTime()).toBeLessThan(new Date(mailbox.expiresAt).getTime());

    await outlookNotifications(t.deps, graphEvent([lifecycle('missed')]));
    await outlookNotifications(t.deps, graphEvent([lifecycle('subscriptionRemoved')]));
    expect(await getMailSync(db, mailbox.uid, mailbox.mailboxId)).toMatchObject({
      watchId: null,
      watchExpiresAt: null,
    });
    expect(await getGraphSubscription(db, mailbox.subscriptionId)).toBeNull();
    expect(t.sent.map(({ message }) => message.reason)).toEqual(['push', 'push', 'push']);
  });
});
