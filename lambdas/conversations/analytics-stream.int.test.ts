import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StreamRunner, startStreamRunner } from '../../infra/local/streams.js';
import { settingsDefaults } from '../../shared/schemas/settings-defaults.js';
import type { PipelineStage } from '../../shared/schemas/pipeline.js';
import { createDataClient, type DataClient } from '../data/client.js';
import { createTableInput } from '../data/table.js';
import { upsertUserProfile } from '../data/user-profile.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import type { IncomingEmail, SentEmail } from './record.js';

/**
 * The analytics through the real local machinery: e-mails recorded by the conversations' own data
 * functions, the table's stream read by the local stream runner into the real stats aggregator
 * (lambdas/dashboard/stats-stream.ts), then the routes read the counters it kept. On a table of its own, so the
 * runner (which reads the stream from its start) sees this test's writes only and touches no other test's counters.
 */
const sharedTable = process.env.TABLE_NAME!;
const tableName = `analytics-${randomUUID().slice(0, 8)}`;
const dir = mkdtempSync(join(tmpdir(), 'analytics-streams-'));
const client = new DynamoDBClient({});
let db: DataClient;
let runner: StreamRunner;
/** the runner's lines (each batch delivered, each failure), for the message of a drain that does not end */
const runnerLines: string[] = [];
let record: typeof import('./index.js');

beforeAll(async () => {
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  // the handlers (and the aggregator the runner loads) read the table's name from the environment when imported
  process.env.TABLE_NAME = tableName;
  db = createDataClient(tableName);
  record = await import('./index.js');
  runner = await startStreamRunner({
    endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB!,
    tableName,
    dir,
    pollMs: 20,
    retryDelayMs: 5,
    log: (line) => runnerLines.push(`${new Date().toISOString()} ${line}`),
  });
});

afterAll(async () => {
  await runner?.stop();
  process.env.TABLE_NAME = sharedTable;
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  client.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const sent = (contactId: string, to: string, sentAt: string): SentEmail => {
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
    to,
    subject: 'Coffee?',
    body: 'Hi, coffee next week?',
    sentAt: new Date(sentAt),
    messageId: `<${draftId}@gmail.com>`,
    providerMessageId: `gm-${randomUUID()}`,
    threadId: `thread-${randomUUID()}`,
  };
};
const incoming = (kind: IncomingEmail['kind'], from: string, at: string): IncomingEmail => ({
  kind,
  providerMessageId: `gm-${randomUUID()}`,
  messageId: `<${randomUUID()}@example.com>`,
  from,
  fromName: null,
  to: 'me@gmail.com',
  subject: 'Re: Coffee?',
  body: 'Gladly',
  at: new Date(at),
});

/**
 * Waits for the runner to deliver what was written (at most 20 s, within the test's 30 s), else fails saying what the
 * runner did last.
 */
const drained = async () => {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    runner.drained(),
    new Promise((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `the stream was not drained in 20 s: ${runner.lagging().join('; ') || 'no consumer at work'}; the runner last: ${runnerLines.slice(-3).join(' | ')}`,
            ),
          ),
        20_000,
      );
    }),
  ]).finally(() => clearTimeout(timer));
};

