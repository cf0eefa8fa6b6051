import { normalizedProfileSchema } from '../schemas/account.js';
import {
  batchIdParams,
  batchProgressSchema,
  batchStartedSchema,
  generateBatchBody,
  generatedEmailSchema,
  generateEmailBody,
} from '../schemas/ai.js';
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
  // SPEC §7, DESIGN §8: one e-mail, kept as the contact's primary initial_outreach draft unless save is false
  'POST /ai/generate-ai-email': {
    domain: 'ai',
    auth: 'user',
    summary: "Write one outreach e-mail to a contact from the user's profile and the contact's (AI port)",
    body: generateEmailBody,
    response: generatedEmailSchema,
  },
  'POST /api/outreach/generate': {
    domain: 'ai',
    auth: 'user',
    summary: 'Write e-mails for 1-100 contacts in the background: one ai-generation message per contact',
    body: generateBatchBody,
    response: batchStartedSchema,
  },
  'GET /api/outreach/batches/{batchId}': {
    domain: 'ai',
    auth: 'user',
    summary: "A batch's progress: its counts and each contact's state",
    params: batchIdParams,
    response: batchProgressSchema,
  },
} as const satisfies DomainRouteTable<'ai'>;
