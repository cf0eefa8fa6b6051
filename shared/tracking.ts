/**
 * Page-visit tracking (SPEC §2 'Page visits are tracked, with named events for pricing, features, signup and
 * dashboard views'): what the browser may send to the product's own collector (`POST /api/track`) and what it keeps.
 * Zod-free, so the public pages' tracker (web/src/modules/analytics) can import it at no cost; the collector's zod
 * schema (shared/schemas/tracking.ts) is built from the same constants.
 */

/** Every visit is a `page_view`; four pages also raise a named event; `test_event` is the pixel test page's button. */
export const trackedEventNames = [
  'page_view',
  'pricing_view',
  'features_view',
  'signup_view',
  'dashboard_view',
  'test_event',
] as const;
export type TrackedEventName = (typeof trackedEventNames)[number];

export const trackingLimits = {
  /** events in one request: the tracker sends what a visitor did in the last seconds, a handful */
  batchSize: 20,
  /** characters of a path (the app's longest, with an id, is under 60) */
  pathLength: 120,
  /**
   * bytes of a request body: 20 events of the longest path, name and timestamp are about 4 KB; anything bigger is no
   * tracker of ours (413 before it is parsed)
   */
  bodyBytes: 8_192,
} as const;

/**
 * A path as the app's router knows them: a slash, then letters, digits and `-_./:` only, so no query string, fragment,
 * markup or script; the tracker sends `location.pathname` with ids replaced by `:id`.
 */
export const trackedPathPattern = /^\/[A-Za-z0-9\-_./:]*$/;

/** Days a day's counters are kept (`ttl`): a year and a month, to compare a month with the same month a year before. */
export const trackedDaysKept = 400;

/** A Reddit pixel id as Reddit's Events Manager shows it (`t2_abc123`, `a2_...`): the web hands it to the pixel. */
export const redditPixelIdPattern = /^[A-Za-z0-9_]{1,64}$/;
