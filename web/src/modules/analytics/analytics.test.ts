import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  configureAnalytics,
  endpointSink,
  isAnalyticsConfigured,
  trackPageView,
  type AnalyticsEvent,
} from './analytics';

afterEach(() => configureAnalytics(undefined));

describe('analytics', () => {
  it('does nothing until configured', () => {
    const fetchFn = vi.fn<typeof fetch>();
    trackPageView('/pricing');
    expect(isAnalyticsConfigured()).toBe(false);
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('records a page view and the named event of pricing, features, signup and dashboard visits', () => {
    const events: AnalyticsEvent[] = [];
    configureAnalytics((event) => events.push(event));
    for (const path of ['/pricing', '/features', '/signup', '/dashboard', '/blog']) trackPageView(path);
    expect(events.map(({ name, path }) => `${name} ${path}`)).toEqual([
      'page_view /pricing',
      'pricing_view /pricing',
      'page_view /features',
      'features_view /features',
      'page_view /signup',
      'signup_view /signup',
      'page_view /dashboard',
      'dashboard_view /dashboard',
      'page_view /blog',
    ]);
  });

  it('posts each event as JSON to the configured endpoint and swallows failures', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    configureAnalytics(endpointSink('https://collect.example.com/e', fetchFn));
    trackPageView('/features');
    expect(fetchFn).toHaveBeenCalledTimes(2);
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('https://collect.example.com/e');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'page_view', path: '/features' });
    await Promise.resolve();
  });
});
