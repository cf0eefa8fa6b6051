import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { settingsDefaults } from '../../shared/schemas/settings-defaults.js';
import { createDataClient } from '../data/client.js';
import { upsertUserProfile } from '../data/user-profile.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import { countingDataClient } from '../test/counting-client.js';
import { recordIncomingEmail, recordSentEmail } from './index.js';
import type { IncomingEmail, SentEmail } from './record.js';
import { analytics, detailedAnalytics } from './service.js';
import { putDayStats, putUserStats } from './test/stats-fixtures.js';

const db = createDataClient(process.env.TABLE_NAME!);

type AnalyticsQuery = Record<string, string>;
const analyticsOf = async (claims: Record<string, unknown>, query: AnalyticsQuery = {}) => {
  const answer = await callRoute('GET /api/conversations/analytics', { claims, query });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data;
};
const detailed = async (claims: Record<string, unknown>, query: AnalyticsQuery) => {
  const answer = await callRoute('GET /api/conversations/detailed-analytics', { claims, query });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data;
};

const withZone = (uid: string, timeZone: string) =>
  upsertUserProfile(db, uid, { set: { settings: { ...settingsDefaults, timeZone } }, setIfMissing: {} });

const zeros = (length: number, key: 'weekday' | 'hour') =>
  Array.from({ length }, (_, index) => ({ [key]: index, sent: 0, replies: 0, replyRate: 0 }));
const emptySeries = (starts: string[]) => starts.map((start) => ({ start, sent: 0, replies: 0 }));
const days = (first: string, count: number, step = 1) =>
  Array.from({ length: count }, (_, index) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + index * step * 86_400_000).toISOString().slice(0, 10),
  );

