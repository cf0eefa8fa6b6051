import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDraft, writeContactDrafts, type DraftItem } from '../../lambdas/data/draft.js';
import { withLocalStack } from './test/local-stack.js';

/**
 * The local clock (DESIGN §9 "Local clock") on a whole stack: `POST /_local/clock` moves the time every handler,
 * worker and schedule sees, runs the schedules that fell due and waits for them before it answers.
 */
const local = withLocalStack({ name: 'local-clock' });

type ClockAnswer = {
  success: boolean;
  error?: string;
  code?: string;
  data: { now: string; offsetMs: number; schedules: Record<string, string> };
};

const clock = async (body?: unknown) => {
  const response = await fetch(`${local.stack.urls.api}/_local/clock`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as ClockAnswer };
};

describe('the local clock', () => {
  it('answers the time and refuses to go backwards', async () => {
    const before = Date.now();
    const { status, json } = await clock();
    expect(status).toBe(200);
    expect(json.data.offsetMs).toBe(0);
    expect(Date.parse(json.data.now)).toBeGreaterThanOrEqual(before);

    const refused = await clock({ set: '2000-01-01T00:00:00Z' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ success: false, code: 'clock_backwards' });
    expect(refused.json.error).toMatch(/^The local clock only moves forward: 2000-01-01T00:00:00.000Z is before/);

    const invalid = await clock({ advance: 'a week' });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ success: false, code: 'validation_failed' });
  });

  it('queues the send of a draft scheduled for tomorrow once it moves a day on, and delivers a message delayed 15 minutes', async () => {
    // a send scheduled for tomorrow, as the scheduled send leaves it on the due index (lambdas/drafts/sending.ts)
    const uid = randomUUID();
    const contactId = randomUUID();
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const draft: DraftItem = {
      id: randomUUID(),
      userId: uid,
      contactId,
      conversationId: null,
      draftType: 'initial_outreach',
      status: 'sending',
      isPrimary: true,
      createdFromTemplate: false,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      subject: 'Hello',
      body: 'Hello there',
      scheduledSendTime: tomorrow,
      dueAt: tomorrow,
    };
    const read = { contactId, draftIds: [], primaryDraftId: null, version: 0 };
    const list = { draftIds: [draft.id], primaryDraftId: draft.id };
    expect(
      await writeContactDrafts(local.db, uid, read, { put: [draft], remove: [], list }, { requireContact: false }),
    ).toBe('written');
    // a message for the send worker, delayed 15 minutes (SQS's longest delay)
    local.stack.queues.send('send', JSON.stringify({ uid, draftId: randomUUID() }), { delaySeconds: 900 });

    const moved = await clock({ advance: 'P1D' });
    expect(moved.status).toBe(200);
    expect(moved.json.data.offsetMs).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(moved.json.data.schedules['due-sends']).toBe('ran');

    const after = await getDraft(local.db, uid, draft.id);
    // the due-sends job ran at the moved time: it took the draft off the due index until its redrive time, after it
    expect(Date.parse(after!.dueAt!)).toBeGreaterThan(Date.parse(moved.json.data.now));
    // and the delayed message was delivered before the clock answered
    expect(local.stack.queues.pending('send')).toEqual([]);
  });
});
