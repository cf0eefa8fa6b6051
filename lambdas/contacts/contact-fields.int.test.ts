import { describe, expect, it } from 'vitest';
import { contactEmailPreviewLength } from '../../shared/schemas/contacts.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';

/**
 * SPEC §3 Contact `connectedAt`, `linkedinData`, `placeholderAlternatives` and `emailSubject`/`emailBody` through the
 * contacts Lambda: given (an import, an edit) or kept with the contact's current e-mail, answered on list rows, never
 * another user's, and bounded (a 400 with the spec's text otherwise).
 */

const linkedin = {
  headline: 'Computer scientist and rear admiral',
  summary: 'Wrote the first compiler.',
  location: 'Arlington, Virginia, United States',
  industry: 'Defense',
  skills: ['COBOL', 'Compilers'],
  connections: 500,
};

const listRow = async (claims: Record<string, unknown>, id: string) => {
  const list = await callRoute('GET /api/contacts', { claims });
  expect(list.status, list.raw).toBe(200);
  return (list.json.data.contacts as { id: string }[]).find((row) => row.id === id) as
    | Record<string, unknown>
    | undefined;
};

describe('a contact’s connectedAt and linkedinData', () => {
  it('keeps what an import gives, answers it on list rows and the contact, and forgets it on null', async () => {
    const claims = userClaims();
    const made = await callRoute('POST /api/contacts', {
      claims,
      body: { name: 'Grace Hopper', connected_at: '2021-03-15', linkedin_data: linkedin },
    });
    expect(made.status, made.raw).toBe(201);
    const id = made.json.data.id as string;
    expect(made.json.data).toMatchObject({ connected_at: '2021-03-15T00:00:00.000Z', linkedin_data: linkedin });
    expect(await listRow(claims, id)).toMatchObject({
      connected_at: '2021-03-15T00:00:00.000Z',
      linkedin_data: linkedin,
    });

    const params = { id };
    const changed = await callRoute('PUT /api/contacts/{id}', {
      claims,
      params,
      body: { connected_at: '2022-01-02T10:00:00+02:00', linkedin_data: { headline: 'Admiral' } },
    });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.json.data).toMatchObject({
      connected_at: '2022-01-02T08:00:00.000Z',
      linkedin_data: { headline: 'Admiral' },
    });
    await callRoute('PUT /api/contacts/{id}', { claims, params, body: { connected_at: null, linkedin_data: null } });
    const got = await callRoute('GET /api/contacts/{id}', { claims, params });
    expect(got.json.data.contact).toMatchObject({ connected_at: null, linkedin_data: null });
  });

  it('refuses a malformed or huge value with a 400 naming the field, and stores nothing', async () => {
    const claims = userClaims();
    const refusals = [
      { connected_at: '15 Mar 2021' },
      { connected_at: '1999-01-01' },
      { linkedin_data: { headline: 'x'.repeat(301) } },
      { linkedin_data: { skills: Array.from({ length: 101 }, (_, index) => `skill ${index}`) } },
      { linkedin_data: { scraped: '<whatever a page held>' } },
      { linkedin_data: 'a profile' },
    ];
    for (const extra of refusals) {
      const refused = await callRoute('POST /api/contacts', {
        offSchema: true,
        claims,
        body: { name: 'Grace Hopper', ...extra },
      });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      // the house's validation answer (DESIGN §1 'Envelope and errors'): the field and why
      expect(refused.json.error).toMatch(new RegExp(`^Invalid request: body\\.${Object.keys(extra)[0]}`));
      expect(JSON.stringify(refused.json.details)).toContain(Object.keys(extra)[0]);
    }
    expect((await callRoute('GET /api/contacts', { claims })).json.data.total).toBe(0);

    const made = await callRoute('POST /api/contacts', { claims, body: { name: 'Ada Lovelace' } });
    const params = { id: made.json.data.id as string };
    const huge = await callRoute('PUT /api/contacts/{id}', {
      offSchema: true,
      claims,
      params,
      body: { linkedin_data: { summary: 'x'.repeat(400_000) } },
    });
    expect(huge.status).toBe(400);
    expect((await callRoute('GET /api/contacts/{id}', { claims, params })).json.data.contact.linkedin_data).toBeNull();
  });
});

