import { UpdateCommand } from './dynamo.js';
import type { DataClient } from './client.js';
import { isConditionFailed } from './entity/condition.js';
import { updateParams } from './expressions.js';
import { tenantKey } from './entity/keys.js';

/** A token bucket: it holds up to `capacity` tokens and gets one back every `refillEveryMs`. */
export type TokenBucket = { capacity: number; refillEveryMs: number };

const minute = 60_000;
const hour = 60 * minute;

/**
 * The per-user limits on what costs money, all in one place. A call takes a token (an e-mail check of n
 * contacts takes n); a burst up to the capacity never waits, and sustained use is held to the refill rate, so one
 * account (a script, a stuck client) costs at most `capacity + 24 h / refillEveryMs` calls a day. Beyond that: 429
 * with `Retry-After`, the time until enough tokens are back.
 */
export const rateLimits = {
  /**
   * POST /api/contacts/preview: at most one enrichment call each (a fresh cached profile, or a profile the vendor
   * recently did not know, costs none); an add by URL whose profile no preview cached takes one too. 30 in a row
   * cover a session of adding contacts at a person's pace; then one a minute: at most about 1,500 a day.
   */
  preview: { capacity: 30, refillEveryMs: minute },
  /**
   * POST /api/profiles/normalize: one AI completion of up to ~40,000 characters of profile. People summarise again
   * after editing their profile: 5 in a row, then one every 12 minutes (at most 125 a day).
   */
  profileSummary: { capacity: 5, refillEveryMs: 12 * minute },
  /**
   * E-mail checks, each up to a few verifier calls: POST /api/contacts/lookup-email takes one token per contact (its
   * largest request, 100 contacts, fits the capacity) and verifying an address typed on PUT /api/contacts/{id} one.
   * Then two a minute (at most about 3,000 a day).
   */
  emailCheck: { capacity: 100, refillEveryMs: 30_000 },
  /**
   * Verifications of a typed address, per contact: 3 in a row, then one every 8 hours, i.e. a few a day however often
   * the address is retyped. Beyond that the address is saved but not verified (lambdas/contacts/service.ts).
   */
  typedEmail: { capacity: 3, refillEveryMs: 8 * hour },
  /**
   * POST /api/uploads: each ticket lets the browser store up to 5 MB, kept a day unless processed (the staging folder,
   * lambdas/documents/upload-key.ts). 20 in a row cover uploading, replacing and retrying a profile's documents; then
   * one every 3 minutes (at most about 500 a day).
   */
  uploadTicket: { capacity: 20, refillEveryMs: 3 * minute },
  /**
   * AI-written e-mails (POST /ai/generate-ai-email takes one, POST /api/outreach/generate one per contact): each a
   * research call and a completion. Its largest request, a batch of 100, fits the capacity; then one every 30 seconds
   * (at most about 3,000 a day).
   */
  aiGeneration: { capacity: 100, refillEveryMs: 30_000 },
  /**
   * GET /api/account/export: each reads the user's whole partition and every file, and stores one more document. A
   * person exports now and then, perhaps again after a change: 5 in a row, then one every 12 minutes (at most 125 a
   * day).
   */
  accountExport: { capacity: 5, refillEveryMs: 12 * minute },
} as const satisfies Record<string, TokenBucket>;

export type RateLimitedAction = keyof typeof rateLimits;

/** What taking tokens came to: taken, or refused with the wait until enough are back. */
export type TokenOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const rateLimitRecord = 'rateLimit';

/** One bucket per user and action (and subject: the contact of a typed address): `USER#<sub>` / `RATE#<action>`. */
export const rateLimitKey = (uid: string, action: RateLimitedAction, subject?: string) => ({
  pk: tenantKey(uid),
  sk: subject ? `RATE#${action}#${subject}` : `RATE#${action}`,
});

/** Tries after losing a race with another request of the same user and action; each loss means that one progressed. */
const maxAttempts = 8;

/**
 * Takes `cost` tokens of a user's bucket for `action` if it holds them (conditional UpdateItem). The bucket stores one
 * number, `emptyAt`: the time it held no token, so it holds `min(capacity, (now - emptyAt) / refillEveryMs)` now, the
 * refill computed from the time elapsed; no item is a full bucket. Taking tokens moves `emptyAt` later by their
 * refill time, from `now - capacity * refillEveryMs` at most (a full bucket): two conditional updates, one per case,
 * and a refused condition answers the stored `emptyAt` (ReturnValuesOnConditionCheckFailure), which says which case
 * to try next or how long to wait. One call for a full bucket, two at most otherwise, unless a concurrent request
 * took tokens in between. `ttl` drops the item once the bucket is full again (an absent item reads the same).
 */
export const takeTokens = async (
  db: DataClient,
  uid: string,
  action: RateLimitedAction,
  options: { now: Date; cost?: number; subject?: string },
): Promise<TokenOutcome> => {
  const { capacity, refillEveryMs } = rateLimits[action];
  const cost = options.cost ?? 1;
  if (!Number.isInteger(cost) || cost < 1 || cost > capacity) {
    throw new Error(`Cannot take ${cost} tokens of the ${action} bucket (capacity ${capacity})`);
  }
  const now = options.now.getTime();
  /** an `emptyAt` at or before this is a full bucket */
  const fullFrom = now - capacity * refillEveryMs;
  /** an `emptyAt` at or before this holds `cost` tokens */
  const enoughFrom = now - cost * refillEveryMs;
  const key = rateLimitKey(uid, action, options.subject);
  const fields = { uid, entity: rateLimitRecord, ttl: Math.ceil((now + capacity * refillEveryMs) / 1000) };

  const attempt = async (from: 'full' | 'partial') => {
    try {
      await db.documents.send(
        new UpdateCommand({
          ...updateParams(
            db.table,
            key,
            from === 'full'
              ? { set: { ...fields, emptyAt: fullFrom + cost * refillEveryMs } }
              : { set: fields, add: { emptyAt: cost * refillEveryMs } },
            (p) => {
              const emptyAt = p.name('emptyAt');
              return from === 'full'
                ? `attribute_not_exists(${emptyAt}) OR ${emptyAt} <= ${p.value(fullFrom)}`
                : `${emptyAt} > ${p.value(fullFrom)} AND ${emptyAt} <= ${p.value(enoughFrom)}`;
            },
          ),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return null;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      // the stored item as DynamoDB sends it (the document client does not convert a refusal's item)
      const stored = (error as { Item?: { emptyAt?: { N?: string } } }).Item?.emptyAt?.N;
      return stored === undefined ? fullFrom : Number(stored);
    }
  };

  let from: 'full' | 'partial' = 'full';
  for (let round = 0; round < maxAttempts; round += 1) {
    const emptyAt = await attempt(from);
    if (emptyAt === null) return { allowed: true };
    if (emptyAt > enoughFrom) return { allowed: false, retryAfterSeconds: Math.ceil((emptyAt - enoughFrom) / 1000) };
    from = emptyAt <= fullFrom ? 'full' : 'partial';
  }
  // every try lost to another request of the same user and action taking tokens: too many at once
  return { allowed: false, retryAfterSeconds: 1 };
};
