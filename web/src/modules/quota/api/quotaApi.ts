import type { ApiClient } from '@/lib/http/apiClient';

/** SPEC §7: the contact slots of the current period (SPEC §3 'Quota'). */
export const getQuota = (api: Pick<ApiClient, 'request'>) => api.request('GET /api/profiles/slots');
