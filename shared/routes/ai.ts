import { normalizedProfileSchema } from '../schemas/account.js';
import type { DomainRouteTable } from './route-spec.js';

/** The AI Lambda's routes. */
export const aiRoutes = {
  // SPEC §7: after changes to résumé, cover letter, background, goals, interests, location or availability
  'POST /api/profiles/normalize': {
    domain: 'ai',
    auth: 'user',
    summary: 'Store a compact, normalised summary of the profile for AI drafting (through the AI port)',
    response: normalizedProfileSchema,
  },
} as const satisfies DomainRouteTable<'ai'>;
