import { describe, expect, it } from 'vitest';
import { funnelStepsReached, relationshipLabels, relationshipOfStage, stageOfRelationship } from './relationship.js';
import { relationshipStatuses } from './schemas/contacts.js';
import { pipelineStageLabels, pipelineStages } from './schemas/pipeline.js';

describe('a relationship is the pipeline stage', () => {
  it('is New off the board and while only drafted, and every later stage itself', () => {
    expect(relationshipOfStage(null)).toBe('new');
    expect(relationshipOfStage('drafted')).toBe('new');
    expect(pipelineStages.slice(1).map(relationshipOfStage)).toEqual([
      'contacted',
      'replied',
      'meeting_scheduled',
      'closed',
    ]);
  });

  it('chosen by hand names the stage it moves the contact to (New: off the board), and back', () => {
    expect(stageOfRelationship('new')).toBeNull();
    for (const relationship of relationshipStatuses)
      expect(relationshipOfStage(stageOfRelationship(relationship))).toBe(relationship);
  });

  it('reads as the board titles its stages', () => {
    for (const relationship of relationshipStatuses.filter((status) => status !== 'new'))
      expect(relationshipLabels[relationship]).toBe(pipelineStageLabels[relationship]);
    expect(relationshipLabels.new).toBe('New');
  });
});

describe('the funnel steps a contact reached', () => {
  it('counts what happened, each step within the one before', () => {
    expect(funnelStepsReached(undefined)).toEqual({
      drafted: false,
      contacted: false,
      replied: false,
      meeting_scheduled: false,
    });
    expect(funnelStepsReached({ hasActiveDraft: true })).toMatchObject({ drafted: true, contacted: false });
    expect(
      funnelStepsReached({ lastEmailSentAt: '2026-03-10T09:00:00Z', lastReplyAt: '2026-03-10T10:00:00Z' }),
    ).toEqual({ drafted: true, contacted: true, replied: true, meeting_scheduled: false });
    // a meeting or an answer recorded for a contact never e-mailed is no step past Drafted
    expect(
      funnelStepsReached({ lastReplyAt: '2026-03-10T10:00:00Z', meetingBookedAt: '2026-03-10T11:00:00Z' }),
    ).toEqual({ drafted: false, contacted: false, replied: false, meeting_scheduled: false });
  });
});
