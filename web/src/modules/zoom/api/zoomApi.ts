import type { RouteBody } from '@shared/routes';
import type { ZoomConnection } from '@shared/schemas/meetings';
import type { ApiClient } from '@/lib/http/apiClient';

type Api = Pick<ApiClient, 'request'>;

export type { ZoomConnection };

/** The user's Zoom connection (SPEC §7); a 404 (ApiError status 404) means there is none. */
export const getZoomConnection = (api: Api, signal?: AbortSignal) => api.request('GET /zoom/connection', { signal });

/** Finishes connecting Zoom with the code and state Zoom sent the browser back with. */
export const exchangeZoomCode = (api: Api, body: RouteBody<'POST /zoom/oauth/exchange'>) =>
  api.request('POST /zoom/oauth/exchange', { body });

/** Revokes the grant at Zoom and forgets its tokens (done when there is none). */
export const disconnectZoom = (api: Api) => api.request('POST /zoom/disconnect');

/**
 * Starts connecting Zoom (DESIGN §9): the server keeps a state for this user and answers Zoom's consent URL and that
 * state; Zoom sends the browser back to `redirect` with `code` and `state`, and only this user may exchange them.
 */
export const startZoomConnect = (api: Api, body: RouteBody<'POST /zoom/oauth/init'>) =>
  api.request('POST /zoom/oauth/init', { body });
