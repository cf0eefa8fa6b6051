import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDataClient } from './client.js';
import {
  activateMailSync,
  advanceCursor,
  deactivateMailSync,
  getMailSync,
  mailboxesOfAddress,
  recordCheckOutcome,
} from './mail-sync.js';

const db = createDataClient(process.env.TABLE_NAME!);

const activated = async () => {
  const uid = randomUUID();
  const mailboxId = randomUUID();
  const email = `${uid.slice(0, 8)}@Gmail.com`;
  const first = await activateMailSync(db, { uid, mailboxId, provider: 'gmail', email, now: new Date() });
  return { uid, mailboxId, email, first };
};

describe("a mailbox's sync state", () => {
  it('moves its cursor only from the one a run read: a stale run never sets it back', async () => {
    const { uid, mailboxId } = await activated();
    expect(await advanceCursor(db, uid, mailboxId, null, '100')).toBe(true);
    // two runs read 100; the first moves it to 120, the second (which read 100 too) is refused
    expect(await advanceCursor(db, uid, mailboxId, '100', '120')).toBe(true);
    expect(await advanceCursor(db, uid, mailboxId, '100', '110')).toBe(false);
    expect(await advanceCursor(db, uid, mailboxId, null, '90')).toBe(false);
    expect((await getMailSync(db, uid, mailboxId))?.cursor).toBe('120');
  });

  it('is activated idempotently, keeping its cursor and errors, and found by its address in any case', async () => {
    const { uid, mailboxId, email, first } = await activated();
    expect(first).toEqual({ created: true });
    await advanceCursor(db, uid, mailboxId, null, '7');
    await recordCheckOutcome(db, uid, mailboxId, {
      lastCheckedAt: '2026-01-01T00:00:00.000Z',
      errorCount: 1,
      error: null,
      errorAt: null,
      retryAt: null,
    });
    await deactivateMailSync(db, uid, mailboxId);
    expect(await getMailSync(db, uid, mailboxId)).toMatchObject({ active: false });

    const again = await activateMailSync(db, { uid, mailboxId, provider: 'gmail', email, now: new Date() });
    expect(again).toEqual({ created: false });
    expect(await getMailSync(db, uid, mailboxId)).toMatchObject({
      active: true,
      cursor: '7',
      errorCount: 1,
      email: email.toLowerCase(),
    });
    expect(await mailboxesOfAddress(db, email.toUpperCase())).toEqual([{ uid, mailboxId }]);
  });
});
