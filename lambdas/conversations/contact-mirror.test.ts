import { describe, expect, it } from 'vitest';
import type { DataClient } from '../data/client.js';
import type { ContactItem } from '../data/contact.js';
import { type ConversationItem, newConversationItem } from '../data/conversation.js';
import { contactMirrorRemovalWrite, contactMirrorWrite, mirrorKeyOf } from './contact-mirror.js';

const db = { table: 'table' } as DataClient;

const contact = (fields: Partial<ContactItem> = {}): ContactItem => ({
  uid: 'user-1',
  contactId: 'contact-1',
  importedAt: '2026-11-01T00:00:00.000Z',
  lastUpdated: '2026-11-01T00:00:00.000Z',
  ...fields,
});
const conversation = (fields: Partial<ConversationItem> = {}): ConversationItem => ({
  ...newConversationItem({
    id: 'conversation-2',
    userId: 'user-1',
    contactId: 'contact-1',
    subject: 'Hello',
    createdAt: '2026-11-10T09:00:00.000Z',
  }),
  emailCount: 1,
  lastEmailSentAt: '2026-11-10T09:00:00.000Z',
  version: 1,
  ...fields,
});

/** what an Update write sets, by attribute name */
const setOf = (write: unknown) => {
  const update = (write as { Update: Record<string, unknown> }).Update;
  const names = update.ExpressionAttributeNames as Record<string, string>;
  const values = update.ExpressionAttributeValues as Record<string, unknown>;
  const sets = String(update.UpdateExpression).replace(/^SET /, '').split(' ADD ')[0]!.split(', ');
  return Object.fromEntries(
    sets.map((assignment) => {
      const [name, value] = assignment.split(' = ');
      return [names[name!], values[value!]];
    }),
  );
};

describe('what a contact shows of its conversations', () => {
  const newer = conversation();
  const older = conversation({ id: 'conversation-1', createdAt: '2026-11-01T09:00:00.000Z' });

  it('takes the status of a conversation as new as the one it shows, or of any when it shows none', () => {
    expect(setOf(contactMirrorWrite(db, contact(), newer))).toEqual({
      conversationStatus: 'awaiting_reply',
      conversationStatusOf: mirrorKeyOf(newer),
    });
    const showingOlder = contact({ conversationStatus: 'closed', conversationStatusOf: mirrorKeyOf(older) });
    expect(setOf(contactMirrorWrite(db, showingOlder, newer))).toMatchObject({ conversationStatus: 'awaiting_reply' });
  });

  it('leaves a contact showing a newer conversation, or showing this one as it is, unwritten', () => {
    const showingNewer = contact({ conversationStatus: 'awaiting_reply', conversationStatusOf: mirrorKeyOf(newer) });
    expect(contactMirrorWrite(db, showingNewer, { ...older, replyStatus: 'REPLY_RECEIVED' })).toBeNull();
    expect(contactMirrorWrite(db, showingNewer, newer)).toBeNull();
    expect(contactMirrorWrite(db, null, newer)).toBeNull();
  });

  it('records an e-mail sent in an older conversation without taking its status', () => {
    const showingNewer = contact({
      conversationStatus: 'REPLY_RECEIVED',
      conversationStatusOf: mirrorKeyOf(newer),
      emailSentAt: '2026-11-01T09:00:00.000Z',
      lastEmailSentAt: '2026-11-10T09:00:00.000Z',
    });
    const write = contactMirrorWrite(db, showingNewer, older, {
      at: '2026-11-12T09:00:00.000Z',
      initial: false,
      provider: 'gmail',
    });
    expect(setOf(write)).toEqual({
      emailStatus: 'sent',
      lastEmailStatus: 'sent',
      emailProvider: 'gmail',
      lastEmailSentAt: '2026-11-12T09:00:00.000Z',
    });
    expect((write as { Update: { UpdateExpression: string } }).Update.UpdateExpression).toMatch(/ ADD #n\d+ :v\d+$/);
  });

  it('when its conversation is deleted shows the newest one left, or none; another deletion leaves it', () => {
    const showing = contact({ conversationStatus: 'awaiting_reply', conversationStatusOf: mirrorKeyOf(newer) });
    expect(setOf(contactMirrorRemovalWrite(db, showing, newer, { ...older, replyStatus: 'bounced' }))).toEqual({
      conversationStatus: 'bounced',
      conversationStatusOf: mirrorKeyOf(older),
    });
    expect(setOf(contactMirrorRemovalWrite(db, showing, newer, null))).toEqual({
      conversationStatus: '',
      conversationStatusOf: '',
    });
    expect(contactMirrorRemovalWrite(db, showing, older, null)).toBeNull();
  });
});
