import type { RelationshipStatus } from './schemas/contacts.js';
import type { PipelineStage } from './schemas/pipeline.js';

/**
 * One truth per contact: its relationship is where it stands in the pipeline (DESIGN §6), not a second field set
 * apart. A contact off the board, or only drafted (nothing has passed between you yet), is 'new'; every later stage
 * is its own relationship. The contact keeps it (`relationship_status`, SPEC §3) written in the same transaction as
 * every move of its stage (lambdas/data/pipeline.ts); chosen by hand (PUT /api/contacts/{id}) it moves the stage, as a
 * drag on the board does. Free of zod, so the web's tables import it without the schemas.
 */

/** the stage titles the pipeline page shows */
export const pipelineStageLabels: Record<PipelineStage, string> = {
  drafted: 'Drafted',
  contacted: 'Contacted',
  replied: 'Replied',
  meeting_scheduled: 'Meeting scheduled',
  closed: 'Closed',
};

/** The relationship of a contact at `stage` (none: off the board). */
export const relationshipOfStage = (stage: PipelineStage | null | undefined): RelationshipStatus =>
  !stage || stage === 'drafted' ? 'new' : stage;

/**
 * The stage a relationship chosen by hand puts the contact in; null for 'new': off the board (a contact with a draft
 * still shows under Drafted, which is 'new' too).
 */
export const stageOfRelationship = (relationship: RelationshipStatus): PipelineStage | null =>
  relationship === 'new' ? null : relationship;

/** The relationship in words: the pipeline's own titles, so the table, the drawer and the board say the same. */
export const relationshipLabels: Record<RelationshipStatus, string> = {
  new: 'New',
  contacted: pipelineStageLabels.contacted,
  replied: pipelineStageLabels.replied,
  meeting_scheduled: pipelineStageLabels.meeting_scheduled,
  closed: pipelineStageLabels.closed,
};

/**
 * The analytics funnel's steps: contacts by what happened, never by where a card was dragged. Each step is a subset of
 * the one before (a contact e-mailed counts as drafted), so no later step outnumbers an earlier one.
 */
export const funnelSteps = ['drafted', 'contacted', 'replied', 'meeting_scheduled'] as const;
export type FunnelStep = (typeof funnelSteps)[number];

export const funnelStepLabels: Record<FunnelStep, string> = {
  drafted: 'Drafted',
  contacted: 'E-mailed',
  replied: 'Replied',
  meeting_scheduled: 'Meeting booked',
};

/** What a contact keeps of what happened (lambdas/data/contact.ts): a draft now, its last e-mail, answer and meeting. */
export type ContactMilestones = {
  hasActiveDraft?: unknown;
  lastEmailSentAt?: unknown;
  lastReplyAt?: unknown;
  meetingBookedAt?: unknown;
};

const happened = (value: unknown) => typeof value === 'string' && value !== '';

/**
 * The funnel steps a contact reached: drafted (a draft now, or an e-mail sent), e-mailed (an e-mail sent), replied
 * (e-mailed and answered), meeting booked (all that and a meeting). None without a contact.
 */
export const funnelStepsReached = (contact: ContactMilestones | undefined): Record<FunnelStep, boolean> => {
  const contacted = happened(contact?.lastEmailSentAt);
  const replied = contacted && happened(contact?.lastReplyAt);
  return {
    drafted: contacted || contact?.hasActiveDraft === true,
    contacted,
    replied,
    meeting_scheduled: replied && happened(contact?.meetingBookedAt),
  };
};
