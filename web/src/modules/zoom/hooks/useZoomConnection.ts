import useSWR from 'swr';
import { isApiError, type ApiError } from '@/lib/http/ApiError';
import type { ApiClient } from '@/lib/http/apiClient';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveEvent } from '@/lib/live';
import { getZoomConnection, type ZoomConnection } from '../api/zoomApi';
import { zoomConnectionKey } from './zoomConnectionKeys';

/** The user's Zoom connection, null when there is none (the server answers 404). */
export const readZoomConnection = async (api: Pick<ApiClient, 'request'>): Promise<ZoomConnection | null> => {
  try {
    return await getZoomConnection(api);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
};

export type UseZoomConnection = {
  /** the connection as the server has it; null when none is connected (also while loading: see `isLoading`) */
  connection: ZoomConnection | null;
  isLoading: boolean;
  /** a failed read other than 'none' */
  error: ApiError | undefined;
  /** reads it again */
  refresh: () => Promise<unknown>;
};

/**
 * The user's Zoom connection (GET /zoom/connection, SPEC §7): `connection.connected` says whether a meeting booked now
 * gets a Zoom link; false with a `refreshError` means expired. Read again on the live `connection.changed` of Zoom
 * (a connect, a disconnect, a deauthorization or a failed renewal elsewhere).
 */
export const useZoomConnection = (): UseZoomConnection => {
  const api = useApiClient();
  const { data, error, isLoading, mutate } = useSWR<ZoomConnection | null, ApiError>(zoomConnectionKey, () =>
    readZoomConnection(api),
  );
  useLiveEvent('connection.changed', (event) => {
    if (event.kind === 'zoom') void mutate();
  });
  return { connection: data ?? null, isLoading, error, refresh: () => mutate() };
};
