import type { ApiClient } from '@/lib/http/apiClient';

/**
 * DESIGN §6 "Your data": everything held about the person, as one JSON document, answered as a short-lived link to it
 * (`{url, fileName, size, expiresAt}`): a document of thousands of contacts is larger than an API answer may be.
 */
export const exportAccount = (api: ApiClient) => api.request('GET /api/account/export');

/** DESIGN §6 "Your data": deletes every item, file and the sign-in itself. */
export const deleteAccount = (api: ApiClient) => api.request('DELETE /api/account', { body: { confirm: 'DELETE' } });
