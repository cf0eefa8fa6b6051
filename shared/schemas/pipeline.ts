import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema.js';
import { replyClassifications } from './conversations.js';

/**
 * The pipeline (DESIGN §6 'Pipeline stages', §8 'Pipeline'): each contact in one stage, moved by events
 * (a draft saved: drafted; an e-mail sent: contacted; a reply: replied; a meeting booked: meeting scheduled) and by
 * hand. Events only move a contact forward (a later stage is never pulled back by an earlier event); by hand any
 * stage may be chosen.
 */
export const pipelineStages = ['drafted', 'contacted', 'replied', 'meeting_scheduled', 'closed'] as const;
export type PipelineStage = (typeof pipelineStages)[number];

/** the stage titles the page shows (shared/relationship.ts, zod-free, keeps them with the relationship's) */
export { pipelineStageLabels } from '../relationship.js';

export const pipelineCardSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    contactId: z.string(),
    name: z.string(),
    email: z.nullable(z.string()),
    company: z.nullable(z.string()),
    jobTitle: z.nullable(z.string()),
    avatarUrl: z.nullable(z.string()),
    stage: z.enum(pipelineStages),
    /** when it entered this stage */
    stageChangedAt: z.string(),
    /** `event` when an event put it there, `manual` when the user did */
    movedBy: z.enum(['event', 'manual']),
    conversationId: z.nullable(z.string()),
    /** the conversation's subject and last activity, when there is one */
    subject: z.nullable(z.string()),
    lastActivityAt: z.nullable(z.string()),
    /** the label of the conversation's newest received e-mail (DESIGN §9 'Triage'); null before one */
    classification: z.nullable(z.enum(replyClassifications)),
  }),
);
export type PipelineCard = z.infer<typeof pipelineCardSchema>;

/** GET /api/pipeline: contacts grouped by stage, each stage most recently changed first */
export const pipelineSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    stages: z.array(z.object({ stage: z.enum(pipelineStages), cards: z.array(pipelineCardSchema) })),
  }),
);

export const pipelineContactParams = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ contactId: z.string().check(z.minLength(1), z.maxLength(64)) }),
);
export const movePipelineBody = /* @__PURE__ */ lazySchema(() => z.strictObject({ stage: z.enum(pipelineStages) }));
