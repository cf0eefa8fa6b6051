import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { listTemplates } from '../api/outreachApi';

/** The user's templates, to write from (read when a dialog that offers them opens). */
export const useTemplates = (enabled: boolean) => {
  const api = useApiClient();
  return useSWR<Awaited<ReturnType<typeof listTemplates>>, ApiError>(enabled ? 'GET /api/templates' : null, () =>
    listTemplates(api),
  );
};
