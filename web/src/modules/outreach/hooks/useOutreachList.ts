import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveStatus } from '@/lib/live';
import { listOutreach, outreachKey, type OutreachRow } from '../api/outreachApi';

/** While e-mails are being written and the live channel is down, the list is read again this often. */
export const generatingPollMs = 3_000;
/** The most rows the page loads (GET /api/outreach pages of 100). */
const maxRows = 1_000;

/**
 * Every contact with its primary draft, page after page. The live channel revalidates it when a draft is saved or a
 * generation finishes; without it, the list polls while anything is being written.
 */
export const useOutreachList = (generating: boolean) => {
  const api = useApiClient();
  const live = useLiveStatus();
  const result = useSWR<OutreachRow[], ApiError>(
    outreachKey,
    async () => {
      const rows: OutreachRow[] = [];
      let cursor: string | undefined;
      do {
        const page = await listOutreach(api, cursor);
        rows.push(...page.rows);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && rows.length < maxRows);
      return rows;
    },
    { refreshInterval: generating && live !== 'open' ? generatingPollMs : 0, keepPreviousData: true },
  );
  return { ...result, rows: result.data ?? [] };
};
