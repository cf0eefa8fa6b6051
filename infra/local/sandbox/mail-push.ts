import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { graphUserId, sandboxTenantId, subscriptionCovers } from './graph-mail.js';
import { type MailCopy, type MailStore, mailStoreOf } from './mail-store.js';
import type { GmailPushSettings, SandboxContext, SandboxRequest, SandboxVendor } from './router.js';

/**
 * Push delivery of the sandbox mail: Gmail's watch -> a Pub/Sub push to the app's webhook with an OIDC token
 * signed by a sandbox key (its JWKS at `/google/oauth2/v3/certs`, as Google's at
 * https://www.googleapis.com/oauth2/v3/certs), and Graph change notifications to a subscription's notificationUrl.
 * Deliveries run after the call that made the mail has answered, and are retried on a non-2xx answer, as Pub/Sub and
 * Graph do.
 */

/** Google's issuer of the OIDC tokens Pub/Sub push carries. */
export const googleIssuer = 'https://accounts.google.com';
const tokenLifetimeSeconds = 3600;
/** Waits before each delivery attempt (Pub/Sub and Graph back off and retry for hours; the sandbox a few times). */
export const pushRetryDelaysMs = [0, 1000, 4000, 10_000];
const deliveryTimeoutMs = 10_000;

const savedKeySchema = z.object({ kid: z.string(), privateKey: z.string() });

/** The sandbox's RS256 key for push tokens: made once, kept in `<dataDir>/push-signing-key.json` (0600). */
export class PushSigner {
  readonly kid: string;
  readonly #privateKey: KeyObject;

  constructor(file?: string) {
    const saved =
      file && existsSync(file) ? savedKeySchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
    if (saved?.success) {
      this.kid = saved.data.kid;
      this.#privateKey = createPrivateKey(saved.data.privateKey);
      return;
    }
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.kid = randomBytes(20).toString('hex');
    this.#privateKey = privateKey;
    if (file) {
      mkdirSync(dirname(file), { recursive: true });
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      writeFileSync(file, JSON.stringify({ kid: this.kid, privateKey: pem }), { mode: 0o600 });
    }
  }

  /** The JWKS Google serves for its OIDC tokens, with this key. */
  jwks() {
    const jwk = createPublicKey(this.#privateKey).export({ format: 'jwk' });
    return { keys: [{ ...jwk, kid: this.kid, alg: 'RS256', use: 'sig' }] };
  }

  /** A compact RS256 JWT of `claims`. */
  sign(claims: Record<string, unknown>) {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${part({ alg: 'RS256', kid: this.kid, typ: 'JWT' })}.${part(claims)}`;
    return `${input}.${sign('sha256', Buffer.from(input), this.#privateKey).toString('base64url')}`;
  }

  /** The token Pub/Sub push sends for a push subscription's service account and audience. */
  pushToken(settings: { audience: string; serviceAccount: string }, now: number) {
    const iat = Math.floor(now / 1000);
    return this.sign({
      aud: settings.audience,
      azp: '110000000000000000000',
      email: settings.serviceAccount,
      email_verified: true,
      exp: iat + tokenLifetimeSeconds,
      iat,
      iss: googleIssuer,
      sub: '110000000000000000000',
    });
  }
}

export const pushSignerOf = (context: SandboxContext) =>
  context.shared(
    'push-signer',
    () => new PushSigner(context.dataDir ? join(context.dataDir, 'push-signing-key.json') : undefined),
  );

/** One delivery as `GET /_sandbox/mail/pushes` lists it. */
export type PushDelivery = {
  kind: 'gmail' | 'graph' | 'graph-lifecycle';
  mailbox: string;
  url: string;
  body: unknown;
  attempts: number;
  /** the last answer's status; null: none yet or no answer (refused, timed out) */
  status: number | null;
  delivered: boolean;
  at: string;
};

const maxLogged = 200;

/** Posts a JSON body until an answer is 2xx or the attempts are spent; its progress is `delivery`. */
const deliver = (delivery: PushDelivery, headers: () => Record<string, string>) => {
  const attempt = async (index: number) => {
    delivery.attempts = index + 1;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers() },
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(deliveryTimeoutMs),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
      delivery.delivered = response.status >= 200 && response.status < 300;
    } catch {
      delivery.status = null;
    }
    if (!delivery.delivered && index + 1 < pushRetryDelaysMs.length) schedule(index + 1);
  };
  const schedule = (index: number) => {
    const timer = setTimeout(() => void attempt(index), pushRetryDelaysMs[index]);
    timer.unref();
  };
  schedule(0);
};

/** What a Gmail watch asks about a new copy: its labels against the watch's filter. */
const watchCovers = (watch: NonNullable<ReturnType<MailStore['mailbox']>['watch']>, copy: MailCopy) => {
  if (watch.labelIds.length === 0) return true;
  const matches = copy.labels.some((label) => watch.labelIds.includes(label));
  return watch.labelFilterBehavior === 'exclude' ? !matches : matches;
};

export class MailPush {
  readonly #store: MailStore;
  readonly #signer: PushSigner;
  readonly #settings: GmailPushSettings;
  readonly #log: PushDelivery[] = [];

