import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { draftMessages } from '../../shared/schemas/drafts.js';
import { apiEvent, lambdaContext, userClaims } from '../test/api-event.js';

type Handler = (
  event: ReturnType<typeof apiEvent>,
  context: ReturnType<typeof lambdaContext>,
) => Promise<APIGatewayProxyResult>;
let draftsHandler: Handler;
let contactsHandler: Handler;
beforeAll(async () => {
  ({ handler: draftsHandler } = await import('./http.js'));
  ({ handler: contactsHandler } = await import('../contacts/http.js'));
});

const call = async (
  handler: Handler,
  claims: Record<string, unknown>,
  method: string,
  resource: string,
  options: { body?: unknown; params?: Record<string, string>; query?: Record<string, string> } = {},
) => {
  const path = Object.entries(options.params ?? {}).reduce(
    (at, [name, value]) => at.replace(`{${name}}`, value),
    resource,
  );
  const response = await handler(apiEvent({ method, resource, path, ...options, claims }), lambdaContext());
  return { status: response.statusCode, json: JSON.parse(response.body) };
};

describe('drafts Lambda', () => {
  it('saves (201), answers the primary draft on its routes and on GET /api/contacts/{id}, and refuses as SPEC §5 says', async () => {
    const claims = userClaims();
    const contact = await call(contactsHandler, claims, 'POST', '/api/contacts', { body: { name: 'Ada Lovelace' } });
    const contactId = contact.json.data.id as string;
    const params = { contactId };
    expect(
      (
        await call(draftsHandler, claims, 'GET', '/api/drafts/contact/{contactId}', {
          params,
          query: { primary: 'true' },
        })
      ).json,
    ).toEqual({ success: true, data: null });

    const made = await call(draftsHandler, claims, 'POST', '/api/drafts', { body: { contactId, subject: 'Hi' } });
    expect(made.status).toBe(201);
    const draft = made.json.data;
    expect(draft).toMatchObject({ contactId, draftType: 'initial_outreach', isPrimary: true, status: 'draft' });
    const primary = await call(draftsHandler, claims, 'GET', '/api/drafts/contact/{contactId}', {
      params,
      query: { primary: 'true', _t: '123' },
    });
    expect(primary.json.data).toEqual(draft);
    expect((await call(draftsHandler, claims, 'GET', '/api/drafts/contact/{contactId}', { params })).json.data).toEqual(
      [draft],
    );
    const detail = await call(contactsHandler, claims, 'GET', '/api/contacts/{id}', { params: { id: contactId } });
    expect(detail.json.data.draft).toEqual(draft);

    // only fields nobody may edit: the spec's message, not a validation error
    const unknown = await call(draftsHandler, claims, 'PATCH', '/api/drafts/{id}', {
      params: { id: draft.id },
      body: { status: 'sent', userId: 'someone' },
    });
    expect(unknown).toEqual({
      status: 400,
      json: { success: false, error: 'No valid fields to update', code: 'bad_request' },
    });
    const reply = await call(draftsHandler, claims, 'POST', '/api/drafts', { body: { contactId, draftType: 'reply' } });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('conversationId is required to save a reply draft');
  });

  it('answers Send with a 409 saying how to connect a mailbox when the user has none', async () => {
    const claims = userClaims();
    const contact = await call(contactsHandler, claims, 'POST', '/api/contacts', { body: { name: 'Grace Hopper' } });
    const made = await call(draftsHandler, claims, 'POST', '/api/drafts', {
      body: { contactId: contact.json.data.id, subject: 'Hi', body: 'Hello' },
    });
    const sent = await call(draftsHandler, claims, 'POST', '/api/drafts/{id}/send', {
      params: { id: made.json.data.id },
    });
    expect(sent).toEqual({
      status: 409,
      json: { success: false, error: draftMessages.mailboxNotConnected, code: 'mailbox_not_connected' },
    });
  });
});
