import { randomUUID } from 'node:crypto';
import { ScanCommand } from '../data/dynamo.js';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/live-events.js';
import { mailboxMessages } from '../../shared/schemas/mailboxes.js';
import type { DataClient } from '../data/client.js';
import { markAccountDeleted } from '../data/deleted-account.js';
import { getMailbox, mailboxKey } from '../data/mailbox.js';
import { keyFileDataKeys } from '../providers/crypto/key-file.js';
import { MailAuthFailure } from '../providers/mail/port.js';
import * as profiles from '../profiles/index.js';
import { countingDataClient } from '../test/counting-client.js';
import { partitionSnapshot, readItem, setAttributes } from '../test/raw-items.js';
import * as mailboxes from './service.js';
import { fakeMailAuth } from './test/fake-mail-auth.js';

const webOrigin = 'http://localhost:5173';

const setup = () => {
  const counting = countingDataClient();
  const clock = { now: new Date('2026-11-24T09:00:00.000Z') };
  const now = () => new Date(clock.now);
  const gmail = fakeMailAuth('gmail', { now });
  const outlook = fakeMailAuth('outlook', { now });
  const events: { uid: string; event: LiveEvent }[] = [];
  const deps: mailboxes.MailboxesDeps = {
    db: counting.data,
    keys: keyFileDataKeys(process.env.TOKEN_KEY_FILE!),
    mail: { gmail: gmail.auth, outlook: outlook.auth },
    mailApis: { gmail: { unwatch: async () => {} }, outlook: { unwatch: async () => {} } },
    live: { publish: async (uid, event) => void events.push({ uid, event }) },
    now,
    newId: mailboxes.newMailboxId,
    webOrigin,
  };
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  return { deps, counting, gmail, outlook, events, advance, uid: randomUUID() };
};
type Setup = ReturnType<typeof setup>;

/** A whole sign-in: init, consent as `email`, callback; the callback's answer. */
const connect = async (t: Setup, provider: 'gmail' | 'outlook', email: string, uid = t.uid) => {
  const { state } = await mailboxes.startSignIn(t.deps, uid, { provider, origin: webOrigin });
  const code = (provider === 'gmail' ? t.gmail : t.outlook).consent(state, email);
  return mailboxes.finishPublicSignIn(t.deps, { provider, code, state, origin: webOrigin });
};

const refused = { status: 400, code: 'invalid_request', message: mailboxMessages.invalidRequest };

