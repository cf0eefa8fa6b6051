import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { join } from 'node:path';
import { ScanCommand } from '../data/dynamo.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { localGmailPush } from '../../infra/local/lambda-env.js';
import { PushSigner } from '../../infra/local/sandbox/mail-push.js';
import { localStripe, localZoom } from '../../infra/local/lambda-env.js';
import { consentInSandbox } from '../../infra/local/sandbox/oauth-consent.js';
import { checkoutInSandbox } from '../../infra/local/sandbox/stripe-testing.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { withLocalStack } from '../../infra/local/test/local-stack.js';
import { localCredentials, localNames } from '../../infra/local/ports.js';
import type { localApi, localUsers } from '../../infra/local/test/local-users.js';
import { accountExportLinkSchema, accountExportSchema } from '../../shared/schemas/account.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';
import { createLogger } from '../core/logger.js';
import { getBilling, ownerOfCustomer } from '../data/billing.js';
import type { DataClient } from '../data/client.js';
import { putContacts } from '../data/contact.js';
import { memoryIdempotencyStore } from '../test/memory-idempotency.js';
import { referralCodeOwner } from '../data/referral.js';
import { listLiveConnections } from '../data/live-connection.js';
import { getGraphSubscription, listMailSyncs, mailboxesOfAddress } from '../data/mail-sync.js';
import { listMailboxes } from '../data/mailbox.js';
import { getUserProfile } from '../data/user-profile.js';
import { userItems } from '../data/user-partition.js';
import { getZoomConnection, usersOfZoomUser } from '../data/zoom-connection.js';
import { open } from '../providers/crypto/envelope.js';
import { keyFileDataKeys } from '../providers/crypto/key-file.js';
import { cognitoUserDirectory, createCognitoClient } from '../providers/identity/identity.js';
import { createMailAuths } from '../providers/mail/mail-auth.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import { lambdaContext } from '../test/api-event.js';
import { sqsEvent, sqsRecord } from '../test/sqs-event.js';
import { BillingFailure } from '../providers/billing/port.js';
import { deletionWorker } from './deletion-worker.js';
import { outsideDepsFromEnv } from './outside-deps.js';
import { type AccountDeps, deleteAccount } from './service.js';

/**
 * DESIGN §6 "Your data" for what a user has outside their partition, on the local stack with every
 * piece real: a user with a Zoom connection (through the sandbox's consent), a meeting with a Zoom link, a paid Stripe
 * subscription (through the sandbox Checkout) and their referral code deletes the account; the Zoom grant is revoked at
 * the sandbox, the subscription cancelled there, the lookup items outside the partition gone; the later pass finds
 * nothing left to do.
 */
let stack: LocalStack;
let db: DataClient;
let users: ReturnType<typeof localUsers>;
let api: ReturnType<typeof localApi>;

const local = withLocalStack({ name: 'account-outside' });
beforeAll(() => {
  ({ stack, db, users, api } = local);
});

/** Zoom's token endpoint asked to renew with `refreshToken`, as the app's OAuth client. */
const refreshAtZoom = async (refreshToken: string) => {
  const response = await fetch(`${stack.urls.sandbox}/zoom/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${localZoom.clientId}:${localZoom.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
  return { status: response.status, body: (await response.json()) as { error?: string } };
};

/** Whether the user pool still has the sign-in. */
const signInExists = async (username: string) => {
  const client = new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognitoEmulator,
    region: localNames.region,
    credentials: localCredentials,
  });
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: stack.env.USER_POOL_ID!, Username: username }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  } finally {
    client.destroy();
  }
};

/** A subscription as the sandbox Stripe has it now. */
const stripeSubscription = async (id: string) => {
  const response = await fetch(`${stack.urls.sandbox}/v1/subscriptions/${id}`, {
    headers: { Authorization: `Bearer ${localStripe.secretKey}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string };
};

const sandboxJson = async (path: string) => (await fetch(`${stack.urls.sandbox}${path}`)).json();

/** The account's dependencies as its Lambdas build them on the local stack (no queue: the later pass is run here). */
const accountDeps = (): Omit<AccountDeps, 'queue'> => {
  const logger = createLogger('account');
  return {
    db,
    storage: s3Storage(createS3Client(), stack.env.BUCKET_NAME!),
    users: cognitoUserDirectory(createCognitoClient(), stack.env.USER_POOL_ID!),
    addressHash: keyedHashFromEnv(stack.env),
    now: () => new Date(),
    ...outsideDepsFromEnv(db, logger, stack.env),
  };
};

