import { describe, expect, it } from 'vitest';
import {
  contactDrawerPath,
  contactFiltersOf,
  contactListPath,
  defaultContactFilters,
  withContactFilters,
} from './contactFilterParams';

describe("the contacts table's filters in the URL", () => {
  it('reads the search, the lookup and relationship filters and the sort', () => {
    expect(
      contactFiltersOf(new URLSearchParams('q=%20ada%20&lookup=error&relationship=replied&sort=name:asc&view=x')),
    ).toEqual({ q: 'ada', email_lookup_status: 'error', relationship_status: 'replied', sort: 'name', order: 'asc' });
  });

  it('leaves at their defaults what is missing or not one of the choices', () => {
    expect(contactFiltersOf(new URLSearchParams())).toEqual(defaultContactFilters);
    expect(
      contactFiltersOf(new URLSearchParams('q=%20&lookup=valid&relationship=friend&sort=company:desc&constructor=1')),
    ).toEqual(defaultContactFilters);
    expect(contactFiltersOf(new URLSearchParams('lookup=toString'))).toEqual(defaultContactFilters);
  });

  it('writes the filters, leaving out defaults and keeping the other parameters', () => {
    const next = withContactFilters(new URLSearchParams('view=analytics&contact=c1&lookup=pending&sort=name:asc'), {
      q: 'grace',
      relationship_status: 'new',
      sort: 'last_updated',
      order: 'desc',
    });
    expect(Object.fromEntries(next)).toEqual({ view: 'analytics', contact: 'c1', q: 'grace', relationship: 'new' });
    expect(contactFiltersOf(next)).toEqual({ ...defaultContactFilters, q: 'grace', relationship_status: 'new' });
  });

  it('links to the dashboard filtered, or with a contact open', () => {
    expect(contactListPath()).toBe('/dashboard');
    expect(contactListPath({ email_lookup_status: 'found_valid' })).toBe('/dashboard?lookup=found_valid');
    expect(contactListPath({ email_lookup_status: 'error', sort: 'name', order: 'desc' })).toBe(
      '/dashboard?lookup=error&sort=name%3Adesc',
    );
    expect(contactDrawerPath('c 1')).toBe('/dashboard?contact=c+1');
    expect(contactDrawerPath('c1', { reply: true })).toBe('/dashboard?contact=c1&reply=1');
  });
});
