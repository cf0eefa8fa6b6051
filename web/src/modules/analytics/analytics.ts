import { type TrackedEventName, trackedPathPattern, trackingLimits } from '@shared/tracking';
import { authPaths, contactsPaths, publicPaths } from '@/lib/paths';
/**
 * Page visits and named events (SPEC §2 'Page styles and tracking'). One small module without zod or React, so the
 * public pages can use it. Events go to the product's own collector (`POST <apiUrl>/api/track`, or the endpoint
 * `config.json` names) in small batches, and to the Reddit pixel when `config.json` names one and the browser does not
 * ask not to be tracked. Nothing is sent until {@link configureAnalytics} is called.
 */

export type AnalyticsEventName = TrackedEventName;

export type AnalyticsEvent = {
  name: AnalyticsEventName;
  path: string;
  /** ISO 8601 */
  at: string;
};

/** The paths whose visit also raises a named event. */
export const namedPageEvents: Readonly<Record<string, AnalyticsEventName>> = {
  [publicPaths.pricing]: 'pricing_view',
  [publicPaths.features]: 'features_view',
  [authPaths.signUp]: 'signup_view',
  [contactsPaths.dashboard]: 'dashboard_view',
};

/** What became of one batch at the collector: counted (with the day's counts), refused, unsent or unread. */
export type CollectorAnswer =
  | { state: 'sending' }
  | { state: 'counted'; counts: { name: AnalyticsEventName; path: string; count: number }[] }
  | { state: 'refused'; status: number; error?: string }
  | { state: 'failed' }
  /** sent as the page was left: its answer arrives after the page is gone */
  | { state: 'leaving' };

/** One batch sent, newest first in {@link deliveryLog}: what the pixel test page shows. */
export type Delivery = { id: number; sentAt: string; events: AnalyticsEvent[]; collector: CollectorAnswer };

/** The Reddit pixel: not configured, off because the browser asks not to be tracked, loading, loaded or failed. */
export type PixelState = 'off' | 'do-not-track' | 'loading' | 'loaded' | 'failed';

export type AnalyticsTarget = {
  /** the collector's URL */
  collectorUrl: string;
  redditPixelId?: string;
};

/** The collector URL a deployment's `config.json` means (shared/web-config.ts `analytics`). */
export const collectorUrlOf = (config: { apiUrl: string; analytics?: { endpoint: string } }) =>
  config.analytics?.endpoint ?? `${config.apiUrl.replace(/\/$/, '')}/api/track`;

/** events of a page seen together go in one request, this long after the last one */
const flushDelayMs = 1_000;
const logSize = 20;
/** the log survives reloads of the tab (sessionStorage), so the test page shows what the pages before it sent */
const logKey = 'outreach.analytics.deliveries';
const pixelScriptUrl = 'https://www.redditstatic.com/ads/pixel.js';

type RedditPixel = ((...args: unknown[]) => void) & { callQueue?: unknown[][]; sendEvent?: unknown };
type PixelWindow = Window & { rdt?: RedditPixel };

let target: AnalyticsTarget | undefined;
let fetchFn: typeof fetch = (...args) => fetch(...args);
let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let pixelState: PixelState = 'off';
let pixelEvents: AnalyticsEvent[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const readLog = (): Delivery[] => {
  try {
    const stored = JSON.parse(sessionStorage.getItem(logKey) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as Delivery[]) : [];
  } catch {
    return [];
  }
};
let log: Delivery[] | undefined;

const changed = () => {
  try {
    sessionStorage.setItem(logKey, JSON.stringify(log ?? []));
  } catch {
    // storage full or refused: the log is this page's only
  }
  for (const listener of listeners) listener();
};

/** Batches sent, newest first (the last 20 of this tab). */
export const deliveryLog = (): readonly Delivery[] => (log ??= readLog());
export const redditPixelState = (): PixelState => pixelState;
/** Events handed to the Reddit pixel on this page, newest first. */
export const redditPixelEvents = (): readonly AnalyticsEvent[] => pixelEvents;
/** For `useSyncExternalStore`: called whenever a batch is sent or answered, or the pixel's state changes. */
export const subscribeAnalytics = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const record = (delivery: Delivery) => {
  log = [delivery, ...deliveryLog()].slice(0, logSize);
  changed();
};

const answer = (id: number, collector: CollectorAnswer) => {
  log = deliveryLog().map((delivery) => (delivery.id === id ? { ...delivery, collector } : delivery));
  changed();
};

const readAnswer = async (response: Response): Promise<CollectorAnswer> => {
  const body = (await response.json().catch(() => null)) as {
    data?: { counts?: { name: AnalyticsEventName; path: string; count: number }[] };
    error?: string;
  } | null;
  return response.ok
    ? { state: 'counted', counts: body?.data?.counts ?? [] }
    : { state: 'refused', status: response.status, ...(body?.error ? { error: body.error } : {}) };
};

/** Sends the queued events now: one request (keepalive, so it survives the page being left), no cookies. */
export const flushAnalytics = (leaving = false) => {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (!target || queue.length === 0) return;
  const events = queue.slice(0, trackingLimits.batchSize);
  queue = queue.slice(trackingLimits.batchSize);
  const id = Date.now() * 100 + (nextId++ % 100);
  record({ id, sentAt: new Date().toISOString(), events, collector: { state: leaving ? 'leaving' : 'sending' } });
  void fetchFn(target.collectorUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ events }),
    keepalive: true,
    credentials: 'omit',
  })
    .then(readAnswer)
    .catch((): CollectorAnswer => ({ state: 'failed' }))
    .then((collector) => answer(id, collector));
  if (queue.length > 0) flushAnalytics(leaving);
};