/** The later pass of a deletion (the account-deletion queue's message), as its worker runs it. */
const laterPass = (uid: string) =>
  deletionWorker(
    accountDeps(),
    createLogger('account'),
    memoryIdempotencyStore().store,
  )(sqsEvent(sqsRecord(JSON.stringify({ uid, username: uid }), { queue: 'account-deletion' })), lambdaContext());

/** A free user who pays for Starter in the sandbox Checkout; their customer and subscription once applied. */
const subscribe = async (token: string, uid: string) => {
  const checkout = await api('POST', '/api/billing/checkout', { token, body: { plan: 'starter' } });
  expect(checkout.status, checkout.text).toBe(200);
  const paid = await checkoutInSandbox((checkout.body!.data as { url: string }).url);
  expect(paid.status, paid.html.slice(0, 300)).toBe(303);
  await vi.waitFor(
    async () => {
      expect(await getBilling(db, uid)).toMatchObject({ tier: 'starter', status: 'active' });
    },
    { timeout: 15_000, interval: 250 },
  );
  const billing = (await getBilling(db, uid))!;
  return { customerId: billing.customerId!, subscriptionId: billing.subscriptionId! };
};

const webOrigin = () =>
  stack.env.CORS_ORIGIN && stack.env.CORS_ORIGIN !== '*' ? stack.env.CORS_ORIGIN : 'http://localhost:5173';

/** The user connects a mailbox as the web does: init, the sandbox's consent, the public callback. */
const connectGmail = async (token: string, email: string, provider: 'gmail' | 'outlook' = 'gmail') => {
  const init = await api('POST', '/api/email-connections/oauth/init', {
    token,
    body: { provider, origin: webOrigin() },
  });
  expect(init.status, init.text).toBe(200);
  const redirect = await consentInSandbox((init.body!.data as { authUrl: string }).authUrl, { email });
  const callback = await api('POST', '/api/email-connections/oauth/callback-public', {
    body: { provider, code: redirect.code, state: redirect.state, origin: webOrigin() },
  });
  expect(callback.status, callback.text).toBe(200);
  return (callback.body!.data as { connection: { id: string } }).connection.id;
};

/** The user connects Zoom as the web does: init (the server's state), Allow on Zoom's consent, the code exchanged. */
const connectZoom = async (token: string, email: string) => {
  const started = await api('POST', '/zoom/oauth/init', { token, body: { redirect: `${webOrigin()}/meetings` } });
  expect(started.status, started.text).toBe(200);
  const { authUrl, state } = started.body!.data as { authUrl: string; state: string };
  const redirect = await consentInSandbox(authUrl, { email });
  expect(redirect.state).toBe(state);
  const exchanged = await api('POST', '/zoom/oauth/exchange', { token, body: { code: redirect.code, state } });
  expect(exchanged.status, exchanged.text).toBe(200);
};

