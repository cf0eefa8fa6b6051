import { describe, expect, it } from 'vitest';
import { draftMessages } from '../../shared/schemas/drafts.js';
import { userClaims } from '../test/api-event.js';
import { answerOf, callRoute } from '../test/call-route.js';

describe('drafts Lambda', () => {
  it('saves (201), answers the primary draft on its routes and on GET /api/contacts/{id}, and refuses as SPEC §5 says', async () => {
    const claims = userClaims();
    const contact = await callRoute('POST /api/contacts', { claims, body: { name: 'Ada Lovelace' } });
    const contactId = contact.json.data.id as string;
    const params = { contactId };
    expect(
      (await callRoute('GET /api/drafts/contact/{contactId}', { claims, params, query: { primary: 'true' } })).json,
    ).toEqual({ success: true, data: null });

    const made = await callRoute('POST /api/drafts', { claims, body: { contactId, subject: 'Hi' } });
    expect(made.status).toBe(201);
    const draft = made.json.data;
    expect(draft).toMatchObject({ contactId, draftType: 'initial_outreach', isPrimary: true, status: 'draft' });
    const primary = await callRoute('GET /api/drafts/contact/{contactId}', {
      claims,
      params,
      query: { primary: 'true', _t: '123' },
    });
    expect(primary.json.data).toEqual(draft);
    expect((await callRoute('GET /api/drafts/contact/{contactId}', { claims, params })).json.data).toEqual([draft]);
    const detail = await callRoute('GET /api/contacts/{id}', { claims, params: { id: contactId } });
    expect(detail.json.data.draft).toEqual(draft);

    // only fields nobody may edit: the spec's message, not a validation error
    const unknown = await callRoute('PATCH /api/drafts/{id}', {
      claims,
      params: { id: draft.id },
      body: { status: 'sent', userId: 'someone' },
      offSchema: true,
    });
    expect(answerOf(unknown)).toEqual({
      status: 400,
      json: { success: false, error: 'No valid fields to update', code: 'bad_request' },
    });
    const reply = await callRoute('POST /api/drafts', { claims, body: { contactId, draftType: 'reply' } });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('conversationId is required to save a reply draft');
  });

  it('answers Send with a 409 saying how to connect a mailbox when the user has none', async () => {
    const claims = userClaims();
    const contact = await callRoute('POST /api/contacts', { claims, body: { name: 'Grace Hopper' } });
    const made = await callRoute('POST /api/drafts', {
      claims,
      body: { contactId: contact.json.data.id, subject: 'Hi', body: 'Hello' },
    });
    const sent = await callRoute('POST /api/drafts/{id}/send', { claims, params: { id: made.json.data.id } });
    expect(answerOf(sent)).toEqual({
      status: 409,
      json: { success: false, error: draftMessages.mailboxNotConnected, code: 'mailbox_not_connected' },
    });
  });
});
