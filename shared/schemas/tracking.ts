import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema.js';
import { trackedEventNames, trackedPathPattern, trackingLimits } from '../tracking.js';

const trackedEvent = /* @__PURE__ */ lazySchema(() =>
  // strict: a field the tracker never sends (a user id, a referrer, an e-mail) is refused, not dropped
  z.strictObject({
    name: z.enum(trackedEventNames),
    path: z
      .string()
      .check(z.minLength(1))
      .check(z.maxLength(trackingLimits.pathLength))
      .check(z.regex(trackedPathPattern, 'Not a path of the app')),
    /** when the browser saw it (ISO 8601); the collector counts it on the day it arrives */
    at: z.iso.datetime({ offset: true }),
  }),
);

/** POST /api/track: what a visitor did in the last seconds (SPEC §2 'tracking'). */
export const trackBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ events: z.array(trackedEvent).check(z.minLength(1), z.maxLength(trackingLimits.batchSize)) }),
);
export type TrackBody = z.infer<typeof trackBody>;

/** What the collector counted: each distinct event and path of the request with its count for the day so far. */
export const trackResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    accepted: z.int().check(z.nonnegative()),
    /** UTC day (YYYY-MM-DD) the events were counted on */
    day: z.string(),
    counts: z.array(
      z.object({ name: z.enum(trackedEventNames), path: z.string(), count: z.int().check(z.positive()) }),
    ),
  }),
);
export type TrackResponse = z.infer<typeof trackResponse>;
