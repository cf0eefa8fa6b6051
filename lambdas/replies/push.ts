import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { unauthorized } from '../core/errors.js';
import { LazyClient } from '../providers/lazy-client.js';
import { rawReply } from '../core/envelope.js';
import {
  deleteGraphSubscription,
  getGraphSubscription,
  getMailSync,
  mailboxesOfAddress,
  recordWatch,
} from '../data/mail-sync.js';
import { checkMessage, clientStateHash } from './check.js';
import type { ReplyDeps } from './deps.js';
import type { ReplySettings } from './settings.js';
import { lazySchema } from '../../shared/lazy-schema.js';

/** Whether a push's bearer token is Google's, for our push subscription (true) or must be refused (false). */
export type VerifyPushToken = (token: string | undefined) => Promise<boolean>;

/**
 * Pub/Sub push authentication (https://cloud.google.com/pubsub/docs/authenticate-push-subscriptions): an OIDC token
 * signed by a key of Google's JWKS, issuer https://accounts.google.com, audience the push subscription's (our webhook URL),
 * `email` the push subscription's service account and `email_verified`. aws-jwt-verify's RSA verifier with a
 * fetch-based JWKS cache (its default fetcher refuses the sandbox's http JWKS locally). Unconfigured: refuses all.
 */
export const createPushTokenVerifier = (settings: ReplySettings): VerifyPushToken => {
  const { gmailPushAudience, gmailPushServiceAccount } = settings;
  if (!gmailPushAudience || !gmailPushServiceAccount) return async () => false;
  // built by the first Gmail push (lambdas/providers/lazy-client.ts): the other routes of the Lambda never load it
  const verifier = new LazyClient(async () => {
    const [{ JwtRsaVerifier }, { SimpleJwksCache }] = await Promise.all([
      import('aws-jwt-verify'),
      import('aws-jwt-verify/jwk'),
    ]);
    const jwksCache = new SimpleJwksCache({
      fetcher: {
        fetch: async (uri: string) => {
          const response = await fetch(uri);
          if (!response.ok) throw new Error(`JWKS ${uri} answered ${response.status}`);
          return response.arrayBuffer();
        },
      },
    });
    return JwtRsaVerifier.create(
      {
        issuer: 'https://accounts.google.com',
        audience: gmailPushAudience,
        jwksUri: settings.googleJwksUrl,
        customJwtCheck: ({ payload }) => {
          if (payload.email !== gmailPushServiceAccount || payload.email_verified !== true) {
            throw new Error('not the push subscription of this app');
          }
        },
      },
      { jwksCache },
    );
  });
  return async (token) => {
    if (!token) return false;
    const verify = await verifier.get();
    try {
      await verify.verify(token);
      return true;
    } catch {
      return false;
    }
  };
};

const bearer = (event: APIGatewayProxyEvent) => {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

const jsonBody = (event: APIGatewayProxyEvent): unknown => {
  if (!event.body) return undefined;
  try {
    return JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body);
  } catch {
    return undefined;
  }
};

/** @link https://developers.google.com/gmail/api/guides/push#receiving_notifications */
const pubsubPushSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.object({ data: z.string().check(z.maxLength(10_000)) }) }),
);
const gmailNotificationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    emailAddress: z.string().check(z.minLength(3), z.maxLength(320)),
    historyId: z.union([z.string().check(z.regex(/^\d{1,30}$/)), z.int().check(z.nonnegative())]),
  }),
);

const historyAfter = (cursor: string | null, historyId: string) => {
  if (!cursor || !/^\d+$/.test(cursor)) return true;
  return BigInt(historyId) > BigInt(cursor);
};

/**
 * POST /api/webhooks/gmail: a Gmail push through Pub/Sub. A token that is not Google's for our push subscription is
 * 401 and changes nothing. The mailboxes reading the address are queued a check (one whose cursor is past the push's
 * history id already has what it announces); anything else is acknowledged with 204 (Pub/Sub would redeliver a
 * refusal forever).
 */
export const gmailPush = async (deps: ReplyDeps, verify: VerifyPushToken, event: APIGatewayProxyEvent) => {
  if (!(await verify(bearer(event)))) throw unauthorized();
  const push = pubsubPushSchema.safeParse(jsonBody(event));
  const notification = push.success
    ? gmailNotificationSchema.safeParse(
        (() => {
          try {
            return JSON.parse(Buffer.from(push.data.message.data, 'base64').toString('utf8'));
          } catch {
            return undefined;
          }
        })(),
      )
    : null;
  if (!notification?.success) {
    deps.logger.warn('a Gmail push carried no notification; acknowledged');
    return rawReply(204);
  }
  const historyId = String(notification.data.historyId);
  const targets = await mailboxesOfAddress(deps.db, notification.data.emailAddress);
  const due = await Promise.all(
    targets.map(async (target) => {
      const sync = await getMailSync(deps.db, target.uid, target.mailboxId);
      return sync?.active && sync.provider === 'gmail' && historyAfter(sync.cursor, historyId) ? target : null;
    }),
  );
  const messages = due
    .filter((target) => target !== null)
    .map((target) => checkMessage(target.uid, target.mailboxId, 'push', `gmail-${historyId}`));
  if (messages.length) await deps.queue.sendMany('reply-check', messages);
  return rawReply(204);
};

