import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack.js';
import { withLocalStack } from '../../infra/local/test/local-stack.js';
import type { localApi, localUsers } from '../../infra/local/test/local-users.js';
import { plans } from '../../shared/constants.js';
import { dashboardSummarySchema } from '../../shared/schemas/dashboard.js';
import { currentQuota } from '../contacts/index.js';
import { recordIncomingEmail, recordSentEmail } from '../conversations/index.js';
import type { DataClient } from '../data/client.js';
import { addContactWithSlot, type ContactItem } from '../data/contact.js';
import { getContactDrafts, writeContactDrafts } from '../data/draft.js';
import { createMeetingItem } from '../data/meeting.js';

/*
 * The dashboard summary through the local stack: items written by the real data functions reach the stats aggregator by the
 * table's stream (infra/local/streams.ts runs lambdas/dashboard/stats-stream.ts as Lambda's event source mapping
 * would), and GET /api/dashboard/summary through the gateway answers the counts. A stack of its own on free ports.
 */
let stack: LocalStack;
let users: ReturnType<typeof localUsers>;
let db: DataClient;
let api: ReturnType<typeof localApi>;

const local = withLocalStack({ name: 'summary-stack' });
beforeAll(() => {
  ({ stack, db, users, api } = local);
});

/** a contact added as the contacts domain adds one: a slot used and the contact count up, in one transaction */
const addContact = async (uid: string, fields: Partial<ContactItem>) => {
  const now = new Date();
  const quota = await currentQuota(db, uid, now);
  const contact: ContactItem = {
    uid,
    contactId: ulid(),
    importedAt: now.toISOString(),
    lastUpdated: now.toISOString(),
    ...fields,
  };
  const outcome = await addContactWithSlot(db, contact, {
    slot: 'regular',
    periodStart: quota.periodStart,
    allowed: plans[quota.plan].slotsPerPeriod,
  });
  expect(outcome.done).toBe(true);
  return contact;
};

const summaryOf = async (token: string) => {
  const answer = await api('GET', '/api/dashboard/summary', { token });
  expect(answer.status, answer.text).toBe(200);
  return dashboardSummarySchema.parse(answer.body?.data);
};

describe('the dashboard summary on the local stack', () => {
  it('counts what the data functions wrote, once the stream has reached the aggregator', async () => {
    const user = await users.signUp('summary');
    const uid = user.sub;
    expect(await summaryOf(user.idToken)).toMatchObject({ contacts: 0, verifiedEmails: 0, sentThisWeek: 0 });

    const grace = await addContact(uid, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      emailQevStatus: 'valid',
      company: 'Navy Labs',
    });
    const alan = await addContact(uid, { name: 'Alan Turing' });
    // Alan's primary draft, ready to send
    const drafts = await getContactDrafts(db, uid, alan.contactId);
    const draftId = ulid();
    const at = new Date().toISOString();
    expect(
      await writeContactDrafts(
        db,
        uid,
        drafts,
        {
          put: [
            {
              id: draftId,
              userId: uid,
              contactId: alan.contactId,
              conversationId: null,
              draftType: 'initial_outreach',
              status: 'draft',
              isPrimary: true,
              createdFromTemplate: false,
              createdAt: at,
              updatedAt: at,
              subject: 'Hello Alan',
              body: 'Coffee?',
            },
          ],
          remove: [],
          list: { draftIds: [draftId], primaryDraftId: draftId },
        },
        { requireContact: true },
      ),
    ).toBe('written');
    // an e-mail to Grace, and her answer
    const sentDraft = ulid();
    const { conversation } = await recordSentEmail(db, uid, {
      conversationId: null,
      contactId: grace.contactId,
      draftId: sentDraft,
      draftType: 'initial_outreach',
      mailboxId: 'mailbox-1',
      provider: 'gmail',
      from: user.email,
      fromName: 'Ada',
      to: 'grace@example.com',
      subject: 'Coffee?',
      body: 'Hi Grace',
      sentAt: new Date(),
      messageId: `<${sentDraft}@example.com>`,
      providerMessageId: `sent-${sentDraft}`,
      threadId: `thread-${sentDraft}`,
    });
    await recordIncomingEmail(db, uid, conversation.id, {
      kind: 'reply',
      providerMessageId: `reply-${sentDraft}`,
      messageId: null,
      from: 'grace@example.com',
      fromName: 'Grace',
      to: user.email,
      subject: 'Re: Coffee?',
      body: 'Gladly',
      at: new Date(),
    });
    // a meeting with Grace tomorrow
    await createMeetingItem(db, {
      id: ulid(),
      userId: uid,
      version: 1,
      contactId: grace.contactId,
      contactName: 'Grace Hopper',
      contactEmail: 'grace@example.com',
      contactCompany: 'Navy Labs',
      title: 'Coffee',
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      durationMinutes: 30,
      timeZone: 'UTC',
      notes: '',
      status: 'scheduled',
      sequence: 0,
      invitation: { status: 'sent', method: 'REQUEST', sequence: 0 },
      createdAt: at,
      updatedAt: at,
    });

    await stack.streams.drained();
    expect(await summaryOf(user.idToken)).toMatchObject({
      contacts: 2,
      verifiedEmails: 1,
      draftsReady: 1,
      sentThisWeek: 1,
      replies: 1,
      replyRate: 1,
      upcomingMeetings: 1,
      slots: { slotsUsed: 2, plan: 'free' },
    });
  }, 60_000);
});
