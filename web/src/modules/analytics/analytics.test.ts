// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  collectorUrlOf,
  configureAnalytics,
  deliveryLog,
  isAnalyticsConfigured,
  redditPixelEvents,
  redditPixelState,
  trackedPath,
  trackPageView,
} from './analytics';

const collectorUrl = 'https://api.example.com/api/track';

const counted = (counts: unknown[]) =>
  new Response(JSON.stringify({ success: true, data: { accepted: counts.length, day: '2026-03-02', counts } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const sentEvents = (fetchFn: ReturnType<typeof vi.fn<typeof fetch>>, call = 0) =>
  (JSON.parse(String(fetchFn.mock.calls[call]![1]?.body)) as { events: { name: string; path: string }[] }).events.map(
    ({ name, path }) => `${name} ${path}`,
  );

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});
afterEach(() => {
  configureAnalytics(undefined);
  vi.useRealTimers();
  for (const script of document.head.querySelectorAll('script')) script.remove();
  delete (window as { rdt?: unknown }).rdt;
  vi.unstubAllGlobals();
});

describe('page-visit tracking (SPEC §2)', () => {
  it('sends nothing until configured', () => {
    const fetchFn = vi.fn<typeof fetch>();
    trackPageView('/pricing');
    vi.runAllTimers();
    expect(isAnalyticsConfigured()).toBe(false);
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("goes to the product's own collector unless config.json names another", () => {
    expect(collectorUrlOf({ apiUrl: 'https://api.example.com/' })).toBe('https://api.example.com/api/track');
    expect(collectorUrlOf({ apiUrl: 'https://api.example.com', analytics: { endpoint: 'https://c.example/e' } })).toBe(
      'https://c.example/e',
    );
  });

  it('sends the visits of a moment in one keepalive request without cookies, and logs the counts the collector answers', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockResolvedValue(counted([{ name: 'page_view', path: '/pricing', count: 7 }]));
    configureAnalytics({ collectorUrl }, { fetchFn });
    for (const path of ['/pricing', '/features', '/signup', '/dashboard', '/blog']) trackPageView(path);
    expect(fetchFn).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();

    expect(fetchFn).toHaveBeenCalledTimes(1);
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe(collectorUrl);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    expect(sentEvents(fetchFn)).toEqual([
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
    expect(deliveryLog()[0]?.collector).toEqual({
      state: 'counted',
      counts: [{ name: 'page_view', path: '/pricing', count: 7 }],
    });
  });

  it('sends what is queued when the page is left, and logs a refusal with its status', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response(JSON.stringify({ success: false, error: 'Too many' }), { status: 429 }));
    configureAnalytics({ collectorUrl }, { fetchFn });
    trackPageView('/pricing');
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(deliveryLog()[0]?.collector).toEqual({ state: 'leaving' });
    await vi.runAllTimersAsync();
    expect(deliveryLog()[0]?.collector).toEqual({ state: 'refused', status: 429, error: 'Too many' });
  });

  it('counts a page, not one page per id, and never sends a path that is not one', () => {
    expect(trackedPath('/contacts/01HZX3K8D9Q2W7V5N4M6B1C0TA')).toBe('/contacts/:id');
    expect(trackedPath('/meetings/3f2b8c1e-9d4a-4b6e-8f0a-1c2d3e4f5a6b/edit')).toBe('/meetings/:id/edit');
    expect(trackedPath('/blog/%3Cscript%3E')).toBeNull();
    expect(trackedPath(`/${'a'.repeat(200)}`)).toBeNull();
  });

  it('loads the Reddit pixel only when an id is configured, and hands it the same events', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(counted([]));
    configureAnalytics({ collectorUrl }, { fetchFn });
    expect(document.querySelector('script[src*="redditstatic"]')).toBeNull();
    expect(redditPixelState()).toBe('off');

    configureAnalytics({ collectorUrl, redditPixelId: 't2_abc123' }, { fetchFn });
    expect(document.querySelectorAll('script[src="https://www.redditstatic.com/ads/pixel.js"]')).toHaveLength(1);
    expect(redditPixelState()).toBe('loading');
    trackPageView('/pricing');
    const rdt = (window as unknown as { rdt: { callQueue: unknown[][] } }).rdt;
    expect(rdt.callQueue).toEqual([
      ['init', 't2_abc123', { optOut: false, useDecimalCurrencyValues: true }],
      ['track', 'PageVisit'],
      ['track', 'Custom', { customEventName: 'pricing_view' }],
    ]);
    expect(redditPixelEvents().map((event) => event.name)).toEqual(['pricing_view', 'page_view']);
  });

  it('leaves the Reddit pixel out when the browser asks not to be tracked', () => {
    vi.stubGlobal('navigator', { ...navigator, doNotTrack: '1' });
    configureAnalytics({ collectorUrl, redditPixelId: 't2_abc123' }, { fetchFn: vi.fn<typeof fetch>() });
    expect(redditPixelState()).toBe('do-not-track');
    expect(document.querySelector('script[src*="redditstatic"]')).toBeNull();
  });
});
