import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recordSentEmail } from '../conversations/index.js';
import { createDataClient } from './client.js';
import { readDirectory } from './contact-directory.js';
import { changeContact, getContact, putContacts, setContactEmail } from './contact.js';

const db = createDataClient(process.env.TABLE_NAME!);

/** A contact whose e-mail lookup is under way, and the same contact as a worker read it then. */
const pendingContact = async () => {
  const uid = randomUUID();
  const contactId = randomUUID();
  await putContacts(db, [
    {
      uid,
      contactId,
      name: 'Alan Turing',
      firstName: 'Alan',
      lastName: 'Turing',
      company: 'Bletchley Park',
      relationshipStatus: 'new',
      emailLookupStatus: 'pending',
      importedAt: '2026-12-01T09:00:00.000Z',
      lastUpdated: '2026-12-01T09:00:00.000Z',
    },
  ]);
  const read = await getContact(db, uid, contactId);
  if (!read) throw new Error('the contact was not stored');
  return { uid, contactId, read };
};

/** The first e-mail to the contact, as the send worker records it: the contact moves to Contacted. */
const emailSent = (uid: string, contactId: string) =>
  recordSentEmail(db, uid, {
    conversationId: null,
    contactId,
    draftId: `draft-${randomUUID()}`,
    draftType: 'initial_outreach',
    mailboxId: 'mailbox-1',
    provider: 'gmail',
    from: 'ada@gmail.example',
    fromName: null,
    to: 'alan@bletchley.example',
    subject: 'Coffee next month?',
    body: 'Hi Alan, would you have time for a coffee next month?',
    sentAt: new Date('2026-12-01T10:00:00.000Z'),
    messageId: `<${randomUUID()}@gmail.com>`,
    providerMessageId: `gm-${randomUUID()}`,
    threadId: `thread-${randomUUID()}`,
  });

const lineOf = async (uid: string, contactId: string) =>
  (await readDirectory(db, uid)).find((line) => line.contactId === contactId);

describe("the contact directory keeps what others changed since a write's caller read the contact", () => {
  it('an e-mail lookup that read the contact before its first e-mail was sent leaves it Contacted in the list', async () => {
    const { uid, contactId, read } = await pendingContact();
    await emailSent(uid, contactId);

    const written = await setContactEmail(
      db,
      read,
      { email: 'alan@bletchley.example', emailLookupStatus: 'found_valid', emailQevStatus: 'valid' },
      { expectedAttempts: 0, lastUpdated: '2026-12-01T10:00:05.000Z' },
    );

    expect(written).toBe(true);
    const contact = await getContact(db, uid, contactId);
    expect(contact).toMatchObject({ relationshipStatus: 'contacted', emailLookupStatus: 'found_valid' });
    // the list reads the directory: it says what the contact says (the pipeline reads Contacted)
    expect(await lineOf(uid, contactId)).toMatchObject({
      relationshipStatus: 'contacted',
      emailLookupStatus: 'found_valid',
      lastUpdated: '2026-12-01T10:00:05.000Z',
      name: 'Alan Turing',
    });
  });

  it('an edit from an older read changes only its own fields of the line', async () => {
    const { uid, contactId, read } = await pendingContact();
    await emailSent(uid, contactId);

    await changeContact(db, read, {
      set: { company: 'University of Manchester', lastUpdated: '2026-12-01T10:01:00.000Z' },
    });

    expect(await getContact(db, uid, contactId)).toMatchObject({
      relationshipStatus: 'contacted',
      company: 'University of Manchester',
    });
    expect(await lineOf(uid, contactId)).toMatchObject({
      relationshipStatus: 'contacted',
      company: 'University of Manchester',
      lastUpdated: '2026-12-01T10:01:00.000Z',
    });
  });
});
