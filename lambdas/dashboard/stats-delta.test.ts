import { describe, expect, it } from 'vitest';
import type { ContactItem } from '../data/contact.js';
import { noCounterChange, type StatsChange } from '../data/stats.js';
import { dimensionsOf, latestSchool } from '../data/stats-dimensions.js';
import { replyCounts, startCounts, statsDeltaOf, type Item } from './stats-delta.js';

const uid = 'user-1';
const pk = `USER#${uid}`;
const insert = (newImage: Item) => statsDeltaOf({ eventName: 'INSERT', newImage });
const modify = (oldImage: Item, newImage: Item) => statsDeltaOf({ eventName: 'MODIFY', oldImage, newImage });
const remove = (oldImage: Item) => statsDeltaOf({ eventName: 'REMOVE', oldImage });

const contact = (fields: Item = {}): Item => ({
  pk,
  sk: 'CONTACT#c1',
  entity: 'contact',
  contactId: 'c1',
  email: '',
  emailQevStatus: undefined,
  ...fields,
});
const verified = contact({ email: 'ada@example.com', emailQevStatus: 'valid' });

describe('contacts: verified e-mails', () => {
  it('counts a contact added with a valid address, and one whose lookup found it valid', () => {
    expect(insert(verified)?.change.totals.add).toEqual({ verifiedEmails: 1 });
    expect(modify(contact({ emailQevStatus: 'unknown', email: 'a@x.io' }), verified)?.change.totals.add).toEqual({
      verifiedEmails: 1,
    });
  });

  it('takes back a verified contact deleted or whose address changed to an unverified one', () => {
    expect(remove(verified)?.change.totals.add).toEqual({ verifiedEmails: -1 });
    expect(modify(verified, contact({ email: 'b@x.io', emailQevStatus: 'accept_all' }))?.change.totals.add).toEqual({
      verifiedEmails: -1,
    });
    // a 'valid' verdict without an address (it was cleared) is not a verified e-mail
    expect(modify(verified, { ...verified, email: '' })?.change.totals.add).toEqual({ verifiedEmails: -1 });
  });

  it('costs nothing when another field of the contact changes', () => {
    expect(modify(verified, { ...verified, notes: 'met at a fair' })).toBeNull();
    expect(insert(contact())).toBeNull();
  });
});

const draft = (fields: Item = {}): Item => ({
  pk,
  sk: 'DRAFT#d1',
  entity: 'draft',
  id: 'd1',
  status: 'draft',
  isPrimary: true,
  subject: 'Hello',
  body: 'Hi Ada',
  ...fields,
});

describe('contacts: the funnel of what happened', () => {
  const step = (name: string) => `reached|${name}`;
  it('counts a draft, then an e-mail sent, a reply and a meeting booked, each step once', () => {
    const drafted = contact({ hasActiveDraft: true });
    const emailed = contact({ hasActiveDraft: false, lastEmailSentAt: '2026-03-10T09:00:00Z' });
    const answered = { ...emailed, lastReplyAt: '2026-03-10T10:00:00Z' };
    const met = { ...answered, meetingBookedAt: '2026-03-10T11:00:00Z' };
    expect(modify(contact(), drafted)?.change.totals.add).toEqual({ [step('drafted')]: 1 });
    // the draft left as the e-mail: still drafted, now e-mailed
    expect(modify(drafted, emailed)?.change.totals.add).toEqual({ [step('contacted')]: 1 });
    expect(modify(emailed, answered)?.change.totals.add).toEqual({ [step('replied')]: 1 });
    expect(modify(answered, met)?.change.totals.add).toEqual({ [step('meeting_scheduled')]: 1 });
    expect(remove(met)?.change.totals.add).toEqual({
      [step('drafted')]: -1,
      [step('contacted')]: -1,
      [step('replied')]: -1,
      [step('meeting_scheduled')]: -1,
    });
  });

  it('counts no answer nor meeting of a contact never e-mailed (its card dragged there by hand)', () => {
    const handMoved = contact({ relationshipStatus: 'meeting_scheduled', meetingBookedAt: '2026-03-10T11:00:00Z' });
    expect(modify(contact(), handMoved)).toBeNull();
  });
});