const onPageHide = () => flushAnalytics(true);
const onVisibilityChange = () => {
  if (document.visibilityState === 'hidden') flushAnalytics(true);
};

/** SPEC §2 'tracking' for advertisers: only when the visitor's browser does not ask not to be tracked. */
const doNotTrack = () => {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.doNotTrack === '1' || browser.globalPrivacyControl === true;
};

const setPixelState = (state: PixelState) => {
  pixelState = state;
  changed();
};

/** Reddit's documented snippet: a queue `rdt(...)` the script drains once loaded, then `init` with the pixel id. */
let pixelIdInitialised: string | undefined;
const loadRedditPixel = (pixelId: string) => {
  if (doNotTrack()) return setPixelState('do-not-track');
  if (pixelIdInitialised === pixelId) return;
  pixelIdInitialised = pixelId;
  const page = window as PixelWindow;
  if (!page.rdt) {
    const rdt: RedditPixel = (...args: unknown[]) => {
      if (typeof rdt.sendEvent === 'function') (rdt.sendEvent as (...a: unknown[]) => void)(...args);
      else rdt.callQueue?.push(args);
    };
    rdt.callQueue = [];
    page.rdt = rdt;
    const script = document.createElement('script');
    script.src = pixelScriptUrl;
    script.async = true;
    script.onload = () => setPixelState('loaded');
    script.onerror = () => setPixelState('failed');
    document.head.appendChild(script);
  }
  page.rdt('init', pixelId, { optOut: false, useDecimalCurrencyValues: true });
  if (pixelState !== 'loaded') setPixelState('loading');
};

const toPixel = (event: AnalyticsEvent) => {
  if (pixelState === 'off' || pixelState === 'do-not-track') return;
  const rdt = (window as PixelWindow).rdt;
  if (!rdt) return;
  // a visit is Reddit's standard PageVisit; a named event is a custom one under its own name
  if (event.name === 'page_view') rdt('track', 'PageVisit');
  else rdt('track', 'Custom', { customEventName: event.name });
  pixelEvents = [event, ...pixelEvents].slice(0, logSize);
  changed();
};

/** Turns tracking on (the collector, and the pixel when an id is given) or off (undefined). */
export const configureAnalytics = (next: AnalyticsTarget | undefined, options: { fetchFn?: typeof fetch } = {}) => {
  flushAnalytics();
  target = next;
  if (options.fetchFn) fetchFn = options.fetchFn;
  window.removeEventListener('pagehide', onPageHide);
  document.removeEventListener('visibilitychange', onVisibilityChange);
  if (!next) return setPixelState('off');
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibilityChange);
  if (next.redditPixelId) loadRedditPixel(next.redditPixelId);
  else if (pixelState !== 'off') setPixelState('off');
};

export const isAnalyticsConfigured = () => target !== undefined;

/** Ids in a path (a contact's, a draft's) become `:id`: a page is counted as a page, not as one page per contact. */
const idSegment = /^(?:[0-9A-HJKMNP-TV-Z]{26}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4,})$/i;
export const trackedPath = (pathname: string): string | null => {
  const path = pathname
    .split('/')
    .map((segment) => (idSegment.test(segment) ? ':id' : segment))
    .join('/');
  return trackedPathPattern.test(path) && path.length <= trackingLimits.pathLength ? path : null;
};

export const track = (name: AnalyticsEventName, pathname: string) => {
  if (!target) return;
  const path = trackedPath(pathname);
  if (!path) return;
  const event = { name, path, at: new Date().toISOString() };
  queue.push(event);
  toPixel(event);
  if (queue.length >= trackingLimits.batchSize) flushAnalytics();
  else if (!timer) timer = setTimeout(() => flushAnalytics(), flushDelayMs);
};

/** A visit of `path`: always a `page_view`, and the named event of that path if it has one. */
export const trackPageView = (path: string) => {
  track('page_view', path);
  const named = namedPageEvents[path];
  if (named) track(named, path);
};
