import * as z from 'zod/mini';
import type { DomainRouteTable } from './route-spec.js';
import { lazySchema } from '../lazy-schema.js';

const healthResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ status: z.literal('ok'), time: z.string(), version: z.string() }),
);

/** The health Lambda's routes. */
export const healthRoutes = {
  'GET /api/health': {
    domain: 'health',
    auth: 'public',
    summary: 'Liveness of the API and its table',
    response: healthResponse,
  },
} as const satisfies DomainRouteTable<'health'>;
