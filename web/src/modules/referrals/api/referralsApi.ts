import type { ApiClient } from '@/lib/http/apiClient';

/** DESIGN §8 'Referrals': the user's code and link, who signed up with it and the bonus slots earned. */
export const getReferrals = (api: Pick<ApiClient, 'request'>) => api.request('GET /api/referrals');
