import { movePipelineBody, pipelineCardSchema, pipelineContactParams, pipelineSchema } from '../schemas/pipeline.js';
import type { DomainRouteTable } from './route-spec.js';

/** The pipeline Lambda's routes (DESIGN §8 'Pipeline'). */
export const pipelineRoutes = {
  'GET /api/pipeline': {
    domain: 'pipeline',
    auth: 'user',
    summary: "The user's contacts grouped by stage",
    response: pipelineSchema,
  },
  'PATCH /api/pipeline/{contactId}': {
    domain: 'pipeline',
    auth: 'user',
    summary: 'Move a contact to a stage by hand',
    params: pipelineContactParams,
    body: movePipelineBody,
    response: pipelineCardSchema,
  },
} as const satisfies DomainRouteTable<'pipeline'>;
