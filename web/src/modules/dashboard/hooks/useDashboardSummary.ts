import type { DashboardSummary } from '@shared/schemas/dashboard';
import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveStatus } from '@/lib/live';
import { dashboardSummaryKey, getDashboardSummary } from '../api/dashboardApi';

/** While the live channel is down, the dashboard is read again this often (sends, replies and lookups go on meanwhile). */
export const dashboardPollMs = 30_000;

/**
 * The summary's counts. The live `stats.changed` (the aggregator applied a change) revalidates it, as does the
 * channel's reopening (lib/live staleKeys, missedKeys); without the channel it is polled.
 */
export const useDashboardSummary = () => {
  const api = useApiClient();
  const live = useLiveStatus();
  return useSWR<DashboardSummary, ApiError>(dashboardSummaryKey, () => getDashboardSummary(api), {
    refreshInterval: live === 'open' ? 0 : dashboardPollMs,
    keepPreviousData: true,
  });
};