/** Every item of the table whose JSON holds `text` (the test table is shared: the texts are unique). */
const itemsHolding = async (db: DataClient, texts: string[]) => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.documents.send(new ScanCommand({ TableName: db.table, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.filter((item) => texts.some((text) => JSON.stringify(item).includes(text)));
};

describe('connecting a mailbox (OAuth with PKCE and a single-use state)', () => {
  it('connects the first mailbox as the default and answers no token (DESIGN §9)', async () => {
    const t = setup();
    const answer = await connect(t, 'gmail', 'Ada@Gmail.com');
    expect(t.gmail.secrets().length).toBeGreaterThan(0);
    for (const secret of t.gmail.secrets()) expect(JSON.stringify(answer)).not.toContain(secret);
    expect(answer).toMatchObject({
      id: answer.connection.id,
      email: 'ada@gmail.com',
      provider: 'gmail',
      status: 'connected',
      connection: {
        email: 'ada@gmail.com',
        provider: 'gmail',
        status: 'connected',
        isDefault: true,
        refreshError: null,
        expiry: '2026-11-24T10:00:00.000Z',
        connectedAt: '2026-11-24T09:00:00.000Z',
        lastSynced: null,
      },
    });
    expect(await mailboxes.listConnections(t.deps, t.uid)).toEqual([answer.connection]);
    expect(t.events).toContainEqual({
      uid: t.uid,
      event: { type: 'connection.changed', data: { kind: 'email', id: answer.connection.id } },
    });
  });

  it('sends the browser to the provider with the receiver page of the web origin as redirect', async () => {
    const t = setup();
    const started = await mailboxes.startSignIn(t.deps, t.uid, { provider: 'outlook', origin: `${webOrigin}/` });
    expect(started.authUrl).toContain(started.state);
    expect(started.state.length).toBeGreaterThanOrEqual(40);
    const code = t.outlook.consent(started.state, 'ada@outlook.com');
    // the fake refuses a code exchanged with another redirect than the sign-in's
    await expect(
      t.deps.mail.outlook.exchangeCode({
        code,
        redirectUri: `${webOrigin}/outlook-auth`,
        codeVerifier: t.outlook.verifierOf(started.state)!,
      }),
    ).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('refuses a sign-in that would return to another origin than the web app', async () => {
    const t = setup();
    await expect(
      mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: 'https://evil.example' }),
    ).rejects.toMatchObject({ status: 400, message: mailboxMessages.unknownOrigin });
    expect(t.gmail.calls).toEqual([]);
  });

  it('accepts only localhost origins when any origin is allowed', () => {
    expect(mailboxes.allowedOrigin('*', 'http://localhost:5999/x')).toBe('http://localhost:5999');
    expect(mailboxes.allowedOrigin('*', 'https://evil.example')).toBeNull();
    expect(mailboxes.allowedOrigin('*', undefined)).toBeNull();
    expect(mailboxes.allowedOrigin('https://app.example', undefined)).toBe('https://app.example');
    expect(mailboxes.allowedOrigin('https://app.example', 'https://app.example.evil.test')).toBeNull();
  });

  it('refuses a state used a second time, and the first sign-in stays as it was', async () => {
    const t = setup();
    const { state } = await mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: webOrigin });
    const code = t.gmail.consent(state, 'ada@gmail.com');
    const first = await mailboxes.finishPublicSignIn(t.deps, { provider: 'gmail', code, state, origin: webOrigin });
    const before = await partitionSnapshot(t.deps.db, t.uid);
    const again = t.gmail.consent(state, 'mallory@gmail.com');
    await expect(
      mailboxes.finishPublicSignIn(t.deps, { provider: 'gmail', code: again, state, origin: webOrigin }),
    ).rejects.toMatchObject(refused);
    expect(await partitionSnapshot(t.deps.db, t.uid)).toEqual(before);
    expect((await mailboxes.listConnections(t.deps, t.uid)).map((c) => c.id)).toEqual([first.connection.id]);
  });

  it('refuses a state 11 minutes old, and accepts one 9 minutes old', async () => {
    const t = setup();
    const late = await mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: webOrigin });
    t.advance(60_000);
    const inTime = await mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: webOrigin });
    t.advance(10 * 60_000);
    const code = t.gmail.consent(late.state, 'ada@gmail.com');
    await expect(
      mailboxes.finishPublicSignIn(t.deps, { provider: 'gmail', code, state: late.state, origin: webOrigin }),
    ).rejects.toMatchObject(refused);
    expect(t.gmail.calls).not.toContain('exchangeCode');
    const ok = t.gmail.consent(inTime.state, 'ada@gmail.com');
    await expect(
      mailboxes.finishPublicSignIn(t.deps, { provider: 'gmail', code: ok, state: inTime.state, origin: webOrigin }),
    ).resolves.toMatchObject({ email: 'ada@gmail.com' });
  });

  it("refuses another provider's state, an unknown state and another origin", async () => {
    const t = setup();
    const gmail = await mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: webOrigin });
    const code = t.gmail.consent(gmail.state, 'ada@gmail.com');
    await expect(
      mailboxes.finishPublicSignIn(t.deps, { provider: 'outlook', code, state: gmail.state, origin: webOrigin }),
    ).rejects.toMatchObject(refused);
    await expect(
      mailboxes.finishPublicSignIn(t.deps, { provider: 'gmail', code, state: 'never-issued', origin: webOrigin }),
    ).rejects.toMatchObject(refused);
    const other = await mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: webOrigin });
    const otherCode = t.gmail.consent(other.state, 'ada@gmail.com');
    await expect(
      mailboxes.finishPublicSignIn(t.deps, {
        provider: 'gmail',
        code: otherCode,
        state: other.state,
        origin: 'http://localhost:9999',
      }),
    ).rejects.toMatchObject(refused);
    expect(await mailboxes.listConnections(t.deps, t.uid)).toEqual([]);
  });

  it('refuses a code whose PKCE verifier does not match and stores nothing', async () => {
    const t = setup();
    const { state } = await mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: webOrigin });
    // a code of another sign-in (its own verifier): exchanged with this state's verifier, the provider refuses it
    const other = await mailboxes.startSignIn(t.deps, randomUUID(), { provider: 'gmail', origin: webOrigin });
    const code = t.gmail.consent(other.state, 'ada@gmail.com');
    await expect(
      mailboxes.finishPublicSignIn(t.deps, { provider: 'gmail', code, state, origin: webOrigin }),
    ).rejects.toMatchObject(refused);
    expect(t.gmail.calls).toContain('exchangeCode');
    expect(await mailboxes.listConnections(t.deps, t.uid)).toEqual([]);
    expect((await partitionSnapshot(t.deps.db, t.uid)).filter((item) => String(item.sk).startsWith('MAILBOX'))).toEqual(
      [],
    );
  });

  it("refuses on the signed-in callback a state of another user's sign-in", async () => {
    const t = setup();
    const victim = randomUUID();
    const { state } = await mailboxes.startSignIn(t.deps, victim, { provider: 'gmail', origin: webOrigin });
    const code = t.gmail.consent(state, 'victim@gmail.com');
    await expect(mailboxes.finishOwnSignIn(t.deps, t.uid, { provider: 'gmail', code, state })).rejects.toMatchObject(
      refused,
    );
    expect(await mailboxes.listConnections(t.deps, t.uid)).toEqual([]);
    expect(await mailboxes.listConnections(t.deps, victim)).toEqual([]);
  });

  it('gives no mailbox to an account deleted since its sign-in began', async () => {
    const t = setup();
    const { state } = await mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: webOrigin });
    const code = t.gmail.consent(state, 'ada@gmail.com');
    await markAccountDeleted(t.deps.db, t.uid, t.deps.now().toISOString());
    await expect(
      mailboxes.finishPublicSignIn(t.deps, { provider: 'gmail', code, state, origin: webOrigin }),
    ).rejects.toMatchObject(refused);
    expect(t.gmail.calls).not.toContain('exchangeCode');
    expect(await mailboxes.listConnections(t.deps, t.uid)).toEqual([]);
  });

  it("finishes the user's pending Gmail sign-in from a code alone (legacy /exchange_google_code)", async () => {
    const t = setup();
    const { state } = await mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: webOrigin });
    const code = t.gmail.consent(state, 'ada@gmail.com');
    const answer = await mailboxes.exchangeGoogleCode(t.deps, t.uid, { code });
    expect(answer).toMatchObject({ email: 'ada@gmail.com', provider: 'gmail', status: 'connected', expires_in: 3600 });
    for (const secret of t.gmail.secrets()) expect(JSON.stringify(answer)).not.toContain(secret);
    await expect(mailboxes.exchangeGoogleCode(t.deps, t.uid, { code })).rejects.toMatchObject(refused);
    await expect(mailboxes.exchangeGoogleCode(t.deps, randomUUID(), { code })).rejects.toMatchObject(refused);
  });

  it('reconnecting an address updates the same mailbox: connected again, its error cleared', async () => {
    const t = setup();
    const first = await connect(t, 'gmail', 'ada@gmail.com');
    t.gmail.revoke('ada@gmail.com');
    const expired = await mailboxes.refreshConnection(t.deps, t.uid, first.connection.id);
    expect(expired).toMatchObject({ status: 'expired', refreshError: 'invalid_grant' });
    const again = await connect(t, 'gmail', 'ada@gmail.com');
    expect(again.connection).toMatchObject({ id: first.connection.id, status: 'connected', refreshError: null });
    expect(await mailboxes.countConnections(t.deps, t.uid)).toEqual({ count: 1 });
  });
});

