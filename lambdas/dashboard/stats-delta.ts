import { funnelSteps, funnelStepsReached } from '../../shared/relationship.js';
import { positiveClassifications } from '../../shared/schemas/conversations.js';
import { type DraftItem, isReadyDraft } from '../data/draft.js';
import { tenantOf } from '../data/entity/keys.js';
import {
  type CounterChange,
  noCounterChange,
  type StatsChange,
  type StatsConversation,
  type StatsDimension,
  statsAttribute,
} from '../data/stats.js';

/**
 * What a stream record changes in its user's counters (lambdas/data/stats.ts has the layout), from the item's old and
 * new image alone: pure, so every rule is a unit test. What needs a read (the contact of a conversation that starts,
 * the cohort of one first answered, the meetings to prune) is asked for in the delta and filled in by stats-apply.ts.
 */
export type Item = Record<string, unknown>;
export type StreamChange = { eventName: 'INSERT' | 'MODIFY' | 'REMOVE'; oldImage?: Item; newImage?: Item };

export type StatsDelta = {
  uid: string;
  change: StatsChange;
  /** the conversation started with this record: its contact's dimension values are read and counted (`sent`) */
  started?: { conversationId: string; contactId: string; firstEmailAt: string };
  /** the conversation's status turned REPLY_RECEIVED: counted when its cohort shows no reply yet */
  replied?: { conversationId: string; at: string };
  /** a meeting changed: scheduled meetings that started over a day ago are pruned from STATS */
  meetingTouched?: { meetingId: string };
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** the UTC day (YYYY-MM-DD) of an ISO 8601 time */
export const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);
const validTime = (iso: string) => iso !== '' && Number.isFinite(Date.parse(iso));

/** the user whose partition holds the item; null for an item outside every user's partition */
const uidOf = (item: Item | undefined) => tenantOf(text(item?.pk));

/** The contact's e-mail is verified (the contacts wire's `email_verified`, lambdas/contacts/wire.ts). */
export const isVerified = (contact: Item | undefined) =>
  Boolean(contact && text(contact.email)) && contact?.emailQevStatus === 'valid';

/** A draft ready to send (lambdas/data/draft.ts: the pending task's rule too, so the card and the task agree). */
const isReady = (draft: Item | undefined) => Boolean(draft && isReadyDraft(draft as unknown as DraftItem));

/** A conversation counts once an e-mail left in it. */
const isStarted = (conversation: Item | undefined) => count(conversation?.emailCount) > 0;

/** The STATS number a started conversation's status counts in (none for REPLY_RECEIVED and closed). */
const statusCounters: Record<string, 'awaitingReply' | 'autoReplies' | 'bounces'> = {
  awaiting_reply: 'awaitingReply',
  auto_reply: 'autoReplies',
  bounced: 'bounces',
};
const statusCounter = (conversation: Item | undefined) =>
  isStarted(conversation) ? statusCounters[text(conversation?.replyStatus)] : undefined;

/** A started conversation whose newest answer asks for the person's reply (interested, referral). */
const isPositive = (conversation: Item | undefined) => {
  const classification = (conversation?.latestLabel as { classification?: unknown } | undefined)?.classification;
  return (
    isStarted(conversation) &&
    positiveClassifications.includes(classification as (typeof positiveClassifications)[number])
  );
};

const scheduledStart = (meeting: Item | undefined) =>
  meeting?.status === 'scheduled' && validTime(text(meeting.startTime)) ? text(meeting.startTime) : undefined;

const add = (change: CounterChange['add'], attribute: string, n: number) => {
  if (n !== 0) change[attribute] = (change[attribute] ?? 0) + n;
};
const addToDay = (change: StatsChange, day: string, attribute: string, n: number) => {
  change.days[day] ??= { add: {}, replyMinutes: [] };
  add(change.days[day].add, attribute, n);
};

const contactDelta = (change: StatsChange, { oldImage, newImage }: StreamChange) => {
  add(change.totals.add, 'verifiedEmails', Number(isVerified(newImage)) - Number(isVerified(oldImage)));
  // the funnel counts what happened to each contact (shared/relationship.ts), not the stage a hand chose
  const before = funnelStepsReached(oldImage);
  const after = funnelStepsReached(newImage);
  for (const step of funnelSteps)
    add(change.totals.add, statsAttribute.reached(step), Number(after[step]) - Number(before[step]));
};

const draftDelta = (change: StatsChange, { oldImage, newImage }: StreamChange) => {
  add(change.totals.add, 'draftsReady', Number(isReady(newImage)) - Number(isReady(oldImage)));
};

const emailDelta = (change: StatsChange, { eventName, newImage }: StreamChange) => {
  // an e-mail is written once (its business key); removing it (with its conversation) unsends nothing
  if (eventName !== 'INSERT' || newImage?.kind !== 'sent') return;
  const at = text(newImage.at);
  add(change.totals.add, 'emailsSent', 1);
  if (validTime(at)) addToDay(change, dayOf(at), 'sent', 1);
};