describe('deleting an account with a mailbox, Zoom, a paid plan and a referral code', () => {
  it('revokes the mailbox and Zoom grants, cancels the subscription at Stripe, removes the lookups; a later pass changes nothing', async () => {
    const user = await users.signUp('outside-services');
    const token = user.idToken;
    const uid = user.sub;

    // a Gmail mailbox
    await connectGmail(token, `outside.${uid.slice(0, 8)}@gmail.com`);
    const [mailbox] = (await listMailboxes(db, uid)).mailboxes;
    const mailboxTokens = (await open(
      keyFileDataKeys(stack.env.TOKEN_KEY_FILE!),
      { purpose: 'mailbox-tokens', uid, mailbox: mailbox!.id },
      mailbox!.tokens,
    )) as { refreshToken: string };
    expect(mailboxTokens.refreshToken).toBeTruthy();

    // Zoom, and a meeting with a Zoom link
    const zoomEmail = `outside.${uid.slice(0, 8)}@zoom.example`;
    await connectZoom(token, zoomEmail);
    const connection = (await getZoomConnection(db, uid))!;
    const zoomTokens = (await open(
      keyFileDataKeys(stack.env.TOKEN_KEY_FILE!),
      { purpose: 'zoom-tokens', uid, connection: connection.id },
      connection.tokens,
    )) as { accessToken: string; refreshToken: string };
    expect(await usersOfZoomUser(db, connection.zoomUserId, 10)).toEqual([uid]);
    const contactId = '01JOUTSIDECONTACTXXXXXXXXX';
    const at = new Date().toISOString();
    await putContacts(db, [
      { uid, contactId, name: 'Grace Hopper', email: 'grace@navy.example', importedAt: at, lastUpdated: at },
    ]);
    const booked = await api('POST', '/api/meetings', {
      token,
      body: { contactId, startTime: new Date(Date.now() + 48 * 3_600_000).toISOString(), sendInvitation: false },
    });
    expect(booked.status, booked.text).toBe(201);
    const meeting = booked.body!.data as { id: string; zoomJoinUrl?: string; zoomMeetingId?: string };
    expect(meeting.zoomMeetingId).toBeTruthy();

    // a paid plan through the sandbox Checkout
    const { customerId, subscriptionId } = await subscribe(token, uid);
    expect(await ownerOfCustomer(db, customerId)).toBe(uid);
    expect((await stripeSubscription(subscriptionId)).status).toBe('active');

    // the referral code, claimed outside the partition
    const code = (await getUserProfile(db, uid, ['referralCode']))!.referralCode;
    expect(code).toBeTruthy();
    expect(await referralCodeOwner(db, code)).toBe(uid);

    // the export holds the billing, Zoom and meeting records, never the sealed tokens
    const exported = await api('GET', '/api/account/export', { token });
    expect(exported.status, exported.text).toBe(200);
    const link = accountExportLinkSchema.parse(exported.body!.data);
    const text = await (await fetch(link.url)).text();
    const document = accountExportSchema.parse(JSON.parse(text));
    const records = (type: string) => document.items.filter((item) => item.recordType === type);
    expect(records('billing')).toEqual([
      expect.objectContaining({ customerId, subscriptionId, tier: 'starter', status: 'active' }),
    ]);
    expect(records('zoom-connection')).toEqual([
      expect.objectContaining({ email: zoomEmail.toLowerCase(), zoomUserId: connection.zoomUserId }),
    ]);
    expect(records('zoom-connection')[0]).not.toHaveProperty('tokens');
    expect(records('meeting')).toEqual([expect.objectContaining({ id: meeting.id, contactId })]);
    expect(text).not.toContain(zoomTokens.accessToken);
    expect(text).not.toContain(zoomTokens.refreshToken);

    const deleted = await api('DELETE', '/api/account', { token, body: { confirm: 'DELETE' } });
    expect(deleted.status, deleted.text).toBe(200);

    // the mailbox's grant is gone at Google (its refresh token refused)
    await expect(createMailAuths(stack.env).gmail.refresh(mailboxTokens.refreshToken)).rejects.toMatchObject({
      kind: 'invalid_grant',
    });
    // Zoom: the grant is gone at Zoom (its refresh token refused), the connection and the Zoom user's link deleted
    expect(await refreshAtZoom(zoomTokens.refreshToken)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await getZoomConnection(db, uid)).toBeNull();
    expect(await usersOfZoomUser(db, connection.zoomUserId, 10)).toEqual([]);
    // the meeting stays in the user's own Zoom account (service.ts `releaseOutside` says why)
    const zoomMeetings = (await sandboxJson('/_sandbox/zoom/meetings')) as { id: number | string; deleted: boolean }[];
    expect(zoomMeetings.find((each) => String(each.id) === meeting.zoomMeetingId)?.deleted).toBe(false);
    // Stripe: billed no more, the customer's lookup deleted; the referral code released
    expect((await stripeSubscription(subscriptionId)).status).toBe('canceled');
    expect(await ownerOfCustomer(db, customerId)).toBeNull();
    expect(await referralCodeOwner(db, code)).toBeNull();
    expect(await userItems(db, uid, { keysOnly: true })).toEqual([]);

    // the later pass (the account-deletion queue's message) finds nothing to do and succeeds
    const eventsBefore = (await sandboxJson(`/_sandbox/stripe/events?customer=${customerId}`)) as unknown[];
    const meetingsBefore = await sandboxJson('/_sandbox/zoom/meetings');
    expect(await laterPass(uid)).toEqual({ batchItemFailures: [] });
    expect(await sandboxJson(`/_sandbox/stripe/events?customer=${customerId}`)).toHaveLength(eventsBefore.length);
    expect(await sandboxJson('/_sandbox/zoom/meetings')).toEqual(meetingsBefore);
    expect((await stripeSubscription(subscriptionId)).status).toBe('canceled');
    expect(await ownerOfCustomer(db, customerId)).toBeNull();
    expect(await referralCodeOwner(db, code)).toBeNull();
    expect(await usersOfZoomUser(db, connection.zoomUserId, 10)).toEqual([]);
    expect(await userItems(db, uid, { keysOnly: true })).toEqual([]);
    // Stripe answers the cancellation of a cancelled subscription as unknown: the port says there was nothing to end
    expect(await accountDeps().billing.cancelSubscription(subscriptionId)).toBeNull();
  }, 90_000);

  it('keeps the billing item and the sign-in while Stripe fails to cancel, and the later pass cancels and finishes', async () => {
    const user = await users.signUp('outside-stripe-down');
    const uid = user.sub;
    const { customerId, subscriptionId } = await subscribe(user.idToken, uid);
    const deps = accountDeps();
    const down: AccountDeps['billing'] = {
      ...deps.billing,
      cancelSubscription: async () => {
        throw new BillingFailure('unavailable', 'Stripe is unavailable (503)');
      },
    };
    const queued: unknown[] = [];
    await expect(
      deleteAccount(
        {
          ...deps,
          billing: down,
          queue: { send: async (_, message) => void queued.push(message), sendMany: async () => {} },
        },
        { uid, email: user.email, username: uid },
      ),
    ).rejects.toThrow(/could not be cancelled at Stripe/);
    expect(queued).toEqual([{ uid, username: uid }]);
    // still billed, so nothing that leads to the subscription is gone, nor the sign-in; everything else is
    expect((await stripeSubscription(subscriptionId)).status).toBe('active');
    expect(await ownerOfCustomer(db, customerId)).toBe(uid);
    expect((await userItems(db, uid, { keysOnly: true })).map((item) => item.sk)).toEqual(['BILLING']);
    expect(await getUserProfile(db, uid)).toBeNull();
    const signedIn = await api('GET', '/api/billing/plans', { token: user.idToken });
    expect(signedIn.status).toBe(401);
    expect(await signInExists(uid)).toBe(true);

    expect(await laterPass(uid)).toEqual({ batchItemFailures: [] });
    expect((await stripeSubscription(subscriptionId)).status).toBe('canceled');
    expect(await ownerOfCustomer(db, customerId)).toBeNull();
    expect(await userItems(db, uid, { keysOnly: true })).toEqual([]);
    expect(await signInExists(uid)).toBe(false);
  }, 60_000);

  it('expires a Checkout left open, so paying on it after the deletion starts no subscription', async () => {
    const user = await users.signUp('outside-open-checkout');
    const uid = user.sub;
    const checkout = await api('POST', '/api/billing/checkout', { token: user.idToken, body: { plan: 'pro' } });
    expect(checkout.status, checkout.text).toBe(200);
    const { url } = checkout.body!.data as { url: string };
    const customerId = (await getBilling(db, uid))!.customerId!;

    const deleted = await api('DELETE', '/api/account', { token: user.idToken, body: { confirm: 'DELETE' } });
    expect(deleted.status, deleted.text).toBe(200);

    const sessionId = new URL(url).pathname.split('/').pop()!;
    const session = await fetch(`${stack.urls.sandbox}/v1/checkout/sessions/${sessionId}`, {
      headers: { Authorization: `Bearer ${localStripe.secretKey}` },
    });
    expect(((await session.json()) as { status: string }).status).toBe('expired');
    // the page left open pays for nothing
    const late = await checkoutInSandbox(url).catch((error: unknown) => ({ status: 0, error }));
    expect(late.status).not.toBe(303);
    const subscriptions = await fetch(`${stack.urls.sandbox}/v1/subscriptions?customer=${customerId}&status=all`, {
      headers: { Authorization: `Bearer ${localStripe.secretKey}` },
    });
    expect(((await subscriptions.json()) as { data: unknown[] }).data).toEqual([]);
    expect(await ownerOfCustomer(db, customerId)).toBeNull();
  }, 60_000);
});

