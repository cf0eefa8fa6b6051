import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveEvent } from '@/lib/live';
import { detailedAnalyticsRoute, getDetailedAnalytics } from '../api/networkAnalyticsApi';
import type { TimePeriod } from '../utils/analyticsPeriod';
import type { DetailedAnalytics } from '../utils/analyticsTables';

/**
 * The period's analytics. The counters behind them change after the fact (the stats aggregator publishes
 * `stats.changed` once a send or a reply is counted): then they are read again. While another period loads, the one
 * shown stays (`data.time_period` says which it is).
 */
export const useDetailedAnalytics = (period: TimePeriod) => {
  const api = useApiClient();
  const query = useSWR<DetailedAnalytics, ApiError>(
    [detailedAnalyticsRoute, period],
    ([, which]: readonly [string, TimePeriod]) => getDetailedAnalytics(api, which),
    { keepPreviousData: true },
  );
  const { mutate } = query;
  useLiveEvent('stats.changed', () => void mutate());
  return query;
};
