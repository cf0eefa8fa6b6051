import { describe, expect, it } from 'vitest';
import { domains, routeEntries, routes, routesOf, routeTables } from './routes.js';

describe('the route table', () => {
  it('holds every route of every domain table once, none lost to a key two domains share', () => {
    const perDomain = Object.values(routeTables).flatMap((table) => Object.keys(table));
    expect(new Set(perDomain).size).toBe(perDomain.length);
    expect(Object.keys(routes).sort()).toEqual([...perDomain].sort());
  });

  it('has a table for every domain, whose routes all name that domain', () => {
    expect(Object.keys(routeTables).sort()).toEqual([...domains].sort());
    for (const domain of domains) {
      expect(
        routesOf(domain)
          .map((route) => route.key)
          .sort(),
      ).toEqual(Object.keys(routeTables[domain]).sort());
    }
  });

  it('splits each key into the method and the path API Gateway and the local gateway serve', () => {
    const contact = routeEntries().find((route) => route.key === 'GET /api/contacts/{id}');
    expect(contact).toMatchObject({ method: 'GET', path: '/api/contacts/{id}', domain: 'contacts', auth: 'user' });
  });
});
