import type { PendingTasks } from '@shared/schemas/dashboard';
import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveStatus } from '@/lib/live';
import { getPendingTasks, pendingTasksKey } from '../api/dashboardApi';
import { dashboardPollMs } from './useDashboardSummary';

/** Follow-ups fall due and meetings become today's with time alone (no event says so): read again this often. */
export const pendingTasksDuePollMs = 300_000;

/**
 * What to do next. Drafts, sends, replies, conversations, meetings, activity and counter events revalidate it (lib/live
 * staleKeys), as does the channel's reopening; without the channel it is polled as the summary is.
 */
export const usePendingTasks = () => {
  const api = useApiClient();
  const live = useLiveStatus();
  return useSWR<PendingTasks, ApiError>(pendingTasksKey, () => getPendingTasks(api), {
    refreshInterval: live === 'open' ? pendingTasksDuePollMs : dashboardPollMs,
    keepPreviousData: true,
  });
};
