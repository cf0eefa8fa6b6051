import { randomUUID } from 'node:crypto';
import { PutCommand } from './dynamo.js';
import { describe, expect, it } from 'vitest';
import { createDataClient } from './client.js';
import { contactKey, contactRecord, getContact } from './contact.js';
import { getSharedProfile, sharedProfileKey, sharedProfileRecord } from './shared-profile.js';

const db = createDataClient(process.env.TABLE_NAME!);

describe('profile texts read back', () => {
  it('reads texts the old casing stored (a capital on every word) as the casing rule writes them now', async () => {
    const url = `https://www.linkedin.com/in/old-casing-${randomUUID()}`;
    // as the enrichment stored it before: every word given a capital
    await db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...sharedProfileKey(url),
          entity: sharedProfileRecord,
          canonicalLinkedinUrl: url,
          name: 'Maria De La Cruz',
          currentRole: 'Ux Designer',
          company: 'Northwind Traders',
          education: [
            {
              institution: 'University Of Washington',
              degree: 'Master Of Business Administration',
              fieldOfStudy: 'Human-Computer Interaction',
            },
          ],
          experiences: [
            { title: 'Vp Of It', company: 'McKinsey & Company', location: 'Seattle, Washington, United States' },
          ],
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    );
    const profile = await getSharedProfile(db, url);
    expect(profile).toMatchObject({
      // a name keeps its capitals: the particles may be the person's own
      name: 'Maria De La Cruz',
      currentRole: 'UX Designer',
      company: 'Northwind Traders',
      education: [
        {
          institution: 'University of Washington',
          degree: 'Master of Business Administration',
          fieldOfStudy: 'Human-Computer Interaction',
        },
      ],
      experiences: [
        { title: 'VP of IT', company: 'McKinsey & Company', location: 'Seattle, Washington, United States' },
      ],
    });
  });

  it("reads a contact's copy the old casing stored as the rule writes it now: the table and the AI's e-mails alike", async () => {
    const uid = randomUUID();
    const contactId = randomUUID();
    await db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...contactKey(uid, contactId),
          entity: contactRecord,
          uid,
          contactId,
          name: 'Maria De La Cruz',
          currentRole: 'Ux Designer',
          jobTitle: 'Ux Designer',
          company: 'Northwind Traders',
          education: [{ institution: 'University Of Washington', degree: 'Master Of Business Administration' }],
          experiences: [{ title: 'Vp Of It', company: 'McKinsey & Company' }],
        },
      }),
    );
    expect(await getContact(db, uid, contactId)).toMatchObject({
      name: 'Maria De La Cruz',
      currentRole: 'UX Designer',
      jobTitle: 'UX Designer',
      company: 'Northwind Traders',
      education: [{ institution: 'University of Washington', degree: 'Master of Business Administration' }],
      experiences: [{ title: 'VP of IT', company: 'McKinsey & Company' }],
    });
  });
});
