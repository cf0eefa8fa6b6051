import type { PipelineStage } from '@shared/schemas/pipeline';
import { i18n } from '@/i18n';

/** The catalogue's key of a stage (keys are camelCase). */
const stageKeys: Record<PipelineStage, string> = {
  drafted: 'drafted',
  contacted: 'contacted',
  replied: 'replied',
  meeting_scheduled: 'meetingScheduled',
  closed: 'closed',
};

const isStage = (value: string): value is PipelineStage => Object.hasOwn(stageKeys, value);

/** A stage's title in the interface's language ('Meeting scheduled'); an unknown id reads as itself. */
export const stageLabel = (stage: string) => (isStage(stage) ? i18n.t(`pipeline:stage.${stageKeys[stage]}`) : stage);

/** What puts a contact in the stage, said while it has none. */
export const stageHint = (stage: PipelineStage) => i18n.t(`pipeline:stageHint.${stageKeys[stage]}`);