describe('analytics through the stream and the stats aggregator', () => {
  it('shows sent e-mails and replies recorded by the data functions once the stream is drained', async () => {
    const claims = userClaims();
    const uid = String(claims.sub);
    const addContact = async (body: Record<string, string>) => {
      const answer = await callRoute('POST /api/contacts', { claims, body });
      expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
      return answer.json.data.id as string;
    };
    const ada = await addContact({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      job_title: 'Head of Research',
    });
    const grace = await addContact({
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      company: 'Navy Labs',
      job_title: 'Senior Engineer',
    });
    await upsertUserProfile(db, uid, {
      set: { settings: { ...settingsDefaults, timeZone: 'Asia/Kolkata' } },
      setIfMissing: {},
    });

    // Tuesday 2026-03-10, 14:00-14:40 UTC (19:30-20:10 in Kolkata): three first e-mails
    const recordedFrom = new Date().toISOString();
    const first = (await record.recordSentEmail(db, uid, sent(ada, 'ada@example.com', '2026-03-10T14:00:00Z')))
      .conversation;
    const second = (await record.recordSentEmail(db, uid, sent(grace, 'grace@navy.example', '2026-03-10T14:20:00Z')))
      .conversation;
    const third = (await record.recordSentEmail(db, uid, sent(ada, 'ada@example.com', '2026-03-10T14:40:00Z')))
      .conversation;
    // answered after 60 minutes and after a day; the third bounced
    await record.recordIncomingEmail(db, uid, first.id, incoming('reply', 'ada@example.com', '2026-03-10T15:00:00Z'));
    await record.recordIncomingEmail(
      db,
      uid,
      second.id,
      incoming('reply', 'grace@navy.example', '2026-03-11T14:20:00Z'),
    );
    await record.recordIncomingEmail(
      db,
      uid,
      third.id,
      incoming('bounce', 'mailer@example.com', '2026-03-10T14:41:00Z'),
    );

    await drained();
    expect(runner.skipped('stats')).toEqual([]);

    const totals = await callRoute('GET /api/conversations/analytics', { claims });
    expect(totals.json.data).toEqual({
      totalConversations: 3,
      emailsSent: 3,
      replies: 2,
      autoReplies: 0,
      bounces: 1,
      awaitingReply: 0,
      replyRate: 2 / 3,
    });
    const week = await callRoute('GET /api/conversations/detailed-analytics', {
      claims,
      query: { to: '2026-03-11T23:00:00Z' },
    });
    expect(week.status, JSON.stringify(week.json)).toBe(200);
    expect(week.json.data).toMatchObject({
      totalConversations: 3,
      emailsSent: 3,
      replies: 2,
      // the cohort's third is not answered (it bounced: counted on the day the bounce was recorded, below)
      awaitingReply: 1,
      replyRate: 2 / 3,
      medianReplyMinutes: 750,
      byCompany: [
        { value: 'Analytical Engines', sent: 2, replies: 1, replyRate: 0.5 },
        { value: 'Navy Labs', sent: 1, replies: 1, replyRate: 1 },
      ],
      bySeniority: [
        { value: 'Director', sent: 2, replies: 1, replyRate: 0.5 },
        { value: 'Senior', sent: 1, replies: 1, replyRate: 1 },
      ],
      timeZone: 'Asia/Kolkata',
      bestSendTime: { weekday: 2, hour: 19, replyRate: 2 / 3 },
    });
    expect(week.json.data.series.slice(-2)).toEqual([
      { start: '2026-03-10', sent: 3, replies: 1 },
      { start: '2026-03-11', sent: 0, replies: 1 },
    ]);
    const recordedToday = await callRoute('GET /api/conversations/analytics', {
      claims,
      query: { from: recordedFrom },
    });
    expect(recordedToday.json.data).toMatchObject({ totalConversations: 0, bounces: 1 });
    expect(week.json.data.funnel).toEqual([
      { stage: 'drafted', count: 2 },
      { stage: 'contacted', count: 2 },
      { stage: 'replied', count: 2 },
      { stage: 'meeting_scheduled', count: 0 },
    ]);
  });

  it('counts in the funnel what happened to each contact, never where a card was dragged by hand', async () => {
    const claims = userClaims();
    const uid = String(claims.sub);
    const addContact = async (name: string) => {
      const answer = await callRoute('POST /api/contacts', { claims, body: { name } });
      expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
      return answer.json.data.id as string;
    };
    const drag = async (contactId: string, stage: PipelineStage) => {
      const moved = await callRoute('PATCH /api/pipeline/{contactId}', {
        claims,
        params: { contactId },
        body: { stage },
      });
      expect(moved.status).toBe(200);
    };
    const drafted = await addContact('Drafted Only');
    const emailed = await addContact('Emailed Only');
    const answered = await addContact('Answered');
    const met = await addContact('Met');
    const dragged = await addContact('Dragged To Replied');
    const draggedFurther = await addContact('Dragged To Meeting');

    const draft = await callRoute('POST /api/drafts', {
      claims,
      body: { contactId: drafted, subject: 'Hi', body: 'Hello' },
    });
    expect(draft.status).toBe(201);
    await record.recordSentEmail(db, uid, sent(emailed, 'emailed@example.com', '2026-03-10T09:00:00Z'));
    const toAnswered = (
      await record.recordSentEmail(db, uid, sent(answered, 'answered@example.com', '2026-03-10T09:10:00Z'))
    ).conversation;
    await record.recordIncomingEmail(
      db,
      uid,
      toAnswered.id,
      incoming('reply', 'answered@example.com', '2026-03-10T10:00:00Z'),
    );
    const toMet = (await record.recordSentEmail(db, uid, sent(met, 'met@example.com', '2026-03-10T09:20:00Z')))
      .conversation;
    await record.recordIncomingEmail(db, uid, toMet.id, incoming('reply', 'met@example.com', '2026-03-10T11:00:00Z'));
    await record.moveContactStage(db, uid, met, 'meeting_scheduled', new Date('2026-03-10T12:00:00Z'), 'event');
    // never e-mailed: the board says Replied and Meeting scheduled, but nothing was sent or answered
    await drag(dragged, 'replied');
    await drag(draggedFurther, 'meeting_scheduled');

    await drained();
    expect(runner.skipped('stats')).toEqual([]);
    const week = await callRoute('GET /api/conversations/detailed-analytics', {
      claims,
      query: { to: '2026-03-11T23:00:00Z' },
    });
    expect(week.status, JSON.stringify(week.json)).toBe(200);
    expect(week.json.data.funnel).toEqual([
      { stage: 'drafted', count: 4 },
      { stage: 'contacted', count: 3 },
      { stage: 'replied', count: 2 },
      { stage: 'meeting_scheduled', count: 1 },
    ]);
  });
});
