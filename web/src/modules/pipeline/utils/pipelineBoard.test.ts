import type { PipelineCard, PipelineStage } from '@shared/schemas/pipeline';
import { describe, expect, it } from 'vitest';
import { boardOf, findCard, timeInStage, withCard } from './pipelineBoard';

const card = (contactId: string, stage: PipelineStage): PipelineCard => ({
  contactId,
  name: `Contact ${contactId}`,
  email: null,
  company: null,
  jobTitle: null,
  avatarUrl: null,
  stage,
  stageChangedAt: '2026-11-24T10:00:00.000Z',
  movedBy: 'event',
  conversationId: null,
  subject: null,
  lastActivityAt: null,
  classification: null,
});

const ids = (board: ReturnType<typeof boardOf>) =>
  Object.fromEntries(board.map((column) => [column.stage, column.cards.map((item) => item.contactId)]));

describe('the pipeline board', () => {
  it('has the five stages in order, empty ones included, whatever order and stages the answer holds', () => {
    const board = boardOf({
      stages: [
        { stage: 'replied', cards: [card('b', 'replied')] },
        { stage: 'drafted', cards: [card('a', 'drafted'), card('c', 'drafted')] },
      ],
    });
    expect(ids(board)).toEqual({
      drafted: ['a', 'c'],
      contacted: [],
      replied: ['b'],
      meeting_scheduled: [],
      closed: [],
    });
    expect(ids(boardOf(undefined))).toEqual({
      drafted: [],
      contacted: [],
      replied: [],
      meeting_scheduled: [],
      closed: [],
    });
  });

  it('shows a contact once even if two stages list it', () => {
    const board = boardOf({
      stages: [
        { stage: 'contacted', cards: [card('a', 'contacted')] },
        { stage: 'replied', cards: [card('a', 'replied'), card('b', 'replied')] },
      ],
    });
    expect(ids(board)).toMatchObject({ contacted: ['a'], replied: ['b'] });
  });

  it('moves a card out of its old stage and first into its new one', () => {
    const pipeline = {
      stages: [
        { stage: 'contacted' as const, cards: [card('a', 'contacted'), card('b', 'contacted')] },
        { stage: 'replied' as const, cards: [card('c', 'replied')] },
      ],
    };
    const moved = withCard(pipeline, { ...card('b', 'replied'), movedBy: 'manual' });
    expect(ids(boardOf(moved))).toMatchObject({ contacted: ['a'], replied: ['b', 'c'] });
    expect(findCard(moved, 'b')?.movedBy).toBe('manual');
    expect(findCard(moved, 'nobody')).toBeUndefined();
  });

  it('says how long a card has been in its stage in whole minutes, hours or days', () => {
    const now = Date.parse('2026-11-24T12:00:00.000Z');
    expect(timeInStage('2026-11-24T11:59:30.000Z', now)).toBe('<1m');
    expect(timeInStage('2026-11-24T11:15:00.000Z', now)).toBe('45m');
    expect(timeInStage('2026-11-24T09:00:00.000Z', now)).toBe('3h');
    expect(timeInStage('2026-11-20T11:00:00.000Z', now)).toBe('4d');
    expect(timeInStage('not a date', now)).toBe('');
  });
});