/** The sandbox's count of a mailbox's API calls by method (Gmail `users.stop`, Graph `subscriptions.delete`...). */
const mailCalls = async (provider: 'gmail' | 'outlook', email: string) => {
  const usage = (await sandboxJson(`/_sandbox/mail/usage?email=${encodeURIComponent(email)}`)) as Record<
    string,
    { calls: Record<string, number> }
  >;
  return usage[`${provider}:${email}`]?.calls ?? {};
};

/** The user's mailboxes read now (POST /api/conversations/check-replies): their push starts (watch, subscription). */
const checkNow = async (token: string) => {
  const checked = await api('POST', '/api/conversations/check-replies', { token, body: {} });
  expect(checked.status, checked.text).toBe(200);
};

/** Items outside every user's partition that name `uid` (a Scan: tests only), but the mark that it was deleted. */
const lookupsNaming = async (uid: string) => {
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.documents.send(new ScanCommand({ TableName: db.table, ExclusiveStartKey: start }));
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return found.filter(
    (item) =>
      !String(item.pk).startsWith('USER#') &&
      item.pk !== `DELETED_ACCOUNT#${uid}` &&
      JSON.stringify(item).includes(uid),
  );
};

/** A tab of the app: the live channel opened with the user's ID token; `closed` settles when the server closes it. */
const openTab = (token: string) =>
  new Promise<{ socket: WebSocket; closed: Promise<number> }>((resolve, reject) => {
    const socket = new WebSocket(`${stack.webConfig.liveUrl}?token=${encodeURIComponent(token)}`);
    const closed = new Promise<number>((settle) => socket.on('close', (code) => settle(code)));
    socket.on('open', () => resolve({ socket, closed }));
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.on('error', reject);
  });

