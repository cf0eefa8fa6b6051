/**
 * The time the product acts on: when a send is due, when a reminder goes, how old a token is. In AWS it is the system
 * clock. The local stack runs every handler, worker and schedule in its own process and may move this time forward
 * (DESIGN §9 "Local clock": `POST /_local/clock` on the local gateway, `infra/local/clock.ts`) so a person or a test
 * sees a week of follow-ups in seconds; it sets the offset below, which nothing in a Lambda ever sets.
 *
 * Code that checks what a vendor or the identity provider stamped with the real time (JWT expiry, signed URLs, OAuth
 * token expiry as the vendor counts it) keeps `Date.now()`: those parties do not see the local offset.
 */
const offsetKey = Symbol.for('outreach.local-clock.offset-ms');

type ClockHolder = { [offsetKey]?: number };

const holder = globalThis as ClockHolder;

/** Milliseconds since the epoch, as the product sees them. */
export const nowMs = (): number => Date.now() + (holder[offsetKey] ?? 0);

/** The current time, as the product sees it. */
export const now = (): Date => new Date(nowMs());

/** How far the local stack has moved the product's time ahead of the system clock (0 outside the local stack). */
export const clockOffsetMs = (): number => holder[offsetKey] ?? 0;

/** For the local stack's clock only (infra/local): move the product's time to `offsetMs` ahead of the system clock. */
export const setClockOffsetMs = (offsetMs: number): void => {
  if (!Number.isFinite(offsetMs) || offsetMs < 0) throw new RangeError('The clock only moves forward');
  holder[offsetKey] = offsetMs;
};