describe('drafts: ready to send', () => {
  it('counts a draft with a subject and a body, and takes it back when it is sent or deleted', () => {
    expect(insert(draft())?.change.totals.add).toEqual({ draftsReady: 1 });
    expect(modify(draft(), draft({ status: 'sending' }))?.change.totals.add).toEqual({ draftsReady: -1 });
    expect(remove(draft())?.change.totals.add).toEqual({ draftsReady: -1 });
  });

  it('counts only the contact primary draft (as the pending task does)', () => {
    expect(insert(draft({ isPrimary: false }))).toBeNull();
    expect(modify(draft(), draft({ isPrimary: false }))?.change.totals.add).toEqual({ draftsReady: -1 });
  });

  it('does not count a draft without a subject or body, until it gets one', () => {
    expect(insert(draft({ subject: '  ' }))).toBeNull();
    expect(insert(draft({ body: undefined }))).toBeNull();
    expect(modify(draft({ body: '' }), draft())?.change.totals.add).toEqual({ draftsReady: 1 });
    expect(modify(draft(), draft({ body: 'Edited' }))).toBeNull();
  });
});

const sentEmail = (fields: Item = {}): Item => ({
  pk,
  sk: 'CONVMAIL#v1#sent#d1',
  entity: 'conversationEmail',
  conversationId: 'v1',
  kind: 'sent',
  at: '2030-03-04T23:30:00.000Z',
  ...fields,
});

describe('conversation e-mails: sent', () => {
  it('counts an e-mail sent on its UTC day', () => {
    const delta = insert(sentEmail());
    expect(delta?.change.totals.add).toEqual({ emailsSent: 1 });
    expect(delta?.change.days).toEqual({ '2030-03-04': { add: { sent: 1 }, replyMinutes: [] } });
  });

  it('counts neither received e-mails nor removed ones', () => {
    expect(insert(sentEmail({ kind: 'reply' }))).toBeNull();
    expect(remove(sentEmail())).toBeNull();
  });
});

const conversation = (fields: Item = {}): Item => ({
  pk,
  sk: 'CONVERSATION#v1',
  entity: 'conversation',
  id: 'v1',
  contactId: 'c1',
  createdAt: '2030-03-04T10:00:00.000Z',
  updatedAt: '2030-03-04T10:00:00.000Z',
  replyStatus: 'awaiting_reply',
  lastReplyDate: null,
  emailCount: 0,
  lastEmailSentAt: null,
  ...fields,
});
const started = conversation({
  emailCount: 1,
  lastEmailSentAt: '2030-03-05T09:15:00.000Z',
  updatedAt: '2030-03-05T09:15:01.000Z',
});

