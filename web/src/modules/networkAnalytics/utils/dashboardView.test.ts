import { describe, expect, it } from 'vitest';
import { paramsWithPeriod, periodOf } from './analyticsPeriod';
import { dashboardViewOf, searchForView } from './dashboardView';

const params = (search: string) => new URLSearchParams(search);

describe('the dashboard view in the URL', () => {
  it('is analytics only for view=analytics', () => {
    expect(dashboardViewOf(params('?view=analytics&period=year'))).toBe('analytics');
    expect(dashboardViewOf(params(''))).toBe('contacts');
    expect(dashboardViewOf(params('?view=charts'))).toBe('contacts');
  });

  it('keeps the contacts filters when switching to analytics and back, the period going with analytics', () => {
    const analytics = searchForView(params('?q=ada&lookup=error'), 'analytics');
    expect(analytics).toBe('?q=ada&lookup=error&view=analytics');
    const withPeriod = paramsWithPeriod(params(analytics), 'quarter');
    expect(withPeriod.toString()).toBe('q=ada&lookup=error&view=analytics&period=quarter');
    expect(searchForView(withPeriod, 'contacts')).toBe('?q=ada&lookup=error');
    expect(searchForView(params('?view=analytics&period=month'), 'contacts')).toBe('');
  });
});

describe('the analytics period in the URL', () => {
  it('reads the four periods, and week for none or anything else', () => {
    for (const period of ['week', 'month', 'quarter', 'year'] as const) {
      expect(periodOf(params(`?view=analytics&period=${period}`))).toBe(period);
    }
    expect(periodOf(params('?view=analytics'))).toBe('week');
    expect(periodOf(params('?period=decade'))).toBe('week');
  });

  it('replaces the period, keeping the rest', () => {
    expect(paramsWithPeriod(params('?view=analytics&period=week&q=x'), 'year').toString()).toBe(
      'view=analytics&period=year&q=x',
    );
  });
});