  constructor(store: MailStore, signer: PushSigner, settings: GmailPushSettings) {
    this.#store = store;
    this.#signer = signer;
    this.#settings = settings;
    store.onMail((copy) => this.#onMail(copy));
  }

  deliveries() {
    return [...this.#log].reverse();
  }

  #start(
    delivery: Omit<PushDelivery, 'attempts' | 'status' | 'delivered' | 'at'>,
    headers: () => Record<string, string>,
  ) {
    const entry: PushDelivery = {
      ...delivery,
      attempts: 0,
      status: null,
      delivered: false,
      at: new Date(this.#store.now()).toISOString(),
    };
    this.#log.push(entry);
    if (this.#log.length > maxLogged) this.#log.shift();
    deliver(entry, headers);
  }

  #onMail(copy: MailCopy) {
    if (!copy.mailbox) return;
    this.#gmail(copy, copy.mailbox);
    this.#graph(copy, copy.mailbox);
  }

  /**
   * Gmail: the watch's topic -> the push subscription's endpoint, `{message: {data: base64({emailAddress, historyId})}}`.
   * @link https://developers.google.com/workspace/gmail/api/guides/push#receiving_notifications
   */
  #gmail(copy: MailCopy, address: string) {
    const watch = this.#store.mailbox(address).watch;
    const { endpoint, topic, audience, serviceAccount } = this.#settings;
    if (!watch || watch.expiration <= this.#store.now() || !watchCovers(watch, copy)) return;
    if (!endpoint || (topic && topic !== watch.topicName)) return;
    const project = watch.topicName.split('/')[1];
    const messageId = String(10 ** 15 + Math.floor(Math.random() * 9 * 10 ** 15));
    const publishTime = new Date(this.#store.now()).toISOString();
    const body = {
      message: {
        data: Buffer.from(JSON.stringify({ emailAddress: address, historyId: copy.historyId })).toString('base64'),
        messageId,
        message_id: messageId,
        publishTime,
        publish_time: publishTime,
      },
      subscription: `projects/${project}/subscriptions/gmail-push-sandbox`,
    };
    this.#start({ kind: 'gmail', mailbox: address, url: endpoint, body }, () => ({
      Authorization: `Bearer ${this.#signer.pushToken(
        {
          audience: audience ?? endpoint,
          serviceAccount: serviceAccount ?? `gmail-push@${project}.iam.gserviceaccount.com`,
        },
        Date.now(),
      )}`,
    }));
  }

  /**
   * Graph: each live subscription covering the copy gets `{value: [{subscriptionId, clientState, changeType, resource,
   * resourceData, ...}]}`.
   * @link https://learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks#receive-notifications
   */
  #graph(copy: MailCopy, address: string) {
    const now = this.#store.now();
    for (const subscription of this.#store.subscriptions()) {
      if (subscription.mailbox !== address || Date.parse(subscription.expirationDateTime) <= now) continue;
      if (!subscription.changeType.split(',').includes('created') || !subscriptionCovers(subscription, copy)) continue;
      const resource = `Users/${graphUserId(address)}/Messages/${copy.graphId}`;
      const body = {
        value: [
          {
            subscriptionId: subscription.id,
            subscriptionExpirationDateTime: subscription.expirationDateTime,
            changeType: 'created',
            resource,
            resourceData: {
              '@odata.type': '#Microsoft.Graph.Message',
              '@odata.id': resource,
              '@odata.etag': `W/"CQAAABYAAAA${copy.changeSeq}"`,
              id: copy.graphId,
            },
            clientState: subscription.clientState,
            tenantId: sandboxTenantId,
          },
        ],
      };
      this.#start({ kind: 'graph', mailbox: address, url: subscription.notificationUrl, body }, () => ({}));
    }
  }