const conversationDelta = (delta: StatsDelta, { eventName, oldImage, newImage }: StreamChange) => {
  const { change } = delta;
  const conversation = newImage ?? oldImage;
  const conversationId = text(conversation?.id);
  const before = statusCounter(oldImage);
  const after = statusCounter(newImage);
  if (before !== after) {
    if (before) add(change.totals.add, before, -1);
    if (after) add(change.totals.add, after, 1);
  }
  add(change.totals.add, 'positiveReplies', Number(isPositive(newImage)) - Number(isPositive(oldImage)));
  if (eventName === 'REMOVE') {
    change.conversation = { remove: { conversationId } };
    return;
  }
  if (!newImage || !isStarted(newImage)) return;
  if (!isStarted(oldImage)) {
    // the e-mail that started it is the one `lastEmailSentAt` holds now
    const firstEmailAt = [text(newImage.lastEmailSentAt), text(newImage.createdAt)].find(validTime);
    if (firstEmailAt) {
      add(change.totals.add, 'conversationsStarted', 1);
      delta.started = { conversationId, contactId: text(newImage.contactId), firstEmailAt };
    }
  }
  const status = text(newImage.replyStatus);
  const changedAt = text(newImage.updatedAt);
  if (status !== text(oldImage?.replyStatus) && validTime(changedAt)) {
    if (status === 'auto_reply') addToDay(change, dayOf(changedAt), 'autoReplies', 1);
    if (status === 'bounced') addToDay(change, dayOf(changedAt), 'bounces', 1);
  }
  if (status === 'REPLY_RECEIVED' && oldImage?.replyStatus !== 'REPLY_RECEIVED') {
    const at = [text(newImage.lastReplyDate), changedAt].find(validTime);
    if (at) delta.replied = { conversationId, at };
  }
};

const meetingDelta = (delta: StatsDelta, { oldImage, newImage }: StreamChange) => {
  const meetingId = text((newImage ?? oldImage)?.id);
  const before = scheduledStart(oldImage);
  const after = scheduledStart(newImage);
  if (before === after || !meetingId) return;
  const attribute = statsAttribute.meeting(meetingId);
  if (after) delta.change.totals.set[attribute] = after;
  else delta.change.totals.remove.push(attribute);
  delta.meetingTouched = { meetingId };
};

const pipelineDelta = (change: StatsChange, { oldImage, newImage }: StreamChange) => {
  const before = text(oldImage?.stage);
  const after = text(newImage?.stage);
  if (before === after) return;
  if (before) add(change.totals.add, statsAttribute.stage(before), -1);
  if (after) add(change.totals.add, statsAttribute.stage(after), 1);
};

const hasChange = (delta: StatsDelta) => {
  const { totals, days, conversation } = delta.change;
  return (
    Object.keys(totals.add).length > 0 ||
    Object.keys(totals.set).length > 0 ||
    totals.remove.length > 0 ||
    Object.keys(days).length > 0 ||
    conversation !== undefined ||
    delta.started !== undefined ||
    delta.replied !== undefined
  );
};

/** The delta of one stream record; null when it changes no counter (it then costs no write). */
export const statsDeltaOf = (record: StreamChange): StatsDelta | null => {
  const item = record.newImage ?? record.oldImage;
  const uid = uidOf(item);
  if (!uid) return null;
  const delta: StatsDelta = { uid, change: { totals: noCounterChange(), days: {} } };
  switch (item?.entity) {
    case 'contact':
      contactDelta(delta.change, record);
      break;
    case 'draft':
      draftDelta(delta.change, record);
      break;
    case 'conversationEmail':
      emailDelta(delta.change, record);
      break;
    case 'conversation':
      conversationDelta(delta, record);
      break;
    case 'meeting':
      meetingDelta(delta, record);
      break;
    case 'pipeline':
      pipelineDelta(delta.change, record);
      break;
    default:
      return null;
  }
  return hasChange(delta) ? delta : null;
};

/** The counts of a conversation's start on its first e-mail's day: `started`, its slot, its dimensions (`sent`). */
export const startCounts = (change: StatsChange, cohort: StatsConversation) => {
  const at = new Date(cohort.firstEmailAt);
  const day = dayOf(cohort.firstEmailAt);
  addToDay(change, day, 'started', 1);
  addToDay(change, day, statsAttribute.slot(at.getUTCDay(), at.getUTCHours(), 'sent'), 1);
  for (const [dimension, value] of Object.entries(cohort.dimensions))
    addToDay(change, day, statsAttribute.dimension(dimension as StatsDimension, value, 'sent'), 1);
};

/**
 * The counts of a conversation's first reply: `replied`, the reply day's `replies`, and on the cohort's day
 * `startedReplied`, the minutes it took, its slot and dimensions (`replied`).
 */
export const replyCounts = (change: StatsChange, cohort: StatsConversation, repliedAt: string) => {
  const first = new Date(cohort.firstEmailAt);
  const cohortDay = dayOf(cohort.firstEmailAt);
  add(change.totals.add, 'replied', 1);
  addToDay(change, dayOf(repliedAt), 'replies', 1);
  addToDay(change, cohortDay, 'startedReplied', 1);
  change.days[cohortDay]?.replyMinutes.push(
    Math.max(0, Math.round((Date.parse(repliedAt) - first.getTime()) / 60_000)),
  );
  addToDay(change, cohortDay, statsAttribute.slot(first.getUTCDay(), first.getUTCHours(), 'replied'), 1);
  for (const [dimension, value] of Object.entries(cohort.dimensions))
    addToDay(change, cohortDay, statsAttribute.dimension(dimension as StatsDimension, value, 'replied'), 1);
};
