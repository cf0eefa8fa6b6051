import { describe, expect, it } from 'vitest';
import { isUserSyncDue, recordUserSync } from './userSyncSchedule';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe('user sync schedule (SPEC §7, §9)', () => {
  const t0 = Date.UTC(2026, 10, 21, 9);

  it('is due for a user never synced in this browser', () => {
    const storage = memoryStorage();
    expect(isUserSyncDue('u1', { explicitSignIn: true, now: t0, storage })).toBe(true);
    expect(isUserSyncDue('u1', { explicitSignIn: false, now: t0, storage })).toBe(true);
  });

  it('skips a sign-in less than 60 s after the last sync, not one 60 s after', () => {
    const storage = memoryStorage();
    recordUserSync('u1', { now: t0, storage });
    expect(isUserSyncDue('u1', { explicitSignIn: true, now: t0 + 59_999, storage })).toBe(false);
    expect(isUserSyncDue('u1', { explicitSignIn: true, now: t0 + 60_000, storage })).toBe(true);
  });

  it('syncs a returning session once a day', () => {
    const storage = memoryStorage();
    recordUserSync('u1', { now: t0, storage });
    expect(isUserSyncDue('u1', { explicitSignIn: false, now: t0 + 23 * 3_600_000, storage })).toBe(false);
    expect(isUserSyncDue('u1', { explicitSignIn: false, now: t0 + 24 * 3_600_000, storage })).toBe(true);
  });

  it('keeps users apart', () => {
    const storage = memoryStorage();
    recordUserSync('u1', { now: t0, storage });
    expect(isUserSyncDue('u2', { explicitSignIn: true, now: t0 + 1, storage })).toBe(true);
  });
});
