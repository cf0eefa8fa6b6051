import { type PipelineCard, type PipelineStage, pipelineStages } from '@shared/schemas/pipeline';
import { i18n } from '@/i18n';

/** GET /api/pipeline's answer. */
export type Pipeline = { stages: { stage: PipelineStage; cards: PipelineCard[] }[] };

/** One column of the board. */
export type BoardStage = { stage: PipelineStage; cards: PipelineCard[] };

/**
 * The five columns in DESIGN §6's order, whatever the answer holds: a stage the server left out is empty, and a card
 * is shown once (in the first stage that lists it), in the server's order within its stage.
 */
export const boardOf = (pipeline: Pipeline | undefined): BoardStage[] => {
  const seen = new Set<string>();
  return pipelineStages.map((stage) => ({
    stage,
    cards: (pipeline?.stages ?? [])
      .filter((column) => column.stage === stage)
      .flatMap((column) => column.cards)
      .filter((card) => {
        if (seen.has(card.contactId)) return false;
        seen.add(card.contactId);
        return true;
      }),
  }));
};

export const findCard = (pipeline: Pipeline | undefined, contactId: string) =>
  pipeline?.stages.flatMap((column) => column.cards).find((card) => card.contactId === contactId);

/** The pipeline with `card` taken out of wherever it was and put first in its own stage (the latest change first). */
export const withCard = (pipeline: Pipeline | undefined, card: PipelineCard): Pipeline => ({
  stages: boardOf(pipeline).map((column) => {
    const others = column.cards.filter((other) => other.contactId !== card.contactId);
    return { stage: column.stage, cards: column.stage === card.stage ? [card, ...others] : others };
  }),
});

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** How long a card has been in its stage: '<1m', '5m', '3h', '12d'. */
export const timeInStage = (since: string, now: number) => {
  const elapsed = now - Date.parse(since);
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < minuteMs) return i18n.t('pipeline:duration.underMinute');
  if (elapsed < hourMs) return i18n.t('pipeline:duration.minutes', { n: Math.floor(elapsed / minuteMs) });
  if (elapsed < dayMs) return i18n.t('pipeline:duration.hours', { n: Math.floor(elapsed / hourMs) });
  return i18n.t('pipeline:duration.days', { n: Math.floor(elapsed / dayMs) });
};
