import type { PipelineStage } from '@shared/schemas/pipeline';
import type { ApiClient } from '@/lib/http/apiClient';
import { routeKey } from '@/lib/http/routeKey';

type Api = Pick<ApiClient, 'request'>;

/** The SWR key of the board (the route's name, as the live channel's staleKeys expects). */
export const pipelineKey = routeKey('GET /api/pipeline');

/** DESIGN §8: the user's contacts grouped by stage, each stage most recently changed first. */
export const getPipeline = (api: Api, signal?: AbortSignal) => api.request('GET /api/pipeline', { signal });

/** Moves a contact to `stage` by hand; answers its card as stored. */
export const moveToStage = (api: Api, contactId: string, stage: PipelineStage) =>
  api.request('PATCH /api/pipeline/{contactId}', { params: { contactId }, body: { stage } });