  /**
   * A lifecycle notification of a subscription to its lifecycleNotificationUrl (`POST /_sandbox/mail/lifecycle`).
   * @link https://learn.microsoft.com/en-us/graph/change-notifications-lifecycle-events
   */
  lifecycle(subscriptionId: string, lifecycleEvent: string) {
    const subscription = this.#store.subscriptions().find((candidate) => candidate.id === subscriptionId);
    if (!subscription?.lifecycleNotificationUrl) return false;
    const body = {
      value: [
        {
          subscriptionId,
          subscriptionExpirationDateTime: subscription.expirationDateTime,
          tenantId: sandboxTenantId,
          clientState: subscription.clientState,
          lifecycleEvent,
        },
      ],
    };
    this.#start(
      { kind: 'graph-lifecycle', mailbox: subscription.mailbox, url: subscription.lifecycleNotificationUrl, body },
      () => ({}),
    );
    if (lifecycleEvent === 'subscriptionRemoved') this.#store.removeSubscription(subscriptionId);
    return true;
  }
}

const pushConfigBody = z.object({
  gmailEndpoint: z.url().optional(),
  audience: z.string().min(1).optional(),
  serviceAccount: z.string().min(1).optional(),
  topic: z.string().min(1).optional(),
});
const lifecycleBody = z.object({
  subscriptionId: z.string().min(1),
  lifecycleEvent: z.enum(['reauthorizationRequired', 'subscriptionRemoved', 'missed']),
});

const parsed = <T>(request: SandboxRequest, schema: z.ZodType<T>) => {
  try {
    const result = schema.safeParse(request.json());
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
};

/** Push delivery, Google's OIDC JWKS, and the push control routes. */
export const mailPushVendor: SandboxVendor = {
  name: 'mail-push',
  summary:
    'Gmail push (Pub/Sub push with OIDC tokens, JWKS /google/oauth2/v3/certs) and Graph change notifications; control: POST /_sandbox/mail/push-config, /lifecycle, GET /_sandbox/mail/pushes',
  register: (router, context) => {
    const signer = pushSignerOf(context);
    const push = context.shared('mail-push', () => new MailPush(mailStoreOf(context), signer, context.gmailPush));
    router
      .get('/google/oauth2/v3/certs', () => ({
        headers: { 'Cache-Control': 'public, max-age=3600' },
        json: signer.jwks(),
      }))
      .get('/_sandbox/mail/pushes', () => ({ json: push.deliveries() }))
      .post('/_sandbox/mail/push-config', (request) => {
        const body = parsed(request, pushConfigBody);
        if (!body)
          return {
            status: 400,
            json: { error: { message: 'Give {gmailEndpoint?, audience?, serviceAccount?, topic?}' } },
          };
        if (body.gmailEndpoint) context.gmailPush.endpoint = body.gmailEndpoint;
        if (body.audience) context.gmailPush.audience = body.audience;
        if (body.serviceAccount) context.gmailPush.serviceAccount = body.serviceAccount;
        if (body.topic) context.gmailPush.topic = body.topic;
        return { json: context.gmailPush };
      })
      .post('/_sandbox/mail/lifecycle', (request) => {
        const body = parsed(request, lifecycleBody);
        if (!body) return { status: 400, json: { error: { message: 'Give {subscriptionId, lifecycleEvent}' } } };
        if (!push.lifecycle(body.subscriptionId, body.lifecycleEvent)) {
          return { status: 404, json: { error: { message: 'No subscription with a lifecycleNotificationUrl' } } };
        }
        return { json: { sent: body.lifecycleEvent } };
      });
  },
};
