import { randomUUID } from 'node:crypto';
import type { IdempotencyStore } from '../data/idempotency.js';

/**
 * The rules of `dynamoIdempotencyStore` over a Map, for unit tests of workers: a key is free when absent or its lock
 * ran out, `done` once completed; only the holder's token completes or releases it. `items` shows what is stored.
 */
export const memoryIdempotencyStore = () => {
  const items = new Map<string, { status: 'in_progress' | 'done'; token: string; lockedUntil: number }>();
  const store: IdempotencyStore = {
    claim: async (key, lockedUntil, now) => {
      const held = items.get(key);
      if (held?.status === 'done') return { outcome: 'done' };
      if (held && held.lockedUntil >= now.getTime()) return { outcome: 'busy' };
      const token = randomUUID();
      items.set(key, { status: 'in_progress', token, lockedUntil: lockedUntil.getTime() });
      return { outcome: 'claimed', token };
    },
    complete: async (key, token) => {
      const held = items.get(key);
      if (held?.token !== token) throw new Error(`the claim of ${key} is not ours`);
      items.set(key, { ...held, status: 'done' });
    },
    release: async (key, token) => {
      if (items.get(key)?.token === token) items.delete(key);
    },
  };
  return { store, items };
};
