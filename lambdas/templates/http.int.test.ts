import { describe, expect, it } from 'vitest';
import { createDataClient } from '../data/client.js';
import { type ContactItem, putContacts } from '../data/contact.js';
import { upsertUserProfile } from '../data/user-profile.js';
import type { FieldIssue } from '../../shared/envelope.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';

const db = createDataClient(process.env.TABLE_NAME!);

let contactNumber = 0;
/** A contact of the user (as the contacts Lambda stores one), with only the fields given. */
const addContact = async (uid: string, fields: Partial<ContactItem>) => {
  contactNumber += 1;
  const contactId = `01TEMPLATECONTACT${String(contactNumber).padStart(9, '0')}`;
  const at = new Date().toISOString();
  await putContacts(db, [{ uid, contactId, importedAt: at, lastUpdated: at, ...fields }]);
  return contactId;
};

const fieldsOf = (json: { details?: unknown }) => ((json.details ?? []) as FieldIssue[]).map((detail) => detail.field);

describe('templates Lambda', () => {
  it('creates, lists (most recently updated first), reads, changes and deletes a template', async () => {
    const claims = userClaims();
    const first = await callRoute('POST /api/templates', {
      claims,
      body: { name: 'Coffee chat', subject: 'Hello {{firstName}}', body: 'Hi {{ firstName }}, {{myName}} here.' },
    });
    expect(first.status).toBe(201);
    expect(first.json.data).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      name: 'Coffee chat',
      subject: 'Hello {{firstName}}',
      body: 'Hi {{ firstName }}, {{myName}} here.',
      createdAt: expect.any(String),
      updatedAt: first.json.data.createdAt,
    });
    const second = await callRoute('POST /api/templates', { claims, body: { name: '  Follow-up  ' } });
    expect(second.json.data).toMatchObject({ name: 'Follow-up', subject: '', body: '' });
    const params = { id: first.json.data.id as string };

    const changed = await callRoute('PUT /api/templates/{id}', { claims, params, body: { name: 'Coffee' } });
    expect(changed.status).toBe(200);
    expect(changed.json.data).toMatchObject({ name: 'Coffee', subject: 'Hello {{firstName}}' });
    expect(changed.json.data.updatedAt >= first.json.data.updatedAt).toBe(true);
    expect((await callRoute('GET /api/templates/{id}', { claims, params })).json.data).toEqual(changed.json.data);
    const list = await callRoute('GET /api/templates', { claims });
    expect(list.json.data.map((template: { name: string }) => template.name)).toEqual(['Coffee', 'Follow-up']);

    const empty = await callRoute('PUT /api/templates/{id}', { claims, params, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toContain('No valid fields to update');
    const nameless = await callRoute('POST /api/templates', { claims, body: { name: '   ', body: 'x' } });
    expect(nameless.status).toBe(400);
    expect(fieldsOf(nameless.json)).toContain('body.name');

    expect((await callRoute('DELETE /api/templates/{id}', { claims, params })).json.data).toEqual({ deleted: true });
    expect((await callRoute('GET /api/templates/{id}', { claims, params })).status).toBe(404);
    expect((await callRoute('DELETE /api/templates/{id}', { claims, params })).status).toBe(404);
    expect((await callRoute('PUT /api/templates/{id}', { claims, params, body: { name: 'x' } })).status).toBe(404);
    expect((await callRoute('GET /api/templates', { claims })).json.data).toHaveLength(1);
  });

  it('refuses unknown placeholders with a 400 naming them, on the field that has them, and stores nothing', async () => {
    const claims = userClaims();
    const refused = await callRoute('POST /api/templates', {
      claims,
      body: { name: 'Typos', subject: 'Hi {{ first_name }}', body: 'At {{company}}, {{nickname}} and {{nickname}}' },
    });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.json).sort()).toEqual(['body.body', 'body.subject']);
    const named = Object.fromEntries(
      (refused.json.details as FieldIssue[]).map((detail) => [detail.field, detail.message]),
    );
    expect(named['body.subject']).toMatch(/^Unknown placeholder: \{\{first_name\}\}\. Use one of: \{\{firstName\}\}/);
    expect(named['body.body']).toMatch(/^Unknown placeholder: \{\{nickname\}\}\. Use one of/);
    expect(refused.json.error).toContain('{{nickname}}');
    expect((await callRoute('GET /api/templates', { claims })).json.data).toEqual([]);

    const made = await callRoute('POST /api/templates', { claims, body: { name: 'Fine', body: '{{company}}' } });
    const params = { id: made.json.data.id as string };
    const changed = await callRoute('PUT /api/templates/{id}', { claims, params, body: { body: '{{Company}}' } });
    expect(changed.status).toBe(400);
    expect(changed.json.details).toEqual([{ field: 'body.body', message: expect.stringContaining('{{Company}}') }]);
    const contactId = await addContact(claims.sub, { name: 'Ada Lovelace' });
    const preview = await callRoute('POST /api/templates/{id}/render', {
      claims,
      params,
      body: { contactId, subject: '{{title}}' },
    });
    expect(preview.status).toBe(400);
    expect(fieldsOf(preview.json)).toEqual(['body.subject']);
    expect((await callRoute('GET /api/templates/{id}', { claims, params })).json.data.body).toBe('{{company}}');
  });

  it('renders a template for a contact, reporting the placeholders without a value and leaving them as written', async () => {
    const claims = userClaims();
    await upsertUserProfile(db, claims.sub, {
      set: { displayName: 'Grace Hopper', company: 'Navy Labs' },
      setIfMissing: { email: claims.email },
    });
    const contactId = await addContact(claims.sub, {
      name: 'Ada Lovelace',
      currentRole: 'Analyst',
      company: 'Analytical Engines',
    });
    const made = await callRoute('POST /api/templates', {
      claims,
      body: {
        name: 'Intro',
        subject: '{{firstName}}, a question about {{company}}',
        body: 'Dear {{fullName}} ({{lastName}}), as {{jobTitle}} from {{school}}: {{myFirstName}} / {{myName}} of {{myCompany}}, {{myJobTitle}}.',
      },
    });
    const params = { id: made.json.data.id as string };
    const rendered = await callRoute('POST /api/templates/{id}/render', { claims, params, body: { contactId } });
    expect(rendered.status).toBe(200);
    expect(rendered.json.data).toEqual({
      subject: 'Ada, a question about Analytical Engines',
      body: 'Dear Ada Lovelace (Lovelace), as Analyst from {{school}}: Grace / Grace Hopper of Navy Labs, {{myJobTitle}}.',
      missing: ['school', 'myJobTitle'],
    });

    // the editor's unsaved text is rendered in place of the stored one
    const preview = await callRoute('POST /api/templates/{id}/render', {
      claims,
      params,
      body: { contactId, subject: 'For {{ firstName }}', body: 'No placeholders' },
    });
    expect(preview.json.data).toEqual({ subject: 'For Ada', body: 'No placeholders', missing: [] });

    // a user without a profile and a contact without a name: every placeholder is reported, none blanked
    const bare = userClaims();
    const nameless = await addContact(bare.sub, {});
    const theirs = await callRoute('POST /api/templates', {
      claims: bare,
      body: { name: 'x', body: 'Hi {{firstName}} {{myName}}' },
    });
    const blank = await callRoute('POST /api/templates/{id}/render', {
      claims: bare,
      params: { id: theirs.json.data.id },
      body: { contactId: nameless },
    });
    expect(blank.json.data).toEqual({
      subject: '',
      body: 'Hi {{firstName}} {{myName}}',
      missing: ['firstName', 'myName'],
    });
  });

  it("answers 404 for another user's template and contact, and changes nothing", async () => {
    const [owner, other] = [userClaims(), userClaims()];
    const made = await callRoute('POST /api/templates', {
      claims: owner,
      body: { name: 'Mine', body: 'Hi {{firstName}}' },
    });
    const params = { id: made.json.data.id as string };
    const ownersContact = await addContact(owner.sub, { name: 'Ada Lovelace' });
    const othersContact = await addContact(other.sub, { name: 'Alan Turing' });

    expect((await callRoute('GET /api/templates/{id}', { claims: other, params })).status).toBe(404);
    expect(
      (await callRoute('PUT /api/templates/{id}', { claims: other, params, body: { name: 'Theirs' } })).status,
    ).toBe(404);
    expect((await callRoute('DELETE /api/templates/{id}', { claims: other, params })).status).toBe(404);
    const render = await callRoute('POST /api/templates/{id}/render', {
      claims: other,
      params,
      body: { contactId: othersContact },
    });
    expect(render.status).toBe(404);
    expect((await callRoute('GET /api/templates', { claims: other })).json.data).toEqual([]);
    // the owner's template on the other user's contact: the contact is not the owner's
    const foreignContact = await callRoute('POST /api/templates/{id}/render', {
      claims: owner,
      params,
      body: { contactId: othersContact },
    });
    expect(foreignContact.status).toBe(404);
    expect(foreignContact.json.error).toBe('Contact not found');

    expect((await callRoute('GET /api/templates/{id}', { claims: owner, params })).json.data).toEqual(made.json.data);
    const mine = await callRoute('POST /api/templates/{id}/render', {
      claims: owner,
      params,
      body: { contactId: ownersContact },
    });
    expect(mine.json.data).toEqual({ subject: '', body: 'Hi Ada', missing: [] });
  });
});