describe('conversation analytics from the counters', () => {
  it('answers the totals now without filters, and the days of a from/to range with them', async () => {
    const claims = userClaims();
    await putUserStats(db, claims.sub, {
      conversationsStarted: 10,
      emailsSent: 14,
      replied: 4,
      autoReplies: 2,
      bounces: 1,
      awaitingReply: 3,
      verifiedEmails: 99,
    });
    await putDayStats(db, claims.sub, '2026-03-04', { sent: 100, started: 100, startedReplied: 100 });
    await putDayStats(db, claims.sub, '2026-03-05', {
      sent: 4,
      started: 3,
      replies: 1,
      startedReplied: 2,
      autoReplies: 1,
    });
    await putDayStats(db, claims.sub, '2026-03-11', { sent: 2, started: 2, replies: 2, startedReplied: 1, bounces: 1 });
    await putDayStats(db, claims.sub, '2026-03-12', { sent: 50, started: 50 });

    expect(await analyticsOf(claims)).toEqual({
      totalConversations: 10,
      emailsSent: 14,
      replies: 4,
      autoReplies: 2,
      bounces: 1,
      awaitingReply: 3,
      replyRate: 0.4,
    });
    // from/to widen to their whole UTC days: 03-05 .. 03-11
    expect(
      await analyticsOf(claims, {
        from: '2026-03-05T23:59:00Z',
        to: '2026-03-11T00:00:01+00:00',
      }),
    ).toEqual({
      totalConversations: 5,
      emailsSent: 6,
      replies: 3,
      autoReplies: 1,
      bounces: 1,
      awaitingReply: 2,
      replyRate: 0.6,
    });
    expect(await analyticsOf(claims, { to: '2026-03-04T10:00:00Z' })).toMatchObject({
      totalConversations: 100,
      replies: 100,
      replyRate: 1,
    });
    expect(await analyticsOf(claims, { from: '2026-03-12T00:00:00Z', to: '2026-03-11T00:00:00Z' })).toMatchObject({
      totalConversations: 0,
      emailsSent: 0,
      replyRate: 0,
    });
  });

  it('answers a user without counters with zeros, empty lists and nulls', async () => {
    const claims = userClaims();
    expect(await analyticsOf(claims)).toEqual({
      totalConversations: 0,
      emailsSent: 0,
      replies: 0,
      autoReplies: 0,
      bounces: 0,
      awaitingReply: 0,
      replyRate: 0,
    });
    expect(await detailed(claims, { to: '2026-03-11T12:00:00Z' })).toEqual({
      totalConversations: 0,
      emailsSent: 0,
      replies: 0,
      autoReplies: 0,
      bounces: 0,
      awaitingReply: 0,
      replyRate: 0,
      time_period: 'week',
      series: emptySeries(days('2026-03-05', 7)),
      medianReplyMinutes: null,
      byCompany: [],
      byRole: [],
      bySchool: [],
      bySeniority: [],
      timeZone: 'UTC',
      byWeekday: zeros(7, 'weekday'),
      byHour: zeros(24, 'hour'),
      bestSendTime: null,
      funnel: [
        { stage: 'drafted', count: 0 },
        { stage: 'contacted', count: 0 },
        { stage: 'replied', count: 0 },
        { stage: 'meeting_scheduled', count: 0 },
      ],
    });
  });

  it('counts a week of days: the cohort, a series per day, the odd median, breakdowns, the funnel of what happened', async () => {
    const claims = userClaims();
    await putUserStats(db, claims.sub, {
      // where cards stand (a hand may have put them there) is not the funnel
      stages: { drafted: 5, contacted: 4, replied: 30, meeting_scheduled: 20, closed: 1 },
      reached: { drafted: 15, contacted: 10, replied: 6, meeting_scheduled: 3 },
    });
    await putDayStats(db, claims.sub, '2026-03-04', {
      sent: 100,
      started: 100,
      replyMinutes: [1],
      dimensions: { company: { Acme: { sent: 100 } } },
      slots: { '3-9': { sent: 100 } },
    });
    await putDayStats(db, claims.sub, '2026-03-05', {
      sent: 4,
      started: 3,
      replies: 1,
      startedReplied: 2,
      replyMinutes: [90, 30],
      autoReplies: 1,
      dimensions: {
        company: { Acme: { sent: 2, replied: 1 }, Globex: { sent: 1, replied: 1 } },
        role: { 'Data Engineer': { sent: 3, replied: 2 } },
        school: { MIT: { sent: 1 } },
        seniority: { 'Mid-level': { sent: 3, replied: 2 } },
      },
      slots: { '4-9': { sent: 2, replied: 1 }, '4-17': { sent: 1, replied: 1 } },
    });
    await putDayStats(db, claims.sub, '2026-03-11', {
      sent: 2,
      started: 2,
      replies: 2,
      startedReplied: 1,
      replyMinutes: [10],
      bounces: 1,
      dimensions: { company: { Globex: { sent: 2, replied: 1 } } },
      slots: { '3-9': { sent: 2, replied: 1 } },
    });
    await putDayStats(db, claims.sub, '2026-03-12', { sent: 50, started: 50, replyMinutes: [1, 1, 1] });

    const week = await detailed(claims, { to: '2026-03-11T12:00:00Z' });
    expect(week).toEqual({
      totalConversations: 5,
      emailsSent: 6,
      replies: 3,
      autoReplies: 1,
      bounces: 1,
      awaitingReply: 2,
      replyRate: 0.6,
      time_period: 'week',
      series: [
        { start: '2026-03-05', sent: 4, replies: 1 },
        ...emptySeries(days('2026-03-06', 5)),
        { start: '2026-03-11', sent: 2, replies: 2 },
      ],
      // [10, 30, 90]
      medianReplyMinutes: 30,
      byCompany: [
        { value: 'Globex', sent: 3, replies: 2, replyRate: 2 / 3 },
        { value: 'Acme', sent: 2, replies: 1, replyRate: 0.5 },
      ],
      byRole: [{ value: 'Data Engineer', sent: 3, replies: 2, replyRate: 2 / 3 }],
      bySchool: [{ value: 'MIT', sent: 1, replies: 0, replyRate: 0 }],
      bySeniority: [{ value: 'Mid-level', sent: 3, replies: 2, replyRate: 2 / 3 }],
      timeZone: 'UTC',
      byWeekday: zeros(7, 'weekday').map((entry) =>
        entry.weekday === 3
          ? { weekday: 3, sent: 2, replies: 1, replyRate: 0.5 }
          : entry.weekday === 4
            ? { weekday: 4, sent: 3, replies: 2, replyRate: 2 / 3 }
            : entry,
      ),
      byHour: zeros(24, 'hour').map((entry) =>
        entry.hour === 9
          ? { hour: 9, sent: 4, replies: 2, replyRate: 0.5 }
          : entry.hour === 17
            ? { hour: 17, sent: 1, replies: 1, replyRate: 1 }
            : entry,
      ),
      // no weekday-hour has 3 sent: Thu 9 has 2, Thu 17 has 1, Wed 9 has 2
      bestSendTime: null,
      funnel: [
        { stage: 'drafted', count: 15 },
        { stage: 'contacted', count: 10 },
        { stage: 'replied', count: 6 },
        { stage: 'meeting_scheduled', count: 3 },
      ],
    });
    // `from` starts the period there, whatever its length: 03-04 .. 03-11, and the even median of [1, 10, 30, 90]
    const fromAt = await detailed(claims, { from: '2026-03-04T18:00:00Z', to: '2026-03-11T12:00:00Z' });
    expect(fromAt.series).toHaveLength(8);
    expect(fromAt.series[0]).toEqual({ start: '2026-03-04', sent: 100, replies: 0 });
    expect(fromAt.totalConversations).toBe(105);
    expect(fromAt.medianReplyMinutes).toBe(20);
    expect(fromAt.bestSendTime).toEqual({ weekday: 3, hour: 9, replyRate: 1 / 102 });
    // a `from` years back: the last 400 buckets, counts and series over the same days
    const longAgo = await detailed(claims, { from: '2020-01-01T00:00:00Z', to: '2026-03-11T12:00:00Z' });
    expect(longAgo.series).toHaveLength(400);
    expect(longAgo.series[0]!.start).toBe('2025-02-05');
    expect(longAgo.totalConversations).toBe(105);
    const weeksAgo = await detailed(claims, {
      time_period: 'year',
      from: '2010-01-01T00:00:00Z',
      to: '2026-03-11T12:00:00Z',
    });
    expect(weeksAgo.series).toHaveLength(400);
    expect(weeksAgo.series[399]).toEqual({ start: '2026-03-05', sent: 6, replies: 3 });
  });

  it('keeps the 10 values with most sent (ties: more replies, then by name)', async () => {
    const claims = userClaims();
    const companies: Record<string, { sent: number; replied?: number }> = Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [`Company ${String(index + 1).padStart(2, '0')}`, { sent: 12 - index }]),
    );
    // four with 9 sent: more replies first (06, 05), then 04 before 07 (both none)
    companies['Company 05'] = { sent: 9, replied: 1 };
    companies['Company 06'] = { sent: 9, replied: 2 };
    companies['Company 07'] = { sent: 9 };
    await putDayStats(db, claims.sub, '2026-03-10', { dimensions: { company: companies } });
    const { byCompany } = await detailed(claims, { to: '2026-03-11T12:00:00Z' });
    expect(byCompany.map((entry: { value: string; sent: number }) => `${entry.value}:${entry.sent}`)).toEqual([
      'Company 01:12',
      'Company 02:11',
      'Company 03:10',
      'Company 06:9',
      'Company 05:9',
      'Company 04:9',
      'Company 07:9',
      'Company 08:5',
      'Company 09:4',
      'Company 10:3',
    ]);
    expect(byCompany[3]).toEqual({ value: 'Company 06', sent: 9, replies: 2, replyRate: 2 / 9 });
  });

  it('buckets a quarter and a year by 7 days from the period’s first day, and a month by day', async () => {
    const claims = userClaims();
    await putDayStats(db, claims.sub, '2025-12-30', { sent: 16, replies: 16 });
    await putDayStats(db, claims.sub, '2025-12-31', { sent: 1, replies: 1 });
    await putDayStats(db, claims.sub, '2026-01-06', { sent: 2 });
    await putDayStats(db, claims.sub, '2026-01-07', { sent: 4, replies: 3 });
    await putDayStats(db, claims.sub, '2026-03-02', { sent: 32 });
    await putDayStats(db, claims.sub, '2026-03-31', { sent: 8, replies: 1 });
    const to = '2026-03-31T23:59:59Z';

    const quarter = await detailed(claims, { time_period: 'quarter', to });
    expect(quarter.series).toHaveLength(13);
    expect(quarter.series.map((bucket: { start: string }) => bucket.start)).toEqual(days('2025-12-31', 13, 7));
    expect(quarter.series[0]).toEqual({ start: '2025-12-31', sent: 3, replies: 1 });
    expect(quarter.series[1]).toEqual({ start: '2026-01-07', sent: 4, replies: 3 });
    // 03-02 is day 61 of the period: bucket 8 (02-25 .. 03-03)
    expect(quarter.series[8]).toEqual({ start: '2026-02-25', sent: 32, replies: 0 });
    expect(quarter.series[12]).toEqual({ start: '2026-03-25', sent: 8, replies: 1 });
    expect(quarter.emailsSent).toBe(47);

    const month = await detailed(claims, { time_period: 'month', to });
    expect(month.series.map((bucket: { start: string }) => bucket.start)).toEqual(days('2026-03-02', 30));
    expect(month.series[0]).toEqual({ start: '2026-03-02', sent: 32, replies: 0 });
    expect(month.series[29]).toEqual({ start: '2026-03-31', sent: 8, replies: 1 });
    expect(month.emailsSent).toBe(40);

    const year = await detailed(claims, { time_period: 'year', to });
    expect(year.series).toHaveLength(52);
    expect(year.series[0]!.start).toBe('2025-04-02');
    expect(year.series.at(-1)).toEqual({ start: '2026-03-25', sent: 8, replies: 1 });
    expect(year.emailsSent).toBe(63);
  });

  it('reads weekdays and hours in the user’s zone, each day with its own offset, and picks the best slot of 3 sent or more', async () => {
    const claims = userClaims();
    // Monday 2026-01-05 03:00 UTC (New York: Sunday 22:00, winter time; Kolkata: Monday 08:30)
    await putDayStats(db, claims.sub, '2026-01-05', { sent: 3, replies: 1, slots: { '1-3': { sent: 3, replied: 1 } } });
    // Monday 2026-07-06 03:00 UTC (New York: Sunday 23:00, summer time; Kolkata: Monday 08:30)
    await putDayStats(db, claims.sub, '2026-07-06', { sent: 4, replies: 2, slots: { '1-3': { sent: 4, replied: 2 } } });
    // Saturday 2026-01-10 20:00 UTC (New York: Saturday 15:00; Kolkata: Sunday 01:30): the best rate, 2 sent only
    await putDayStats(db, claims.sub, '2026-01-10', {
      sent: 2,
      replies: 2,
      slots: { '6-20': { sent: 2, replied: 2 } },
    });
    const to = '2026-07-10T12:00:00Z';
    const pick = (answer: {
      byWeekday: { sent: number }[];
      byHour: { sent: number }[];
      bestSendTime: unknown;
      timeZone: string;
    }) => ({
      timeZone: answer.timeZone,
      weekdays: answer.byWeekday.filter((entry) => entry.sent > 0),
      hours: answer.byHour.filter((entry) => entry.sent > 0),
      best: answer.bestSendTime,
    });

    expect(pick(await detailed(claims, { time_period: 'year', to }))).toEqual({
      timeZone: 'UTC',
      weekdays: [
        { weekday: 1, sent: 7, replies: 3, replyRate: 3 / 7 },
        { weekday: 6, sent: 2, replies: 2, replyRate: 1 },
      ],
      hours: [
        { hour: 3, sent: 7, replies: 3, replyRate: 3 / 7 },
        { hour: 20, sent: 2, replies: 2, replyRate: 1 },
      ],
      best: { weekday: 1, hour: 3, replyRate: 3 / 7 },
    });

    await withZone(claims.sub, 'America/New_York');
    expect(pick(await detailed(claims, { time_period: 'year', to }))).toEqual({
      timeZone: 'America/New_York',
      weekdays: [
        { weekday: 0, sent: 7, replies: 3, replyRate: 3 / 7 },
        { weekday: 6, sent: 2, replies: 2, replyRate: 1 },
      ],
      hours: [
        { hour: 15, sent: 2, replies: 2, replyRate: 1 },
        { hour: 22, sent: 3, replies: 1, replyRate: 1 / 3 },
        { hour: 23, sent: 4, replies: 2, replyRate: 0.5 },
      ],
      best: { weekday: 0, hour: 23, replyRate: 0.5 },
    });

    await withZone(claims.sub, 'Asia/Kolkata');
    expect(pick(await detailed(claims, { time_period: 'year', to }))).toEqual({
      timeZone: 'Asia/Kolkata',
      weekdays: [
        { weekday: 0, sent: 2, replies: 2, replyRate: 1 },
        { weekday: 1, sent: 7, replies: 3, replyRate: 3 / 7 },
      ],
      // a UTC hour counts in the local hour its start falls in: 03:00 UTC is 08:30, 20:00 UTC is 01:30
      hours: [
        { hour: 1, sent: 2, replies: 2, replyRate: 1 },
        { hour: 8, sent: 7, replies: 3, replyRate: 3 / 7 },
      ],
      best: { weekday: 1, hour: 8, replyRate: 3 / 7 },
    });
  });

  it('refuses an unknown time period with a 400 naming the field', async () => {
    const answer = await callRoute('GET /api/conversations/detailed-analytics', {
      claims: userClaims(),
      query: { time_period: 'decade' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ success: false, code: 'validation_failed' });
    expect(answer.json.error).toMatch(/^Invalid request: query\.time_period: /);
  });

  it('costs three DynamoDB calls for a year of days (STATS, the profile, one Query), one for the totals or a range', async () => {
    const counting = countingDataClient();
    const uid = randomUUID();
    const first = Date.parse('2025-07-12T00:00:00Z');
    for (let index = 0; index < 364; index += 26)
      await Promise.all(
        Array.from({ length: Math.min(26, 364 - index) }, (_, offset) =>
          putDayStats(db, uid, new Date(first + (index + offset) * 86_400_000).toISOString().slice(0, 10), {
            sent: 2,
            started: 1,
            startedReplied: 1,
            replyMinutes: [index + offset],
            dimensions: { company: { [`Company ${(index + offset) % 30}`]: { sent: 1, replied: 1 } } },
            slots: { [`${(index + offset) % 7}-${(index + offset) % 24}`]: { sent: 1, replied: 1 } },
          }),
        ),
      );
    const deps = { db: counting.data, now: () => new Date('2026-07-10T12:00:00Z'), newId: randomUUID };

    const year = await detailedAnalytics(deps, uid, { time_period: 'year' });
    expect([...counting.calls].sort()).toEqual(['GetItemCommand', 'GetItemCommand', 'QueryCommand']);
    expect(year).toMatchObject({ totalConversations: 364, emailsSent: 728, replies: 364, medianReplyMinutes: 181.5 });
    expect(year.byCompany).toHaveLength(10);

    counting.reset();
    expect((await analytics(deps, uid, {})).totalConversations).toBe(0);
    expect(counting.calls).toEqual(['GetItemCommand']);
    counting.reset();
    expect((await analytics(deps, uid, { from: '2025-07-12T00:00:00Z' })).totalConversations).toBe(364);
    expect(counting.calls).toEqual(['QueryCommand']);
  });
});

