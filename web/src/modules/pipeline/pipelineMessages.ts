import { type PipelineStage, pipelineStageLabels } from '@shared/schemas/pipeline';

const stage = (key: string) => pipelineStageLabels[key as PipelineStage] ?? key;

/** The pipeline page's texts: what puts a contact in each stage, and what a screen reader hears while dragging. */
export const pipelineMessages = {
  title: 'Pipeline',
  description:
    'Every contact moves along on its own as you send, they reply and you meet. Drag a card to move it by hand.',
  emptyStageTitle: 'No contacts',
  stageHints: {
    drafted: 'Contacts with an e-mail drafted and ready to send.',
    contacted: 'Contacts you have e-mailed, waiting for an answer.',
    replied: 'Contacts who wrote back; replies are picked up from your mailbox.',
    meeting_scheduled: 'Contacts you have booked a meeting with.',
    closed: 'Conversations you have wrapped up.',
  } satisfies Record<PipelineStage, string>,
  stageCount: (key: PipelineStage, count: number) =>
    `${pipelineStageLabels[key]}: ${count} contact${count === 1 ? '' : 's'}`,
  timeInStage: (duration: string) => `${duration} in stage`,
  reply: 'Reply',
  replyTo: (name: string) => `Reply to ${name}`,
  loadFailed: 'The pipeline could not be loaded.',
  retry: 'Try again',
  /** @dnd-kit's screen-reader instructions for a card */
  dragInstructions:
    'To move this contact to another stage, press Space to pick it up, the left and right arrow keys to choose a stage, and Space again to drop it there. Escape cancels. Enter opens the contact.',
  pickedUp: (name: string, from: string) => `Picked up ${name}, in ${stage(from)}.`,
  over: (name: string, to: string | null) => (to ? `${name} is over ${stage(to)}.` : `${name} is not over a stage.`),
  dropped: (name: string, from: string, to: string | null) =>
    to && to !== from ? `${name} was moved to ${stage(to)}.` : `${name} stays in ${stage(from)}.`,
  cancelled: (name: string, from: string) => `Moving ${name} was cancelled; it stays in ${stage(from)}.`,
} as const;
