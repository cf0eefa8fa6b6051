import type { PipelineCard, PipelineStage } from '@shared/schemas/pipeline';
import { i18n } from '@/i18n';
import { stageLabel } from '../utils/stageLabel';
import { useMemo } from 'react';
import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveStatus } from '@/lib/live';
import { useToast } from '@/ui/toast/useToast';
import { getPipeline, moveToStage, pipelineKey } from '../api/pipelineApi';
import { boardOf, findCard, type Pipeline, withCard } from '../utils/pipelineBoard';

/** While the live channel is down, the board is read again this often (sends and replies still move cards). */
export const pipelinePollMs = 30_000;

/**
 * The pipeline board from the server. The live channel (`pipeline.changed`, `email.sent`, `reply.received`)
 * revalidates it; without the channel it polls. `move` shows a card in its new stage at once, stores it with
 * PATCH, and puts it back (with a toast saying why) when the server refuses.
 */
export const usePipeline = () => {
  const api = useApiClient();
  const live = useLiveStatus();
  const toast = useToast();
  const result = useSWR<Pipeline, ApiError>(pipelineKey, () => getPipeline(api), {
    refreshInterval: live === 'open' ? 0 : pipelinePollMs,
    keepPreviousData: true,
  });
  const stages = useMemo(() => boardOf(result.data), [result.data]);

  const move = async (card: PipelineCard, stage: PipelineStage) => {
    if (card.stage === stage) return;
    const moved: PipelineCard = { ...card, stage, stageChangedAt: new Date().toISOString(), movedBy: 'manual' };
    try {
      await result.mutate(async (current) => withCard(current, await moveToStage(api, card.contactId, stage)), {
        optimisticData: (current) => withCard(current, moved),
        rollbackOnError: true,
        revalidate: false,
      });
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : String(caught);
      toast.error(i18n.t('pipeline:moveFailed', { name: card.name, stage: stageLabel(stage) }), {
        description: reason,
      });
      // the server may know of changes this tab missed: read it again
      void result.mutate();
    }
  };

  return { ...result, stages, move, find: (contactId: string) => findCard(result.data, contactId) };
};
