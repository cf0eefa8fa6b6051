import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/live-events.js';
import { createDataClient } from '../data/client.js';
import { getMailbox } from '../data/mailbox.js';
import { keyFileDataKeys } from '../providers/crypto/key-file.js';
import * as mailboxes from './service.js';
import { fakeMailAuth } from './test/fake-mail-auth.js';
import { refreshExpiringConnections, renewalWorstCaseMs } from '../connections/index.js';

const webOrigin = 'http://localhost:5173';
const silent = { warn: () => {}, info: () => {} };

/**
 * The job reads an index every mailbox of the shared test table is on. Each test's clock is in a year before any other
 * test's (the others run at today's date; these run in order, each in an earlier year than the one before), so what
 * other tests left on the index expires after the job's window and is never picked.
 */
const setup = (year: number) => {
  const clock = { now: new Date(`${year}-03-01T09:00:00.000Z`) };
  const now = () => new Date(clock.now);
  const gmail = fakeMailAuth('gmail', { now });
  const outlook = fakeMailAuth('outlook', { now });
  const events: LiveEvent[] = [];
  const deps = {
    db: createDataClient(process.env.TABLE_NAME!),
    keys: keyFileDataKeys(process.env.TOKEN_KEY_FILE!),
    mail: { gmail: gmail.auth, outlook: outlook.auth },
    mailApis: { gmail: { unwatch: async () => {} }, outlook: { unwatch: async () => {} } },
    live: { publish: async (_uid: string, event: LiveEvent) => void events.push(event) },
    now,
    newId: mailboxes.newMailboxId,
    webOrigin,
    logger: silent,
  };
  const connect = async (provider: 'gmail' | 'outlook', email: string) => {
    const uid = randomUUID();
    const fake = provider === 'gmail' ? gmail : outlook;
    const { state } = await mailboxes.startSignIn(deps, uid, { provider, origin: webOrigin });
    const code = fake.consent(state, email);
    const answer = await mailboxes.finishPublicSignIn(deps, { provider, code, state, origin: webOrigin });
    const item = (await getMailbox(deps.db, uid, answer.connection.id))!;
    return { uid, id: answer.connection.id, item };
  };
  return { deps, gmail, outlook, events, clock, connect };
};

/** Tokens that expire `minutes` after the test's now: made with a clock moved so the fake's 1 h lifetime ends there. */
const connectExpiringIn = async (t: ReturnType<typeof setup>, provider: 'gmail' | 'outlook', minutes: number) => {
  const real = t.clock.now;
  t.clock.now = new Date(real.getTime() + (minutes - 60) * 60_000);
  const made = await t.connect(provider, `${randomUUID().slice(0, 8)}@${provider}.test`);
  t.clock.now = real;
  return made;
};

describe('the token-refresh job', () => {
  it('renews only the connections expiring within 15 minutes', async () => {
    const t = setup(2005);
    const soon = await connectExpiringIn(t, 'gmail', 10);
    const past = await connectExpiringIn(t, 'outlook', -5);
    const later = await connectExpiringIn(t, 'gmail', 20);
    t.gmail.calls.splice(0);
    t.outlook.calls.splice(0);

    const summary = await refreshExpiringConnections(t.deps);

    expect(summary).toEqual({ due: 2, renewed: 2, expired: 0, skipped: 0, failed: 0, left: 0 });
    expect(t.gmail.calls.filter((call) => call === 'refresh')).toHaveLength(1);
    expect(t.outlook.calls.filter((call) => call === 'refresh')).toHaveLength(1);
    const [soonAfter, pastAfter, laterAfter] = await Promise.all(
      [soon, past, later].map((made) => getMailbox(t.deps.db, made.uid, made.id)),
    );
    expect(soonAfter).toMatchObject({ status: 'connected', expiry: '2005-03-01T10:00:00.000Z' });
    expect(pastAfter).toMatchObject({ status: 'connected', expiry: '2005-03-01T10:00:00.000Z' });
    expect(laterAfter!.expiry).toBe(later.item.expiry);
  });

  it('is idempotent: a second run finds nothing left to renew', async () => {
    const t = setup(2004);
    await connectExpiringIn(t, 'gmail', 5);
    await refreshExpiringConnections(t.deps);
    t.gmail.calls.splice(0);
    await refreshExpiringConnections(t.deps);
    expect(t.gmail.calls).toEqual([]);
  });

  it('marks a revoked connection expired and tells its tabs, takes it off the schedule, and goes on with the others despite a failure', async () => {
    const t = setup(2003);
    const revoked = await connectExpiringIn(t, 'gmail', 5);
    const failing = await connectExpiringIn(t, 'gmail', 6);
    const fine = await connectExpiringIn(t, 'outlook', 7);
    t.gmail.revoke(revoked.item.email);
    t.gmail.state.failRefreshOf.add(failing.item.email);
    t.events.splice(0);

    const summary = await refreshExpiringConnections(t.deps);

    expect(summary).toEqual({ due: 3, renewed: 1, expired: 1, skipped: 0, failed: 1, left: 0 });
    expect(await getMailbox(t.deps.db, revoked.uid, revoked.id)).toMatchObject({
      status: 'expired',
      refreshError: 'invalid_grant',
    });
    expect(t.events).toContainEqual({ type: 'connection.changed', data: { kind: 'email', id: revoked.id } });
    expect(await getMailbox(t.deps.db, failing.uid, failing.id)).toMatchObject({
      status: 'connected',
      expiry: failing.item.expiry,
    });
    expect(await getMailbox(t.deps.db, fine.uid, fine.id)).toMatchObject({
      status: 'connected',
      expiry: '2003-03-01T10:00:00.000Z',
    });
    t.gmail.calls.splice(0);
    t.gmail.state.failRefreshOf.clear();
    await refreshExpiringConnections(t.deps);
    // the expired one is off the schedule; the one that failed is tried again
    expect(t.gmail.calls.filter((call) => call === 'refresh')).toHaveLength(1);
    expect(await getMailbox(t.deps.db, failing.uid, failing.id)).toMatchObject({
      expiry: '2003-03-01T10:00:00.000Z',
    });
  });

  it("starts no renewal it could not finish before the run's time is up, and the next run takes it", async () => {
    const t = setup(2002);
    const due = await connectExpiringIn(t, 'gmail', 5);
    t.gmail.calls.splice(0);
    const almostUp = new Date(t.clock.now.getTime() + renewalWorstCaseMs.mail - 1);

    expect(await refreshExpiringConnections(t.deps, { deadline: almostUp })).toEqual({
      due: 1,
      renewed: 0,
      expired: 0,
      skipped: 0,
      failed: 0,
      left: 1,
    });
    expect(t.gmail.calls).toEqual([]);
    const enough = new Date(t.clock.now.getTime() + renewalWorstCaseMs.mail);
    expect(await refreshExpiringConnections(t.deps, { deadline: enough })).toMatchObject({ renewed: 1, left: 0 });
    expect(await getMailbox(t.deps.db, due.uid, due.id)).toMatchObject({ expiry: '2002-03-01T10:00:00.000Z' });
  });
});
