import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/live-events.js';
import { createDataClient } from '../data/client.js';
import { recordIncomingEmail, recordSentEmail } from '../conversations/index.js';
import { userClaims } from '../test/api-event.js';
import { answerOf, callRoute } from '../test/call-route.js';
import { partitionSnapshot } from '../test/raw-items.js';
import * as service from './service.js';

const db = createDataClient(process.env.TABLE_NAME!);

const addContact = async (claims: Record<string, unknown>, body: Record<string, unknown>) => {
  const answer = await callRoute('POST /api/contacts', { claims, body });
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
  return answer.json.data.id as string;
};
const sendTo = (uid: string, contactId: string, subject: string) => {
  const draftId = `draft-${randomUUID()}`;
  return recordSentEmail(db, uid, {
    conversationId: null,
    contactId,
    draftId,
    draftType: 'initial_outreach',
    mailboxId: 'mailbox-1',
    provider: 'outlook',
    from: 'me@outlook.com',
    fromName: null,
    to: 'someone@example.com',
    subject,
    body: 'Hello',
    sentAt: new Date(),
    messageId: `<draft-${draftId}@outlook.com>`,
    providerMessageId: `AAMk-${randomUUID()}`,
    threadId: `conv-${randomUUID()}`,
  });
};
type Board = { stages: { stage: string; cards: { contactId: string; stage: string; [key: string]: unknown }[] }[] };
const board = async (claims: Record<string, unknown>) => {
  const answer = await callRoute('GET /api/pipeline', { claims });
  expect(answer.status).toBe(200);
  return answer.json.data as Board;
};
const stageOf = (data: Board, contactId: string) =>
  data.stages.find((stage) => stage.cards.some((card) => card.contactId === contactId))?.stage ?? null;

describe('pipeline Lambda', () => {
  it('groups contacts by stage: drafted while a draft is active, then moved by the send and the reply', async () => {
    const claims = userClaims();
    const drafted = await addContact(claims, {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      job_title: 'Mathematician',
    });
    const absent = await addContact(claims, { name: 'Nobody Yet' });
    const replied = await addContact(claims, { name: 'Grace Hopper' });
    const draft = await callRoute('POST /api/drafts', {
      claims,
      body: { contactId: drafted, subject: 'Hi', body: 'Hello' },
    });
    expect(draft.status).toBe(201);
    const { conversation } = await sendTo(claims.sub, replied, 'Compilers');

    const first = await board(claims);
    expect(first.stages.map((stage) => stage.stage)).toEqual([
      'drafted',
      'contacted',
      'replied',
      'meeting_scheduled',
      'closed',
    ]);
    expect(stageOf(first, drafted)).toBe('drafted');
    expect(stageOf(first, absent)).toBeNull();
    expect(stageOf(first, replied)).toBe('contacted');
    expect(first.stages[0]!.cards[0]).toMatchObject({
      contactId: drafted,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      jobTitle: 'Mathematician',
      avatarUrl: null,
      movedBy: 'event',
      conversationId: null,
      subject: null,
    });

    await recordIncomingEmail(db, claims.sub, conversation.id, {
      kind: 'reply',
      providerMessageId: `AAMk-${randomUUID()}`,
      messageId: null,
      from: 'grace@example.com',
      fromName: 'Grace',
      to: 'me@outlook.com',
      subject: 'Re: Compilers',
      body: 'Sure',
      at: new Date(),
    });
    const second = await board(claims);
    expect(stageOf(second, replied)).toBe('replied');
    expect(second.stages[2]!.cards).toEqual([
      expect.objectContaining({ contactId: replied, conversationId: conversation.id, subject: 'Compilers' }),
    ]);
  });

  it('moves a card by hand to any stage, back too, and events then move it forward only', async () => {
    const claims = userClaims();
    const contactId = await addContact(claims, { name: 'Ada Lovelace' });
    const { conversation } = await sendTo(claims.sub, contactId, 'Engines');
    const moved = await callRoute('PATCH /api/pipeline/{contactId}', {
      claims,
      params: { contactId },
      body: { stage: 'closed' },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.data).toMatchObject({
      contactId,
      stage: 'closed',
      movedBy: 'manual',
      conversationId: conversation.id,
      subject: 'Engines',
    });
    const back = await callRoute('PATCH /api/pipeline/{contactId}', {
      claims,
      params: { contactId },
      body: { stage: 'drafted' },
    });
    expect(back.json.data).toMatchObject({ stage: 'drafted', movedBy: 'manual' });
    expect(stageOf(await board(claims), contactId)).toBe('drafted');
    // a later e-mail moves it forward again
    await recordSentEmail(db, claims.sub, {
      conversationId: conversation.id,
      contactId,
      draftId: `draft-${randomUUID()}`,
      draftType: 'follow_up',
      mailboxId: 'mailbox-1',
      provider: 'outlook',
      from: 'me@outlook.com',
      fromName: null,
      to: 'someone@example.com',
      subject: 'Engines',
      body: 'Following up',
      sentAt: new Date(),
      messageId: `<${randomUUID()}@outlook.com>`,
      providerMessageId: `AAMk-${randomUUID()}`,
      threadId: conversation.threadId!,
    });
    expect(stageOf(await board(claims), contactId)).toBe('contacted');
  });

  it("answers 404 for another user's contact and changes nothing of theirs", async () => {
    const owner = userClaims();
    const contactId = await addContact(owner, { name: 'Ada Lovelace' });
    await sendTo(owner.sub, contactId, 'Engines');
    const intruder = userClaims();
    const before = await partitionSnapshot(db, owner.sub);
    const answer = await callRoute('PATCH /api/pipeline/{contactId}', {
      claims: intruder,
      params: { contactId },
      body: { stage: 'closed' },
    });
    expect(answerOf(answer)).toEqual({
      status: 404,
      json: { success: false, error: 'Contact not found', code: 'not_found' },
    });
    expect(await partitionSnapshot(db, owner.sub)).toEqual(before);
    expect(await partitionSnapshot(db, intruder.sub)).toEqual([]);
    expect((await board(intruder)).stages.flatMap((stage) => stage.cards)).toEqual([]);
  });
});

describe('pipeline service: live events', () => {
  it('tells the user’s other tabs that a contact moved (pipeline.changed)', async () => {
    const claims = userClaims();
    const contactId = await addContact(claims, { name: 'Ada Lovelace' });
    const events: LiveEvent[] = [];
    const deps: service.PipelineDeps = {
      db,
      now: () => new Date(),
      live: { publish: async (_uid, event) => void events.push(event) },
    };
    await service.moveContact(deps, claims.sub, contactId, 'meeting_scheduled');
    expect(events).toEqual([{ type: 'pipeline.changed', data: { contactId, stage: 'meeting_scheduled' } }]);
  });
});
