import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveStatus } from '@/lib/live';
import {
  listNotifications,
  type NotificationList,
  notificationsKey,
  type ReadNotifications,
  readNotifications,
  withRead,
} from '../api/notificationsApi';

/** While the live channel is down, the panel reads the list again this often (a reply still shows up). */
export const notificationsPollMs = 30_000;

const empty: NotificationList = { notifications: [], unreadCount: 0 };

/**
 * The notification panel's list, as the server keeps it (SPEC §9: newest 30). The live channel's
 * `notification.created` revalidates it in every open tab; without the channel it polls. `markRead` stores read
 * state on the server, showing it at once and undoing it if the server refuses.
 */
export const useNotifications = () => {
  const api = useApiClient();
  const live = useLiveStatus();
  const result = useSWR<NotificationList, ApiError>(notificationsKey, () => listNotifications(api), {
    refreshInterval: live === 'open' ? 0 : notificationsPollMs,
    keepPreviousData: true,
  });

  const markRead = (body: ReadNotifications) =>
    result.mutate(
      async (current) => {
        await readNotifications(api, body);
        return withRead(current ?? empty, body);
      },
      {
        optimisticData: (current) => withRead(current ?? empty, body),
        rollbackOnError: true,
        revalidate: false,
      },
    );

  return { ...result, list: result.data ?? empty, markRead };
};
