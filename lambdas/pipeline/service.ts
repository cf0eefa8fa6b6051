import type { Logger } from '@aws-lambda-powertools/logger';
import type { LiveEvent } from '../../shared/live-events.js';
import { messages } from '../../shared/messages.js';
import { type PipelineCard, type PipelineStage, pipelineStages } from '../../shared/schemas/pipeline.js';
import { notFound } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { relationshipOfStage } from '../../shared/relationship.js';
import { getContact, repairContactRelationship, sortName } from '../data/contact.js';
import {
  type ConversationItem,
  contactConversations,
  getConversationItem,
  userConversations,
} from '../data/conversation.js';
import {
  getPipelineEntry,
  movePipelineEntry,
  type PipelineContact,
  type PipelineEntry,
  pipelineContacts,
  pipelineStageCheck,
  userPipelineEntries,
} from '../data/pipeline.js';
import type { LivePort } from '../providers/live/port.js';

export type PipelineDeps = {
  db: DataClient;
  now: () => Date;
  /** the live channel (DESIGN §8): a contact moved here reaches the user's other tabs as `pipeline.changed` */
  live?: LivePort;
  logger?: Pick<Logger, 'warn'>;
};

const publish = async (deps: PipelineDeps, uid: string, event: LiveEvent) => {
  await deps.live
    ?.publish(uid, event)
    .catch((error: unknown) => deps.logger?.warn(`${event.type} was not published`, { error }));
};

const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);
const latest = (...times: (string | null | undefined)[]) =>
  times
    .filter((time): time is string => Boolean(time))
    .sort()
    .at(-1) ?? null;

/**
 * Where a contact stands: its pipeline entry, else `drafted` while it has an active draft (SPEC §3 `hasActiveDraft`),
 * else it is not on the board (null).
 */
const placeOf = (contact: PipelineContact, entry: PipelineEntry | undefined) => {
  if (entry) return entry;
  if (contact.hasActiveDraft !== true) return null;
  return {
    contactId: contact.contactId,
    stage: 'drafted' as const,
    stageChangedAt: contact.lastUpdated,
    movedBy: 'event' as const,
    conversationId: null,
  };
};

/** A card: the contact as the board shows it, its stage, and its conversation's subject and last activity. */
const cardOf = (
  contact: PipelineContact,
  place: PipelineEntry,
  conversation: ConversationItem | undefined,
): PipelineCard => ({
  contactId: contact.contactId,
  name: sortName(contact).trim() || text(contact.email) || 'Unknown contact',
  email: text(contact.email),
  company: text(contact.company),
  jobTitle: text(contact.jobTitle) ?? text(contact.currentRole),
  avatarUrl: text(contact.avatarUrl),
  stage: place.stage,
  stageChangedAt: place.stageChangedAt,
  movedBy: place.movedBy,
  conversationId: conversation?.id ?? null,
  subject: conversation?.subject ?? null,
  lastActivityAt: conversation
    ? latest(conversation.lastEmailSentAt, conversation.lastReplyDate, conversation.createdAt)
    : null,
  classification: conversation?.latestLabel?.classification ?? null,
});

/** The conversation a card shows: the one that moved the contact last, else the contact's newest. */
const conversationOf = (
  place: PipelineEntry,
  byId: ReadonlyMap<string, ConversationItem>,
  newestOfContact: ReadonlyMap<string, ConversationItem>,
) => (place.conversationId ? byId.get(place.conversationId) : undefined) ?? newestOfContact.get(place.contactId);

/**
 * Contacts whose relationship is not their stage's (written before every move of a stage wrote the relationship with
 * it: shared/relationship.ts) are put right as the board reads them, so the contacts table says what the board says.
 * None once they agree: no write then. Best effort: a repair that fails leaves the board as it is and is tried again.
 */
const repairRelationships = async (
  deps: PipelineDeps,
  uid: string,
  contacts: readonly PipelineContact[],
  entryOf: ReadonlyMap<string, PipelineEntry>,
) => {
  const wrong = contacts.filter(
    (contact) => (contact.relationshipStatus ?? 'new') !== relationshipOfStage(entryOf.get(contact.contactId)?.stage),
  );
  for (const contact of wrong) {
    const stage = entryOf.get(contact.contactId)?.stage ?? null;
    // only while the stage is still the one read: an event that moved it meanwhile wrote the relationship itself
    await repairContactRelationship(deps.db, uid, contact.contactId, relationshipOfStage(stage), {
      stage: pipelineStageCheck(deps.db, uid, contact.contactId, stage),
    }).catch((error: unknown) => deps.logger?.warn('a relationship was not put right', { error }));
  }
};

/** GET /api/pipeline: the user's contacts on the board, by stage in board order, each most recently changed first. */
export const pipeline = async (deps: PipelineDeps, uid: string) => {
  const [contacts, entries, conversations] = await Promise.all([
    pipelineContacts(deps.db, uid),
    userPipelineEntries(deps.db, uid),
    userConversations(deps.db, uid),
  ]);
  const entryOf = new Map(entries.map((entry) => [entry.contactId, entry]));
  const byId = new Map(conversations.map((conversation) => [conversation.id, conversation]));
  const newestOfContact = new Map<string, ConversationItem>();
  // userConversations answers newest first: the first of a contact is its newest
  for (const conversation of conversations)
    if (!newestOfContact.has(conversation.contactId)) newestOfContact.set(conversation.contactId, conversation);
  const cards = contacts.flatMap((contact) => {
    const place = placeOf(contact, entryOf.get(contact.contactId));
    return place ? [cardOf(contact, place, conversationOf(place, byId, newestOfContact))] : [];
  });
  await repairRelationships(deps, uid, contacts, entryOf);
  return {
    stages: pipelineStages.map((stage) => ({
      stage,
      cards: cards
        .filter((card) => card.stage === stage)
        .sort((a, b) => b.stageChangedAt.localeCompare(a.stageChangedAt) || a.contactId.localeCompare(b.contactId)),
    })),
  };
};

/**
 * PATCH /api/pipeline/{contactId}: moves one of the user's contacts to any stage by hand (DESIGN §6); 404 when the
 * contact is not theirs. The user's other tabs are told (`pipeline.changed`).
 */
export const moveContact = async (
  deps: PipelineDeps,
  uid: string,
  contactId: string,
  stage: PipelineStage,
): Promise<PipelineCard> => {
  const current = await getPipelineEntry(deps.db, uid, contactId);
  const entry: PipelineEntry = {
    contactId,
    stage,
    stageChangedAt: deps.now().toISOString(),
    movedBy: 'manual',
    conversationId: current?.conversationId ?? null,
  };
  const outcome = await movePipelineEntry(deps.db, uid, entry);
  if (outcome !== 'moved') throw notFound(messages.contacts.notFound);
  await publish(deps, uid, { type: 'pipeline.changed', data: { contactId, stage } });
  const contact = await getContact(deps.db, uid, contactId);
  if (!contact) throw notFound(messages.contacts.notFound);
  const conversation =
    (entry.conversationId ? await getConversationItem(deps.db, uid, entry.conversationId) : null) ??
    (await contactConversations(deps.db, uid, contactId))[0];
  return cardOf(contact, entry, conversation ?? undefined);
};