describe('the tokens of a mailbox', () => {
  it('keeps no readable token or verifier in the table', async () => {
    const t = setup();
    await connect(t, 'gmail', 'ada@gmail.com');
    const outlook = await connect(t, 'outlook', 'ada@outlook.com');
    await mailboxes.refreshConnection(t.deps, t.uid, outlook.connection.id);
    await mailboxes.startSignIn(t.deps, t.uid, { provider: 'gmail', origin: webOrigin });
    const secrets = [...t.gmail.secrets(), ...t.outlook.secrets()];
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    expect(await itemsHolding(t.deps.db, secrets)).toEqual([]);
    // and they are there, sealed: the service reads them back
    await expect(mailboxes.connectionTokens(t.deps, t.uid, outlook.connection.id)).resolves.toMatchObject({
      accessToken: expect.stringMatching(/^outlook-access-/),
    });
  });

  it("cannot open tokens copied onto another user's mailbox", async () => {
    const t = setup();
    const own = await connect(t, 'gmail', 'ada@gmail.com');
    const ownToken = (await mailboxes.connectionTokens(t.deps, t.uid, own.connection.id)).accessToken;
    const otherUser = randomUUID();
    const other = await connect(t, 'gmail', 'bob@gmail.com', otherUser);
    const stolen = await readItem(t.deps.db, mailboxKey(t.uid, own.connection.id));
    await setAttributes(t.deps.db, mailboxKey(otherUser, other.connection.id), { tokens: stolen!.tokens });
    await expect(mailboxes.connectionTokens(t.deps, otherUser, other.connection.id)).rejects.toThrow();
    // the owner still reads its own
    await expect(mailboxes.connectionTokens(t.deps, t.uid, own.connection.id)).resolves.toMatchObject({
      accessToken: ownToken,
    });
  });

  it('hands the server an access token, renewing it first under 5 minutes left', async () => {
    const t = setup();
    const { connection } = await connect(t, 'gmail', 'ada@gmail.com');
    const first = await mailboxes.connectionTokens(t.deps, t.uid, connection.id);
    const firstToken = first.accessToken;
    expect(first).toEqual({
      id: connection.id,
      email: 'ada@gmail.com',
      provider: 'gmail',
      status: 'connected',
      accessToken: expect.stringMatching(/^gmail-access-/),
      expiry: '2026-11-24T10:00:00.000Z',
    });
    expect(t.gmail.calls).not.toContain('refresh');
    t.advance(56 * 60_000);
    const renewed = await mailboxes.defaultConnectionTokens(t.deps, t.uid);
    expect(renewed.accessToken).not.toBe(firstToken);
    expect(renewed.expiry).toBe('2026-11-24T10:56:00.000Z');
    const refreshTokens = t.gmail.secrets().filter((secret) => secret.includes('-refresh-'));
    for (const answer of [first, renewed]) {
      for (const refreshToken of refreshTokens) expect(JSON.stringify(answer)).not.toContain(refreshToken);
    }
  });

  it('answers the tokens routes with the state of the mailbox, renewed when due, and never a token (DESIGN §9)', async () => {
    const t = setup();
    const { connection } = await connect(t, 'gmail', 'ada@gmail.com');
    t.advance(56 * 60_000);
    const answers = [
      await mailboxes.connectionTokenState(t.deps, t.uid, connection.id),
      await mailboxes.defaultConnectionTokenState(t.deps, t.uid),
    ];
    expect(answers[0]).toEqual({
      id: connection.id,
      email: 'ada@gmail.com',
      provider: 'gmail',
      status: 'connected',
      expiry: '2026-11-24T10:56:00.000Z',
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(t.gmail.calls).toContain('refresh');
    for (const secret of t.gmail.secrets()) expect(JSON.stringify(answers)).not.toContain(secret);
  });

  it('renews on refresh, keeping the refresh token the provider did not replace', async () => {
    const t = setup();
    const { connection } = await connect(t, 'outlook', 'ada@outlook.com');
    t.advance(30 * 60_000);
    const refreshed = await mailboxes.refreshConnection(t.deps, t.uid, connection.id);
    expect(refreshed).toMatchObject({ status: 'connected', expiry: '2026-11-24T10:30:00.000Z', refreshError: null });
    // the fake's refresh gives no new refresh token: a second renewal works with the first one
    await expect(mailboxes.silentRefresh(t.deps, t.uid, 'ADA@outlook.com')).resolves.toMatchObject({
      status: 'connected',
    });
  });

  it('marks a revoked mailbox expired: refresh and validate answer it, tokens answer 401 invalid_grant', async () => {
    const t = setup();
    const { connection } = await connect(t, 'gmail', 'ada@gmail.com');
    t.gmail.revoke('ada@gmail.com');
    t.events.splice(0);
    const refreshed = await mailboxes.refreshConnection(t.deps, t.uid, connection.id);
    expect(refreshed).toEqual({ ...connection, status: 'expired', refreshError: 'invalid_grant' });
    expect(t.events.map(({ event }) => event)).toEqual([
      { type: 'connection.changed', data: { kind: 'email', id: connection.id } },
    ]);
    await expect(mailboxes.validateConnection(t.deps, t.uid, connection.id)).resolves.toEqual({
      valid: false,
      connection: refreshed,
    });
    await expect(mailboxes.connectionTokens(t.deps, t.uid, connection.id)).rejects.toMatchObject({
      status: 401,
      code: 'invalid_grant',
      message: mailboxMessages.reauthorize,
      details: { connection: refreshed },
    });
    const stored = await readItem(t.deps.db, mailboxKey(t.uid, connection.id));
    expect(stored).not.toHaveProperty('gsi1pk');
  });

  it('finds on validate an access token refused right after a renewal, and marks it expired', async () => {
    const t = setup();
    const { connection } = await connect(t, 'gmail', 'ada@gmail.com');
    const failing = {
      ...t.deps.mail.gmail,
      mailboxAddress: () => Promise.reject(new MailAuthFailure('unauthorized', 'refused')),
    };
    const deps = { ...t.deps, mail: { ...t.deps.mail, gmail: failing } };
    await expect(mailboxes.validateConnection(deps, t.uid, connection.id)).resolves.toMatchObject({
      valid: false,
      connection: { status: 'expired', refreshError: 'invalid_grant' },
    });
    await expect(mailboxes.validateConnection(t.deps, t.uid, connection.id)).resolves.toMatchObject({ valid: false });
  });

  it('a renewal read before a reconnect does not undo it: the reconnect stands, with its own tokens', async () => {
    const t = setup();
    const first = await connect(t, 'gmail', 'ada@gmail.com');
    const stale = (await getMailbox(t.deps.db, t.uid, first.connection.id))!;
    t.gmail.revoke('ada@gmail.com');
    await connect(t, 'gmail', 'ada@gmail.com');
    const againToken = (await mailboxes.connectionTokens(t.deps, t.uid, first.connection.id)).accessToken;
    // the old grant is gone: on its own, this renewal would mark the mailbox expired
    const renewal = await mailboxes.renewMailbox(t.deps, stale);
    expect(renewal.item).toMatchObject({ status: 'connected', refreshError: null });
    expect(renewal.tokens?.accessToken).toBe(againToken);
    await expect(mailboxes.connectionTokens(t.deps, t.uid, first.connection.id)).resolves.toMatchObject({
      accessToken: againToken,
    });
  });

  it('answers 503 when the provider is down, and leaves the mailbox connected', async () => {
    const t = setup();
    const { connection } = await connect(t, 'gmail', 'ada@gmail.com');
    t.gmail.state.down = true;
    await expect(mailboxes.refreshConnection(t.deps, t.uid, connection.id)).rejects.toMatchObject({
      status: 503,
      code: 'provider_unavailable',
      expose: true,
      message: mailboxMessages.providerUnavailable,
    });
    t.gmail.state.down = false;
    expect((await mailboxes.getDefaultConnection(t.deps, t.uid)).status).toBe('connected');
  });

  it('keeps a mailbox from tokens the caller holds once the provider names the same address', async () => {
    const t = setup();
    const tokens = t.outlook.issue('ada@hotmail.com');
    await expect(
      mailboxes.createConnection(t.deps, t.uid, { email: 'eve@hotmail.com', accessToken: tokens.accessToken }),
    ).rejects.toMatchObject({ status: 400, message: mailboxMessages.emailMismatch });
    const made = await mailboxes.createConnection(t.deps, t.uid, {
      email: 'ada@hotmail.com',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    });
    expect(made).toMatchObject({ provider: 'outlook', isDefault: true, expiry: '2026-11-24T10:00:00.000Z' });
    await expect(
      mailboxes.createConnection(t.deps, t.uid, { email: 'ada@hotmail.com', accessToken: 'made-up' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe("a user's mailboxes", () => {
  it("answers 404 for another user's mailbox on every id route and changes nothing of theirs", async () => {
    const t = setup();
    const { connection } = await connect(t, 'gmail', 'ada@gmail.com');
    const intruder = randomUUID();
    await connect(t, 'outlook', 'mallory@outlook.com', intruder);
    const before = await partitionSnapshot(t.deps.db, t.uid);
    const attempts = [
      () => mailboxes.connectionTokens(t.deps, intruder, connection.id),
      () => mailboxes.refreshConnection(t.deps, intruder, connection.id),
      () => mailboxes.makeDefault(t.deps, intruder, connection.id),
      () => mailboxes.validateConnection(t.deps, intruder, connection.id),
      () => mailboxes.disconnect(t.deps, intruder, connection.id),
      () => mailboxes.getConnectionByEmail(t.deps, intruder, 'ada@gmail.com'),
      () => mailboxes.silentRefresh(t.deps, intruder, 'ada@gmail.com'),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ status: 404 });
    expect(await partitionSnapshot(t.deps.db, t.uid)).toEqual(before);
    expect(t.gmail.calls.filter((call) => call === 'refresh' || call === 'revoke')).toEqual([]);
  });

  it('making a default leaves exactly one default', async () => {
    const t = setup();
    const gmail = await connect(t, 'gmail', 'ada@gmail.com');
    const outlook = await connect(t, 'outlook', 'ada@outlook.com');
    const other = await connect(t, 'gmail', 'ada.work@gmail.com');
    expect(outlook.connection.isDefault).toBe(false);
    await Promise.all([
      mailboxes.makeDefault(t.deps, t.uid, outlook.connection.id),
      mailboxes.makeDefault(t.deps, t.uid, other.connection.id),
    ]);
    const list = await mailboxes.listConnections(t.deps, t.uid);
    expect(list.filter((connection) => connection.isDefault)).toHaveLength(1);
    expect(list[0]!.isDefault).toBe(true);
    await mailboxes.makeDefault(t.deps, t.uid, outlook.connection.id);
    expect((await mailboxes.getDefaultConnection(t.deps, t.uid)).id).toBe(outlook.connection.id);
    expect(
      (await mailboxes.listConnections(t.deps, t.uid)).map((connection) => [connection.id, connection.isDefault]),
    ).toEqual([
      [outlook.connection.id, true],
      [gmail.connection.id, false],
      [other.connection.id, false],
    ]);
  });

  it('deleting the default revokes its grant and makes the oldest other mailbox the default', async () => {
    const t = setup();
    const gmail = await connect(t, 'gmail', 'ada@gmail.com');
    const outlook = await connect(t, 'outlook', 'ada@outlook.com');
    const work = await connect(t, 'gmail', 'ada.work@gmail.com');
    await mailboxes.makeDefault(t.deps, t.uid, work.connection.id);
    await expect(mailboxes.disconnect(t.deps, t.uid, work.connection.id)).resolves.toEqual({
      deleted: true,
      id: work.connection.id,
    });
    expect(t.gmail.calls).toContain('revoke');
    expect((await mailboxes.getDefaultConnection(t.deps, t.uid)).id).toBe(gmail.connection.id);
    await mailboxes.disconnect(t.deps, t.uid, gmail.connection.id);
    expect(await mailboxes.listConnections(t.deps, t.uid)).toEqual([
      expect.objectContaining({ id: outlook.connection.id, isDefault: true }),
    ]);
    await mailboxes.disconnect(t.deps, t.uid, outlook.connection.id);
    await expect(mailboxes.getDefaultConnection(t.deps, t.uid)).rejects.toMatchObject({
      status: 404,
      message: mailboxMessages.noDefault,
    });
    expect(await partitionSnapshot(t.deps.db, t.uid)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ sk: expect.stringMatching(/^MAILBOX/) })]),
    );
    await expect(getMailbox(t.deps.db, t.uid, gmail.connection.id)).resolves.toBeNull();
  });

  it('disconnects a mailbox whatever the provider answers to the revocation', async () => {
    const t = setup();
    const { connection } = await connect(t, 'gmail', 'ada@gmail.com');
    const deps = {
      ...t.deps,
      mail: { ...t.deps.mail, gmail: { ...t.deps.mail.gmail, revoke: () => Promise.reject(new Error('down')) } },
    };
    await expect(mailboxes.disconnect(deps, t.uid, connection.id)).resolves.toEqual({
      deleted: true,
      id: connection.id,
    });
    expect(await mailboxes.countConnections(t.deps, t.uid)).toEqual({ count: 0 });
  });

  it("fills the profile's connectedEmails, the default first, without any token", async () => {
    const t = setup();
    const gmail = await connect(t, 'gmail', 'ada@gmail.com');
    const outlook = await connect(t, 'outlook', 'ada@outlook.com');
    await mailboxes.makeDefault(t.deps, t.uid, outlook.connection.id);
    const profileDeps: profiles.ProfilesDeps = {
      db: t.deps.db,
      now: t.deps.now,
      newReferralCode: profiles.newReferralCode,
      documentUrl: async () => '',
    };
    const profile = await profiles.getProfile(profileDeps, { uid: t.uid, email: 'ada@example.com' });
    expect(profile.connectedEmails).toEqual([
      { ...outlook.connection, isDefault: true },
      { ...gmail.connection, isDefault: false },
    ]);
    for (const secret of [...t.gmail.secrets(), ...t.outlook.secrets()]) {
      expect(JSON.stringify(profile)).not.toContain(secret);
    }
  });

  it('lists the mailboxes with one call to the table', async () => {
    const t = setup();
    await connect(t, 'gmail', 'ada@gmail.com');
    await connect(t, 'outlook', 'ada@outlook.com');
    t.counting.reset();
    expect(await mailboxes.listConnections(t.deps, t.uid)).toHaveLength(2);
    expect(t.counting.calls).toEqual(['QueryCommand']);
    t.counting.reset();
    await mailboxes.getDefaultConnection(t.deps, t.uid);
    expect(t.counting.calls).toEqual(['QueryCommand']);
  });
});
