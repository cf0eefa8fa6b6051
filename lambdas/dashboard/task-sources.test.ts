import { describe, expect, it } from 'vitest';
import { streamConsumers } from '../../shared/streams.js';
import { factChangeOf, taskSourceEntities } from './task-sources.js';

const conversation = (fields: Record<string, unknown>) => ({
  pk: 'USER#u1',
  sk: 'CONVERSATION#v1',
  entity: 'conversation',
  id: 'v1',
  contactId: 'c1',
  subject: 'Coffee?',
  replyStatus: 'awaiting_reply',
  lastEmailSentAt: '2026-11-20T09:00:00.000Z',
  lastReplyDate: null,
  replySender: null,
  ...fields,
});

describe('the pending tasks facts', () => {
  it("follow every source's items: the stats aggregator's stream filter lets their changes through", () => {
    expect(streamConsumers.stats.entities).toEqual(expect.arrayContaining(taskSourceEntities));
  });

  it('keep a conversation while it awaits something, and drop it once it awaits nothing', () => {
    const awaiting = factChangeOf({ newImage: conversation({}) });
    expect(awaiting).toMatchObject({ uid: 'u1', id: 'v1', fact: { id: 'v1', replyStatus: 'awaiting_reply' } });
    const closed = factChangeOf({ oldImage: conversation({}), newImage: conversation({ replyStatus: 'closed' }) });
    expect(closed).toEqual({ ...awaiting, fact: null });
    expect(factChangeOf({ oldImage: conversation({}) })).toEqual({ ...awaiting, fact: null });
  });

  it("leave out another entity's items and items outside a user's partition", () => {
    expect(factChangeOf({ newImage: { pk: 'USER#u1', sk: 'STATS', entity: 'stats' } })).toBeNull();
    expect(factChangeOf({ newImage: conversation({ pk: 'SHARED#x' }) })).toBeNull();
  });
});
