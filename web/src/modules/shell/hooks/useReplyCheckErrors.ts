import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import type { RouteResponse } from '@shared/routes';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveEvent, useLiveStatus } from '@/lib/live';

/** The SWR key of the reply checks' state (GET /api/reply-checks). */
export const replyChecksKey = 'GET /api/reply-checks';

/** While the live channel is down, the reply checks' errors are read this often (SPEC §9: checks every 60 s at most). */
export const replyChecksPollMs = 60_000;

/**
 * The distinct SPEC §8 reply-check error texts of the user's mailboxes now (the red banner's, SPEC §2; null until
 * first read), from
 * GET /api/reply-checks: again on live `replyCheck.changed` and `connection.changed` (a reconnect clears an expired
 * mailbox's error), when the channel reopens after a drop, and every minute while it is down.
 */
export const useReplyCheckErrors = (): string[] | null => {
  const api = useApiClient();
  const live = useLiveStatus();
  const { data, mutate } = useSWR<RouteResponse<'GET /api/reply-checks'>, ApiError>(
    replyChecksKey,
    () => api.request('GET /api/reply-checks'),
    {
      refreshInterval: live === 'open' ? 0 : replyChecksPollMs,
      // a failed read shows no banner; the next event or poll tries again
      shouldRetryOnError: false,
    },
  );
  useLiveEvent('replyCheck.changed', () => void mutate());
  useLiveEvent('connection.changed', (event) => {
    if (event.kind === 'email') void mutate();
  });
  const wasOpen = useRef(live === 'open');
  useEffect(() => {
    if (live === 'open' && !wasOpen.current) void mutate();
    wasOpen.current = live === 'open';
  }, [live, mutate]);

  if (!data) return null;
  return [...new Set(data.mailboxes.flatMap((mailbox) => (mailbox.error ? [mailbox.error] : [])))];
};