describe('conversation analytics of one contact', () => {
  const sent = (contactId: string, sentAt: string, overrides: Partial<SentEmail> = {}): SentEmail => {
    const draftId = `draft-${randomUUID()}`;
    return {
      conversationId: null,
      contactId,
      draftId,
      draftType: 'initial_outreach',
      mailboxId: 'mailbox-1',
      provider: 'gmail',
      from: 'me@gmail.com',
      fromName: 'Me',
      to: 'ada@example.com',
      subject: 'Hello Ada',
      body: 'Hi Ada',
      sentAt: new Date(sentAt),
      messageId: `<${draftId}@gmail.com>`,
      providerMessageId: `gm-${randomUUID()}`,
      threadId: `thread-${randomUUID()}`,
      ...overrides,
    };
  };
  const incoming = (kind: IncomingEmail['kind'], at: string): IncomingEmail => ({
    kind,
    providerMessageId: `gm-${randomUUID()}`,
    messageId: `<${randomUUID()}@example.com>`,
    from: 'ada@example.com',
    fromName: 'Ada',
    to: 'me@gmail.com',
    subject: 'Re: Hello Ada',
    body: 'Yes!',
    at: new Date(at),
  });

  it('reads that contact’s conversations and e-mails, counted as the counters count them; others’ contacts count nothing', async () => {
    const claims = userClaims();
    const added = await callRoute('POST /api/contacts', {
      claims,
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines',
        job_title: 'Senior Engineer',
      },
    });
    expect(added.status, JSON.stringify(added.json)).toBeLessThan(300);
    const contactId = added.json.data.id as string;
    const first = (await recordSentEmail(db, claims.sub, sent(contactId, '2026-03-10T14:00:00Z'))).conversation;
    await recordSentEmail(
      db,
      claims.sub,
      sent(contactId, '2026-03-11T10:00:00Z', { conversationId: first.id, draftType: 'follow_up' }),
    );
    // two auto-replies before the answer: one conversation that auto-replied (on the first one's day)
    await recordIncomingEmail(db, claims.sub, first.id, incoming('auto_reply', '2026-03-10T15:00:00Z'));
    await recordIncomingEmail(db, claims.sub, first.id, incoming('auto_reply', '2026-03-11T15:00:00Z'));
    await recordIncomingEmail(db, claims.sub, first.id, incoming('reply', '2026-03-11T16:30:00Z'));
    const second = (await recordSentEmail(db, claims.sub, sent(contactId, '2026-03-09T09:00:00Z'))).conversation;
    await recordIncomingEmail(db, claims.sub, second.id, incoming('bounce', '2026-03-09T09:05:00Z'));
    // answered by hand, no reply e-mail: its reply date counts (Sunday 12:00 UTC, an hour later)
    const third = (await recordSentEmail(db, claims.sub, sent(contactId, '2026-03-08T12:00:00Z'))).conversation;
    const marked = await callRoute('PATCH /api/conversations/{id}/reply-status', {
      claims,
      params: { id: third.id },
      body: { replyStatus: 'REPLY_RECEIVED', lastReplyDate: '2026-03-08T13:00:00Z' },
    });
    expect(marked.status, JSON.stringify(marked.json)).toBe(200);
    // the user's day counters stay out of a contact's figures
    await putDayStats(db, claims.sub, '2026-03-10', { sent: 70, started: 70 });

    expect(await analyticsOf(claims, { contactId })).toEqual({
      totalConversations: 3,
      emailsSent: 4,
      replies: 2,
      autoReplies: 0,
      bounces: 1,
      awaitingReply: 0,
      replyRate: 2 / 3,
    });
    const week = await detailed(claims, { contactId, to: '2026-03-11T23:00:00Z' });
    const pair = { sent: 3, replies: 2, replyRate: 2 / 3 };
    expect(week).toMatchObject({
      totalConversations: 3,
      emailsSent: 4,
      replies: 2,
      autoReplies: 1,
      bounces: 1,
      awaitingReply: 1,
      replyRate: 2 / 3,
      series: [
        ...emptySeries(days('2026-03-05', 3)),
        { start: '2026-03-08', sent: 1, replies: 1 },
        { start: '2026-03-09', sent: 1, replies: 0 },
        { start: '2026-03-10', sent: 1, replies: 0 },
        { start: '2026-03-11', sent: 1, replies: 1 },
      ],
      // [60, 1590]: 2026-03-08 12:00 to 13:00, 2026-03-10 14:00 to 2026-03-11 16:30
      medianReplyMinutes: 825,
      byCompany: [{ value: 'Analytical Engines', ...pair }],
      byRole: [{ value: 'Senior Engineer', ...pair }],
      bySchool: [],
      bySeniority: [{ value: 'Senior', ...pair }],
      bestSendTime: null,
    });
    expect(week.byWeekday.filter((entry: { sent: number }) => entry.sent > 0)).toEqual([
      { weekday: 0, sent: 1, replies: 1, replyRate: 1 },
      { weekday: 1, sent: 1, replies: 0, replyRate: 0 },
      { weekday: 2, sent: 1, replies: 1, replyRate: 1 },
    ]);

    const other = userClaims();
    expect(await analyticsOf(other, { contactId })).toMatchObject({
      totalConversations: 0,
      emailsSent: 0,
    });
    expect(await detailed(other, { contactId, to: '2026-03-11T23:00:00Z' })).toMatchObject({
      totalConversations: 0,
      emailsSent: 0,
      byCompany: [],
      medianReplyMinutes: null,
    });
  });
});
