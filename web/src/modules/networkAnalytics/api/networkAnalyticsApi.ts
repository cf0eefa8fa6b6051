import type { ApiClient } from '@/lib/http/apiClient';
import type { TimePeriod } from '../utils/analyticsPeriod';

type Api = Pick<ApiClient, 'request'>;

/** The SWR key's route (the live channel's staleKeys match keys by it). */
export const detailedAnalyticsRoute = 'GET /api/conversations/detailed-analytics';

/** The analytics over the last week, month, quarter or year (SPEC §7): counts, series, breakdowns, funnel. */
export const getDetailedAnalytics = (api: Api, period: TimePeriod, signal?: AbortSignal) =>
  api.request(detailedAnalyticsRoute, { query: { time_period: period }, signal });
