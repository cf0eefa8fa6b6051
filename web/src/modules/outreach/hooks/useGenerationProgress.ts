import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useSnapshot } from 'valtio';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveEvent, useLiveStatus } from '@/lib/live';
import { authState } from '@/modules/auth/state/authState';
import { getBatchProgress, outreachKey } from '../api/outreachApi';
import {
  applyBatchProgress,
  applyProgressEvent,
  clearBatch,
  generationState,
  isBatchFinished,
  pruneGeneration,
  restoreGeneration,
  runningBatchIds,
} from '../state/generationState';

/** Batch progress is read this often while the live channel is down, and now and then while it is up. */
export const batchPollMs = 1_500;
const batchPollLiveMs = 10_000;
/** A finished batch's bar stays at its final count this long before it clears (SPEC §4: a batch ends by clearing). */
export const finishedBatchShownMs = 4_000;
const pruneEveryMs = 60_000;

/**
 * Keeps the generation state (SPEC §3) current: live `generation.progress` events as they happen, and the batch's
 * progress polled (every 1.5 s when the live channel is not open). A finished batch refreshes the list, then clears.
 */
export const useGenerationProgress = (onBatchFinished: (counts: { completed: number; failed: number }) => void) => {
  const api = useApiClient();
  const live = useLiveStatus();
  const { mutate } = useSWRConfig();
  const store = useSnapshot(generationState);
  const { batch } = store;
  const batchId = batch?.batchId ?? null;
  const finished = isBatchFinished(batch);

  useLiveEvent('generation.progress', (event) => applyProgressEvent(event, Date.now()));

  // every batch with a contact still being written here, the card's first: a batch the card no longer shows (another
  // started from a contact's drawer took it) is read too, or its contacts would stay 'Writing…' with the live
  // channel down, and the drafts' updates would wait for them for good (lib/live/draftUpdates.ts)
  const running = [...new Set([...(batchId && !finished ? [batchId] : []), ...runningBatchIds(store)])];
  const { data } = useSWR(
    running.length ? ['GET /api/outreach/batches/{batchId}', ...running] : null,
    async ([, ...ids]: readonly string[]) => {
      const answers = await Promise.allSettled(ids.map((id) => getBatchProgress(api, id)));
      const read = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
      // none read: SWR tries again as for any failed read
      if (!read.length && answers[0]?.status === 'rejected') throw answers[0].reason;
      return read;
    },
    { refreshInterval: live === 'open' ? batchPollLiveMs : batchPollMs, dedupingInterval: 500 },
  );
  useEffect(() => {
    for (const progress of data ?? []) applyBatchProgress(progress, Date.now());
  }, [data]);

  const completed = batch?.completed ?? 0;
  const failed = batch?.failed ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per finished batch, not per render
  useEffect(() => {
    if (!finished) return;
    onBatchFinished({ completed, failed });
    void mutate(outreachKey);
    // the contacts of the batch (their primary drafts), when no live event said so; the drafts themselves are read
    // once no generation runs any more (lib/live/draftUpdates.ts, SPEC §4 'Draft')
    void mutate((key) => Array.isArray(key) && key[0] === 'GET /api/contacts/{id}');
    const timer = setTimeout(clearBatch, finishedBatchShownMs);
    return () => clearTimeout(timer);
  }, [finished]);

  const userId = useSnapshot(authState).user?.userId ?? null;
  useEffect(() => {
    if (userId) restoreGeneration(userId, Date.now());
  }, [userId]);

  useEffect(() => {
    const timer = setInterval(() => pruneGeneration(Date.now()), pruneEveryMs);
    return () => clearInterval(timer);
  }, []);
};