describe('conversations', () => {
  it('starts with its first e-mail, at that e-mail, awaiting a reply', () => {
    const created = insert(started);
    expect(created?.change.totals.add).toEqual({ conversationsStarted: 1, awaitingReply: 1 });
    expect(created?.started).toEqual({
      conversationId: 'v1',
      contactId: 'c1',
      firstEmailAt: '2030-03-05T09:15:00.000Z',
    });
    // a conversation created before its first e-mail starts when the e-mail leaves, not when it was created
    expect(insert(conversation())).toBeNull();
    expect(modify(conversation(), started)?.started?.firstEmailAt).toBe('2030-03-05T09:15:00.000Z');
    // a follow-up starts nothing
    const followUp = { ...started, emailCount: 2, lastEmailSentAt: '2030-03-09T08:00:00.000Z' };
    expect(modify(started, followUp)).toBeNull();
  });

  it('counts the first reply at its date, and only the transition into REPLY_RECEIVED', () => {
    const replied = {
      ...started,
      replyStatus: 'REPLY_RECEIVED',
      lastReplyDate: '2030-03-06T12:00:00.000Z',
      updatedAt: '2030-03-06T12:00:05.000Z',
    };
    const delta = modify(started, replied);
    expect(delta?.replied).toEqual({ conversationId: 'v1', at: '2030-03-06T12:00:00.000Z' });
    expect(delta?.change.totals.add).toEqual({ awaitingReply: -1 });
    // a second reply read in the conversation
    expect(modify(replied, { ...replied, lastReplyDate: '2030-03-07T12:00:00.000Z' })).toBeNull();
    // marked replied by hand without a date: the time of the change
    const byHand = modify(started, {
      ...started,
      replyStatus: 'REPLY_RECEIVED',
      updatedAt: '2030-03-08T08:00:00.000Z',
    });
    expect(byHand?.replied?.at).toBe('2030-03-08T08:00:00.000Z');
  });

  it('does not count a reply in a conversation where nothing was sent', () => {
    expect(modify(conversation(), conversation({ replyStatus: 'REPLY_RECEIVED' }))).toBeNull();
  });

  it('moves the status counts and counts auto-replies and bounces on the day they came', () => {
    const auto = { ...started, replyStatus: 'auto_reply', updatedAt: '2030-03-06T01:00:00.000Z' };
    const delta = modify(started, auto);
    expect(delta?.change.totals.add).toEqual({ awaitingReply: -1, autoReplies: 1 });
    expect(delta?.change.days).toEqual({ '2030-03-06': { add: { autoReplies: 1 }, replyMinutes: [] } });
    const bounced = { ...auto, replyStatus: 'bounced', updatedAt: '2030-03-07T01:00:00.000Z' };
    expect(modify(auto, bounced)?.change).toMatchObject({
      totals: { add: { autoReplies: -1, bounces: 1 } },
      days: { '2030-03-07': { add: { bounces: 1 } } },
    });
    expect(modify(bounced, { ...bounced, replyStatus: 'closed' })?.change.totals.add).toEqual({ bounces: -1 });
  });

  it('counts a conversation whose newest answer is interested or referral, and moves it when the label is corrected', () => {
    const label = (classification: string) => ({ emailId: 'e1', classification, classifiedBy: 'model' });
    const replied = { ...started, replyStatus: 'REPLY_RECEIVED', lastReplyDate: '2030-03-06T01:00:00.000Z' };
    const interested = { ...replied, latestLabel: label('interested') };
    expect(modify(started, interested)?.change.totals.add).toMatchObject({ positiveReplies: 1 });
    const referral = { ...interested, latestLabel: label('referral') };
    expect(modify(interested, referral)).toBeNull();
    const notNow = { ...referral, latestLabel: { ...label('not_now'), classifiedBy: 'user' } };
    expect(modify(referral, notNow)?.change.totals.add).toEqual({ positiveReplies: -1 });
    expect(remove(interested)?.change.totals.add).toEqual({ positiveReplies: -1 });
    // an out-of-office is no positive answer, and neither is a label in a conversation where nothing was sent
    expect(
      modify(started, { ...started, replyStatus: 'auto_reply', latestLabel: label('out_of_office') }),
    ).not.toHaveProperty('change.totals.add.positiveReplies');
    expect(modify(conversation(), conversation({ latestLabel: label('interested') }))).toBeNull();
  });

  it('leaves what happened when deleted, and takes it out of the status counts', () => {
    const delta = remove(started);
    expect(delta?.change.totals.add).toEqual({ awaitingReply: -1 });
    expect(delta?.change.days).toEqual({});
    expect(delta?.change.conversation).toEqual({ remove: { conversationId: 'v1' } });
  });
});

const meeting = (fields: Item = {}): Item => ({
  pk,
  sk: 'MEETING#m1',
  entity: 'meeting',
  id: 'm1',
  status: 'scheduled',
  startTime: '2030-03-10T15:00:00.000Z',
  ...fields,
});

describe('meetings', () => {
  it('keeps a scheduled meeting by its start and drops it when cancelled, done or deleted', () => {
    expect(insert(meeting())?.change.totals.set).toEqual({ 'meeting|m1': '2030-03-10T15:00:00.000Z' });
    const moved = modify(meeting(), meeting({ startTime: '2030-03-11T15:00:00.000Z' }));
    expect(moved?.change.totals.set).toEqual({ 'meeting|m1': '2030-03-11T15:00:00.000Z' });
    expect(moved?.meetingTouched).toEqual({ meetingId: 'm1' });
    expect(modify(meeting(), meeting({ status: 'cancelled' }))?.change.totals.remove).toEqual(['meeting|m1']);
    expect(modify(meeting(), meeting({ status: 'done' }))?.change.totals.remove).toEqual(['meeting|m1']);
    expect(remove(meeting())?.change.totals.remove).toEqual(['meeting|m1']);
  });

  it('costs nothing when a meeting changes but not its start or status', () => {
    expect(modify(meeting(), meeting({ notes: 'agenda' }))).toBeNull();
    expect(remove(meeting({ status: 'cancelled' }))).toBeNull();
  });
});

