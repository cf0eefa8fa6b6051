import { describe, expect, it } from 'vitest';
import { routeAuth } from 'virtual:route-auth';
import { routes } from '@shared/routes';
import { routeAuthTable } from './routeAuth';

describe('virtual:route-auth', () => {
  it('names every route of shared/routes.ts with the auth the table gives it', () => {
    expect(routeAuthTable()).toEqual(Object.fromEntries(Object.entries(routes).map(([key, spec]) => [key, spec.auth])));
    expect(Object.keys(routeAuth)).toEqual(Object.keys(routes));
    expect(routeAuth['GET /api/health']).toBe('public');
  });
});
