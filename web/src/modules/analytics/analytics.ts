import { authPaths, contactsPaths, publicPaths } from '@/lib/paths';
/**
 * Page visits and named events (SPEC §2 'Page styles and tracking'). One small module with no dependencies, so the
 * public pages can use it: it does nothing until {@link configureAnalytics} is given an endpoint by `config.json`.
 */

/** SPEC §2: named events for pricing, features, signup and dashboard views, besides every page visit. */
export type AnalyticsEventName =
  | 'page_view'
  | 'pricing_view'
  | 'features_view'
  | 'signup_view'
  | 'dashboard_view'
  | 'test_event';

export type AnalyticsEvent = {
  name: AnalyticsEventName;
  path: string;
  /** ISO 8601 */
  at: string;
  properties?: Record<string, string | number | boolean>;
};

export type AnalyticsSink = (event: AnalyticsEvent) => void;

/** The paths whose visit also raises a named event. */
export const namedPageEvents: Readonly<Record<string, AnalyticsEventName>> = {
  [publicPaths.pricing]: 'pricing_view',
  [publicPaths.features]: 'features_view',
  [authPaths.signUp]: 'signup_view',
  [contactsPaths.dashboard]: 'dashboard_view',
};

let sink: AnalyticsSink | undefined;

/** Sends each event as a small JSON POST that survives the page being left (`keepalive`); failures are dropped. */
export const endpointSink =
  (endpoint: string, fetchFn: typeof fetch = fetch): AnalyticsSink =>
  (event) => {
    void fetchFn(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  };

/** Turns tracking on (an endpoint from `config.json`, or any sink) or off (undefined). */
export const configureAnalytics = (target: { endpoint: string } | AnalyticsSink | undefined) => {
  sink = typeof target === 'function' ? target : target ? endpointSink(target.endpoint) : undefined;
};

export const isAnalyticsConfigured = () => sink !== undefined;

export const track = (name: AnalyticsEventName, path: string, properties?: AnalyticsEvent['properties']) => {
  sink?.({ name, path, at: new Date().toISOString(), ...(properties ? { properties } : {}) });
};

/** A visit of `path`: always a `page_view`, and the named event of that path if it has one. */
export const trackPageView = (path: string) => {
  track('page_view', path);
  const named = namedPageEvents[path];
  if (named) track(named, path);
};
