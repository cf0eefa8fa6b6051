import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { type LiveStatus, useLiveEvent, useLiveStatus } from '@/lib/live';
import { listOutreach, outreachKey, type OutreachRow } from '../api/outreachApi';
import { isLeaving, sendPollMs } from '../utils/sendState';

/** While e-mails are being written and the live channel is down, the list is read again this often. */
export const generatingPollMs = 3_000;
/** The most rows the page loads (GET /api/outreach pages of 100). */
const maxRows = 1_000;

/**
 * How often the list is read again (0: never): only while the live channel is down, every 3 s while e-mails are being
 * written or one of the rows' sends is leaving (not one scheduled for later).
 */
export const outreachPollMs = (live: LiveStatus, generating: boolean, rows: readonly OutreachRow[] | undefined) =>
  live === 'open'
    ? 0
    : generating
      ? generatingPollMs
      : rows?.some((row) => row.primaryDraft && isLeaving(row.primaryDraft, Date.now()))
        ? sendPollMs
        : 0;

/**
 * Every contact with its primary draft, page after page. The live channel revalidates it when a draft is saved, a
 * generation finishes or a send moves on; without it, the list polls while anything is being written or sent.
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
    {
      refreshInterval: (rows) => outreachPollMs(live, generating, rows),
      keepPreviousData: true,
    },
  );
  // a send that failed or waits (`email.sent` already makes the list stale, lib/live/revalidate.ts)
  useLiveEvent('email.sendState', () => void result.mutate());
  return { ...result, rows: result.data ?? [] };
};
