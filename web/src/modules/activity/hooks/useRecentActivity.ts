import type { ActivityAction } from '@shared/schemas/dashboard';
import { useEffect } from 'react';
import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { type LiveStatus, useLiveStatus } from '@/lib/live';
import { activityKey, listActivity } from '../api/activityApi';
import { sidebarActivity } from '../utils/activityText';

/** While an action runs, the log is read this often with the live channel down, and now and then with it up. */
export const activityProgressPollMs = 3_000;
export const activityProgressLivePollMs = 15_000;
/** With nothing running and the live channel down, the log is read this often (another tab, a worker, may add one). */
export const activityIdlePollMs = 30_000;

/** How often the log is read again (0: never, the live channel's `activity.changed` says when). */
export const activityPollMs = (live: LiveStatus, actions: readonly ActivityAction[] | undefined) => {
  const running = actions?.some((action) => action.status === 'in_progress') ?? false;
  if (running) return live === 'open' ? activityProgressLivePollMs : activityProgressPollMs;
  return live === 'open' ? 0 : activityIdlePollMs;
};

/** Where earlier versions kept the list in this browser (the server keeps it now). */
const storedActivityKey = 'outreach.recentActivity';

const forgetStoredActivity = () => {
  try {
    globalThis.localStorage?.removeItem(storedActivityKey);
  } catch {
    // storage blocked: nothing to forget
  }
};

/**
 * The sidebar's Recent Activity (SPEC §2, §9): the server's activity log, its 10 newest. The live channel's
 * `activity.changed` revalidates it (lib/live staleKeys), as does its reopening; it is polled while an action runs or
 * the channel is down. The list is per session: SessionCache starts the next person on a new SWR cache.
 */
export const useRecentActivity = () => {
  const api = useApiClient();
  const live = useLiveStatus();
  useEffect(forgetStoredActivity, []);
  const result = useSWR<ActivityAction[], ApiError>(activityKey, () => listActivity(api), {
    refreshInterval: (actions) => activityPollMs(live, actions),
    keepPreviousData: true,
  });
  return { ...result, actions: result.data ? sidebarActivity(result.data) : undefined };
};