describe('a contact’s current e-mail on its list row', () => {
  it('is its primary draft’s subject, body preview and placeholder alternatives, of this user only', async () => {
    const [owner, other] = [userClaims(), userClaims()];
    const mine = await callRoute('POST /api/contacts', { claims: owner, body: { name: 'Grace Hopper' } });
    const contactId = mine.json.data.id as string;
    expect(await listRow(owner, contactId)).toMatchObject({
      email_subject: '',
      email_body: '',
      placeholder_alternatives: {},
    });

    const body = `Dear Grace,\n\n${'I admire your work on compilers. '.repeat(60)}`;
    const alternatives = { '[shared interest]': ['compilers', 'COBOL'] };
    const draft = await callRoute('POST /api/drafts', {
      claims: owner,
      body: { contactId, subject: 'Compilers', body, placeholderAlternatives: alternatives },
    });
    expect(draft.status, draft.raw).toBe(201);
    expect(await listRow(owner, contactId)).toMatchObject({
      email_subject: 'Compilers',
      email_body: body.slice(0, contactEmailPreviewLength),
      placeholder_alternatives: alternatives,
      has_active_draft: true,
    });
    // the contact itself answers the e-mail in full
    const detail = await callRoute('GET /api/contacts/{id}', { claims: owner, params: { id: contactId } });
    expect(detail.json.data.contact).toMatchObject({ email_subject: 'Compilers', email_body: body });

    // an edit of the draft follows on the row; its removal empties it
    const draftId = draft.json.data.id as string;
    await callRoute('PATCH /api/drafts/{id}', { claims: owner, params: { id: draftId }, body: { subject: 'COBOL' } });
    expect(await listRow(owner, contactId)).toMatchObject({ email_subject: 'COBOL' });
    await callRoute('DELETE /api/drafts/{id}', { claims: owner, params: { id: draftId } });
    expect(await listRow(owner, contactId)).toMatchObject({
      email_subject: '',
      email_body: '',
      placeholder_alternatives: {},
    });

    // another user's list never shows it, and their draft for the owner's contact is refused
    expect((await callRoute('GET /api/contacts', { claims: other })).json.data.contacts).toEqual([]);
    const theirs = await callRoute('POST /api/drafts', {
      claims: other,
      body: { contactId, subject: 'Not yours', body: 'Hello' },
    });
    expect(theirs.status).toBe(404);
    expect(await listRow(owner, contactId)).toMatchObject({ email_subject: '' });
  });

  it('refuses huge or malformed placeholder alternatives with a 400, keeping the row as it was', async () => {
    const claims = userClaims();
    const made = await callRoute('POST /api/contacts', { claims, body: { name: 'Grace Hopper' } });
    const contactId = made.json.data.id as string;
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`[spot ${index}]`, ['a']]));
    const long = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`[spot ${index}]`, Array.from({ length: 2 }, () => 'y'.repeat(1000))]),
    );
    for (const placeholderAlternatives of [many, long, { '[spot]': 'one' }, ['compilers']]) {
      const refused = await callRoute('POST /api/drafts', {
        offSchema: true,
        claims,
        body: { contactId, subject: 'Hi', body: 'Hello', placeholderAlternatives },
      });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toMatch(/^Invalid request: body\.placeholderAlternatives/);
      expect(JSON.stringify(refused.json.details)).toContain('placeholderAlternatives');
    }
    expect(await listRow(claims, contactId)).toMatchObject({ email_subject: '', placeholder_alternatives: {} });
  });
});
