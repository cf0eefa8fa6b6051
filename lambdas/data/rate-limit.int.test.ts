import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readItem } from '../test/raw-items.js';
import { createDataClient } from './client.js';
import { rateLimitKey, rateLimits, takeTokens } from './rate-limit.js';

const db = createDataClient(process.env.TABLE_NAME!);
const start = new Date('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('per-user token buckets', () => {
  it('allows a burst up to the capacity, then one per refill time, and says how long to wait', async () => {
    const uid = randomUUID();
    const { capacity, refillEveryMs } = rateLimits.preview;
    for (let index = 0; index < capacity; index += 1) {
      expect(await takeTokens(db, uid, 'preview', { now: start })).toEqual({ allowed: true });
    }
    expect(await takeTokens(db, uid, 'preview', { now: start })).toEqual({
      allowed: false,
      retryAfterSeconds: refillEveryMs / 1000,
    });
    // 40 s later: 20 s to go for the next token
    expect(await takeTokens(db, uid, 'preview', { now: at(40_000) })).toEqual({
      allowed: false,
      retryAfterSeconds: 20,
    });
    expect(await takeTokens(db, uid, 'preview', { now: at(refillEveryMs) })).toEqual({ allowed: true });
    expect((await takeTokens(db, uid, 'preview', { now: at(refillEveryMs) })).allowed).toBe(false);
    // a long pause fills the bucket up to its capacity, never beyond
    const later = at(100 * capacity * refillEveryMs);
    for (let index = 0; index < capacity; index += 1) {
      expect((await takeTokens(db, uid, 'preview', { now: later })).allowed).toBe(true);
    }
    expect((await takeTokens(db, uid, 'preview', { now: later })).allowed).toBe(false);
  });

  it('never gives more tokens than the bucket holds to requests at once', async () => {
    const uid = randomUUID();
    const outcomes = await Promise.all(
      Array.from({ length: 45 }, () => takeTokens(db, uid, 'preview', { now: start })),
    );
    const atOnce = outcomes.filter((outcome) => outcome.allowed).length;
    expect(atOnce).toBeLessThanOrEqual(rateLimits.preview.capacity);
    // what a request that kept losing races left in the bucket is still there for the next ones
    let after = 0;
    while ((await takeTokens(db, uid, 'preview', { now: start })).allowed) after += 1;
    expect(atOnce + after).toBe(rateLimits.preview.capacity);
  });

  it('takes several tokens at once, waiting for all of them', async () => {
    const uid = randomUUID();
    expect(await takeTokens(db, uid, 'emailCheck', { now: start, cost: 100 })).toEqual({ allowed: true });
    expect(await takeTokens(db, uid, 'emailCheck', { now: start, cost: 3 })).toEqual({
      allowed: false,
      retryAfterSeconds: 90,
    });
    await expect(takeTokens(db, uid, 'emailCheck', { now: start, cost: 101 })).rejects.toThrow(/capacity 100/);
  });

  it('keeps one bucket per user, action and subject, dropped by TTL once full again', async () => {
    const [ada, grace] = [randomUUID(), randomUUID()];
    for (let index = 0; index < 3; index += 1) {
      await takeTokens(db, ada, 'typedEmail', { now: start, subject: 'contact-1' });
    }
    expect((await takeTokens(db, ada, 'typedEmail', { now: start, subject: 'contact-1' })).allowed).toBe(false);
    expect((await takeTokens(db, ada, 'typedEmail', { now: start, subject: 'contact-2' })).allowed).toBe(true);
    expect((await takeTokens(db, grace, 'typedEmail', { now: start, subject: 'contact-1' })).allowed).toBe(true);
    expect((await takeTokens(db, ada, 'profileSummary', { now: start })).allowed).toBe(true);

    const stored = await readItem(db, rateLimitKey(ada, 'typedEmail', 'contact-1'));
    const { capacity, refillEveryMs } = rateLimits.typedEmail;
    expect(stored).toMatchObject({
      entity: 'rateLimit',
      uid: ada,
      ttl: (start.getTime() + capacity * refillEveryMs) / 1000,
    });
  });
});
