import * as z from 'zod';
import { lazySchema } from '../lazy-schema.js';
import { trackedEventNames, trackedPathPattern, trackingLimits } from '../tracking.js';

const trackedEvent = /* @__PURE__ */ lazySchema(() =>
  // strict: a field the tracker never sends (a user id, a referrer, an e-mail) is refused, not dropped
  z.strictObject({
    name: z.enum(trackedEventNames),
    path: z.string().min(1).max(trackingLimits.pathLength).regex(trackedPathPattern, 'Not a path of the app'),
    /** when the browser saw it (ISO 8601); the collector counts it on the day it arrives */
    at: z.iso.datetime({ offset: true }),
  }),
);

/** POST /api/track: what a visitor did in the last seconds (SPEC §2 'tracking'). */
export const trackBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ events: z.array(trackedEvent).min(1).max(trackingLimits.batchSize) }),
);
export type TrackBody = z.infer<typeof trackBody>;

/** What the collector counted: each distinct event and path of the request with its count for the day so far. */
export const trackResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    accepted: z.number().int().nonnegative(),
    /** UTC day (YYYY-MM-DD) the events were counted on */
    day: z.string(),
    counts: z.array(
      z.object({ name: z.enum(trackedEventNames), path: z.string(), count: z.number().int().positive() }),
    ),
  }),
);
export type TrackResponse = z.infer<typeof trackResponse>;
