import type { RouteBody } from '@shared/routes';
import type { Connection, MailProvider } from '@shared/schemas/mailboxes';
import type { ApiClient } from '@/lib/http/apiClient';

type Api = Pick<ApiClient, 'request'>;

export type { Connection as EmailConnection, MailProvider };

/** The user's mailboxes, the default first (SPEC §7 'E-mail connections'). */
export const listEmailConnections = (api: Api) => api.request('GET /api/email-connections');

/** The default mailbox; a 404 (ApiError status 404) means there is none. */
export const getDefaultEmailConnection = (api: Api, signal?: AbortSignal) =>
  api.request('GET /api/email-connections/default', { signal });

export const countEmailConnections = (api: Api) => api.request('GET /api/email-connections/count');

export const getEmailConnectionByEmail = (api: Api, email: string) =>
  api.request('GET /api/email-connections/email/{email}', { params: { email } });

/** Renews the mailbox's access token now; a revoked grant answers the connection as expired with its refreshError. */
export const refreshEmailConnection = (api: Api, id: string) =>
  api.request('POST /api/email-connections/{id}/refresh', { params: { id } });

export const makeDefaultEmailConnection = (api: Api, id: string) =>
  api.request('POST /api/email-connections/{id}/default', { params: { id } });

export const validateEmailConnection = (api: Api, id: string) =>
  api.request('POST /api/email-connections/{id}/validate', { params: { id } });

export const disconnectEmailConnection = (api: Api, id: string) =>
  api.request('DELETE /api/email-connections/{id}', { params: { id } });

/** Starts a connect flow: the provider's authorization URL and the single-use state it will come back with. */
export const initEmailOAuth = (api: Api, body: RouteBody<'POST /api/email-connections/oauth/init'>) =>
  api.request('POST /api/email-connections/oauth/init', { body });

/** Finishes a connect flow with the code and state the provider redirected with (public route: no credentials). */
export const completeEmailOAuth = (api: Api, body: RouteBody<'POST /api/email-connections/oauth/callback-public'>) =>
  api.request('POST /api/email-connections/oauth/callback-public', { body });