/** A Gmail push for `email` as Pub/Sub delivers it, signed with the sandbox's key as Google's; the webhook's answer. */
const gmailPush = async (email: string) => {
  const signer = new PushSigner(join(stack.localDir, 'sandbox', 'push-signing-key.json'));
  const audience = stack.env.GMAIL_PUSH_AUDIENCE ?? `${stack.urls.api}/api/webhooks/gmail`;
  const token = signer.pushToken({ audience, serviceAccount: localGmailPush.serviceAccount }, Date.now());
  const data = Buffer.from(JSON.stringify({ emailAddress: email, historyId: '999999999' })).toString('base64');
  const response = await fetch(`${stack.urls.api}/api/webhooks/gmail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: { data, messageId: '1', publishTime: new Date().toISOString() } }),
  });
  return response.status;
};

describe('deletion leaves nothing behind (DESIGN §6)', () => {
  it("stops a disconnected mailbox's push at the provider and removes its lookups", async () => {
    const user = await users.signUp('disconnect-push');
    const email = `push.${user.sub.slice(0, 8)}@gmail.com`;
    const id = await connectGmail(user.idToken, email);
    await checkNow(user.idToken);
    expect(await mailCalls('gmail', email)).toMatchObject({ 'users.watch': 1 });
    expect(await mailboxesOfAddress(db, email)).toEqual([{ uid: user.sub, mailboxId: id }]);

    const disconnected = await api('DELETE', `/api/email-connections/${id}`, { token: user.idToken });
    expect(disconnected.status, disconnected.text).toBe(200);
    expect(await mailCalls('gmail', email)).toMatchObject({ 'users.stop': 1 });
    expect(await mailboxesOfAddress(db, email)).toEqual([]);
    expect(await listMailSyncs(db, user.sub)).toEqual([]);
    expect(await gmailPush(email)).toBe(204);
  }, 60_000);

  it("ends the deleted user's push, lookups and open tabs: a later push is acknowledged and does nothing", async () => {
    const user = await users.signUp('delete-push');
    const uid = user.sub;
    const gmail = `gone.${uid.slice(0, 8)}@gmail.com`;
    const outlook = `gone.${uid.slice(0, 8)}@contoso.example`;
    await connectGmail(user.idToken, gmail);
    await connectGmail(user.idToken, outlook, 'outlook');
    await checkNow(user.idToken);
    const syncs = await listMailSyncs(db, uid);
    const subscriptionId = syncs.find((sync) => sync.provider === 'outlook')?.watchId;
    expect(subscriptionId).toBeTruthy();
    expect(await getGraphSubscription(db, subscriptionId!)).toMatchObject({ uid });
    expect(await mailCalls('gmail', gmail)).toMatchObject({ 'users.watch': 1 });
    const tabs = await Promise.all([openTab(user.idToken), openTab(user.idToken)]);
    expect(await listLiveConnections(db, uid, new Date())).toHaveLength(2);
    expect((await lookupsNaming(uid)).length).toBeGreaterThan(0);

    const deleted = await api('DELETE', '/api/account', { token: user.idToken, body: { confirm: 'DELETE' } });
    expect(deleted.status, deleted.text).toBe(200);

    // the tabs were closed by the server, not left open until they next speak
    await Promise.all(tabs.map((tab) => tab.closed));
    // push ended at the providers: Gmail's watch stopped, the Graph subscription deleted
    expect(await mailCalls('gmail', gmail)).toMatchObject({ 'users.stop': 1 });
    expect(await mailCalls('outlook', outlook)).toMatchObject({ 'subscriptions.delete': 1 });
    // nothing outside the partition names the user: no address or subscription lookup, no link
    expect(await mailboxesOfAddress(db, gmail)).toEqual([]);
    expect(await getGraphSubscription(db, subscriptionId!)).toBeNull();
    expect(await lookupsNaming(uid)).toEqual([]);
    // a push Google had in flight is acknowledged, and queues no check of anything
    const pendingChecks = stack.queues.pending('reply-check').length;
    expect(await gmailPush(gmail)).toBe(204);
    expect(stack.queues.pending('reply-check')).toHaveLength(pendingChecks);
  }, 90_000);
});