describe('pipeline', () => {
  const entry = (stage: string): Item => ({ pk, sk: 'PIPELINE#c1', entity: 'pipeline', contactId: 'c1', stage });
  it('moves a contact from one stage count to the other', () => {
    expect(insert(entry('contacted'))?.change.totals.add).toEqual({ 'stage|contacted': 1 });
    expect(modify(entry('contacted'), entry('replied'))?.change.totals.add).toEqual({
      'stage|contacted': -1,
      'stage|replied': 1,
    });
    expect(remove(entry('replied'))?.change.totals.add).toEqual({ 'stage|replied': -1 });
    expect(modify(entry('replied'), { ...entry('replied'), movedBy: 'manual' })).toBeNull();
  });
});

describe('items outside the counters', () => {
  it('ignores other entities and items outside a user partition', () => {
    expect(insert({ pk, sk: 'NOTIFICATION#n', entity: 'notification' })).toBeNull();
    expect(insert({ ...verified, pk: 'SHARED#x' })).toBeNull();
  });
});

const person = (fields: Partial<ContactItem>): ContactItem => ({
  uid,
  contactId: 'c1',
  importedAt: '2030-01-01T00:00:00.000Z',
  lastUpdated: '2030-01-01T00:00:00.000Z',
  ...fields,
});

describe('a contact dimensions', () => {
  it('reads company, role (job title, else current role), the latest school and the seniority of the role', () => {
    expect(
      dimensionsOf(
        person({
          company: ' Acme Inc. ',
          jobTitle: '',
          currentRole: 'VP of Engineering',
          education: [
            { institution: 'Lycée Henri IV', endYear: 2008 },
            { institution: 'MIT', startYear: 2010, endYear: 2014 },
            { institution: 'Unknown Institution', endYear: 2020 },
          ],
        }),
      ),
    ).toEqual({ company: 'Acme Inc.', role: 'VP of Engineering', school: 'MIT', seniority: 'VP' });
  });

  it('leaves out what the contact has no value for, and cuts long values', () => {
    expect(dimensionsOf(person({ company: '   ', education: [] }))).toEqual({});
    expect(dimensionsOf(null)).toEqual({});
    expect(dimensionsOf(person({ company: 'x'.repeat(300) })).company).toHaveLength(100);
    expect(latestSchool({ education: [{ institution: 'First' }, { institution: 'Second' }] })).toBe('First');
  });

  it('never cuts a long value between the halves of a surrogate pair (no valid UTF-8 for DynamoDB)', () => {
    const company = dimensionsOf(person({ company: `${'a'.repeat(99)}😀 and more` })).company ?? '';
    expect(company).toBe('a'.repeat(99));
    expect(company).not.toMatch(/[\uD800-\uDBFF]$/);
    // a pair that fits whole is kept
    expect(dimensionsOf(person({ company: `${'a'.repeat(98)}😀 and more` })).company).toBe(`${'a'.repeat(98)}😀`);
  });
});

describe('counts of a cohort', () => {
  const cohort = {
    conversationId: 'v1',
    firstEmailAt: '2030-03-03T22:10:00.000Z', // a Sunday, 22h UTC
    dimensions: { company: 'Acme|Labs', seniority: 'Senior' as const },
  };

  it('counts a start on the first e-mail day, slot and dimensions', () => {
    const change: StatsChange = { totals: noCounterChange(), days: {} };
    startCounts(change, cohort);
    expect(change.days).toEqual({
      '2030-03-03': {
        add: { started: 1, 'slot|0-22|sent': 1, 'company|Acme|Labs|sent': 1, 'seniority|Senior|sent': 1 },
        replyMinutes: [],
      },
    });
  });

  it('counts a first reply on its own day and on the cohort day, with the minutes it took', () => {
    const change: StatsChange = { totals: noCounterChange(), days: {} };
    replyCounts(change, cohort, '2030-03-05T01:40:00.000Z');
    expect(change.totals.add).toEqual({ replied: 1 });
    expect(change.days).toEqual({
      '2030-03-05': { add: { replies: 1 }, replyMinutes: [] },
      '2030-03-03': {
        add: {
          startedReplied: 1,
          'slot|0-22|replied': 1,
          'company|Acme|Labs|replied': 1,
          'seniority|Senior|replied': 1,
        },
        replyMinutes: [27 * 60 + 30],
      },
    });
  });
});