/** A Graph notification body whose first this many entries are all refused is forged: it is refused without reading on. */
export const outlookWebhookRules = { refusalsBeforeAny: 5 } as const;

/** @link https://learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks */
const graphNotificationsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    value: z
      .array(
        z.object({
          subscriptionId: z.string().check(z.minLength(1), z.maxLength(200)),
          clientState: z.nullish(z.string().check(z.maxLength(1000))),
          changeType: z.optional(z.string().check(z.maxLength(100))),
          lifecycleEvent: z.optional(z.string().check(z.maxLength(100))),
          resourceData: z.nullish(z.object({ id: z.optional(z.string().check(z.maxLength(1000))) })),
        }),
      )
      .check(z.maxLength(1000)),
  }),
);

const sameSecret = (clientState: string | null | undefined, storedHash: string) => {
  const given = Buffer.from(clientStateHash(clientState ?? ''), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};

/**
 * POST /api/webhooks/outlook: Graph's validation handshake (`?validationToken=` echoed as text/plain within 10 s), then
 * change and lifecycle notifications. Each must name a subscription we made and carry its clientState (compared in
 * constant time); when none does the answer is 401 and nothing is queued. `reauthorizationRequired` has the next check
 * renew the subscription, `subscriptionRemoved` make a new one, `missed` (and every change) queues a check. 202.
 */
export const outlookNotifications = async (deps: ReplyDeps, event: APIGatewayProxyEvent) => {
  const validationToken = event.queryStringParameters?.validationToken;
  if (validationToken !== undefined) return rawReply(200, validationToken.slice(0, 2000));
  const parsed = graphNotificationsSchema.safeParse(jsonBody(event));
  if (!parsed.success) throw unauthorized();
  const accepted: { uid: string; mailboxId: string; checkId: string }[] = [];
  // one read per subscription however many notifications name it; a body whose first entries are all refused
  // (anyone may post here) is refused after a few reads instead of one per entry, while a genuine body that also names
  // a subscription we forgot is read to its end
  const subscriptions = new Map<string, Awaited<ReturnType<typeof getGraphSubscription>>>();
  let refusals = 0;
  for (const notification of parsed.data.value) {
    if (!subscriptions.has(notification.subscriptionId)) {
      subscriptions.set(notification.subscriptionId, await getGraphSubscription(deps.db, notification.subscriptionId));
    }
    const subscription = subscriptions.get(notification.subscriptionId);
    if (!subscription || !sameSecret(notification.clientState, subscription.clientStateHash)) {
      refusals += 1;
      if (accepted.length === 0 && refusals >= outlookWebhookRules.refusalsBeforeAny) throw unauthorized();
      continue;
    }
    const { uid, mailboxId } = subscription;
    const { lifecycleEvent } = notification;
    if (lifecycleEvent === 'subscriptionRemoved') {
      await recordWatch(deps.db, uid, mailboxId, { watchId: null, watchExpiresAt: null });
      await deleteGraphSubscription(deps.db, notification.subscriptionId);
    } else if (lifecycleEvent === 'reauthorizationRequired') {
      const sync = await getMailSync(deps.db, uid, mailboxId);
      if (sync?.watchId === notification.subscriptionId) {
        await recordWatch(deps.db, uid, mailboxId, { watchId: sync.watchId, watchExpiresAt: deps.now().toISOString() });
      }
    }
    // a message's id names its change; a lifecycle event recurs, so its time is part of its name
    const occasion = lifecycleEvent
      ? `${lifecycleEvent}-${deps.now().toISOString()}`
      : (notification.resourceData?.id ?? `${notification.changeType ?? 'change'}-${deps.now().toISOString()}`);
    accepted.push({ uid, mailboxId, checkId: `graph-${notification.subscriptionId}-${occasion}` });
  }
  if (parsed.data.value.length > 0 && accepted.length === 0) throw unauthorized();
  const unique = new Map(accepted.map((item) => [`${item.uid}#${item.mailboxId}#${item.checkId}`, item]));
  if (unique.size) {
    await deps.queue.sendMany(
      'reply-check',
      [...unique.values()].map((item) => checkMessage(item.uid, item.mailboxId, 'push', item.checkId)),
    );
  }
  return rawReply(202);
};
