import type { APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/net.js';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { openAiVendor } from '../../infra/local/sandbox/openai.js';
import { startSandbox, type Sandbox } from '../../infra/local/sandbox/server.js';
import { messages } from '../../shared/messages.js';
import { createDataClient } from '../data/client.js';
import { rateLimits, takeTokens } from '../data/rate-limit.js';
import { apiEvent, lambdaContext, userClaims } from '../test/api-event.js';
import { aiMessages } from './service.js';

type Handler = (
  event: ReturnType<typeof apiEvent>,
  context: ReturnType<typeof lambdaContext>,
) => Promise<APIGatewayProxyResult>;

let sandbox: Sandbox;
let restore: () => void;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [openAiVendor], log: () => {} });
});
afterAll(async () => {
  restore();
  await sandbox.stop();
});

/** The AI Lambda at cold start with the local stack's environment, pointed at `sandboxEndpoint`. */
const coldStart = async (sandboxEndpoint: string) => {
  restore?.();
  restore = applyEnvironment(
    lambdaEnvironment({
      tableName: process.env.TABLE_NAME,
      dynamodbEndpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB,
      sandboxEndpoint,
    }),
  );
  vi.resetModules();
  return (await import('./http.js')).handler as Handler;
};

const call = async (
  handler: Handler,
  claims: Record<string, unknown>,
  method: string,
  resource: string,
  body?: unknown,
) => {
  const response = await handler(apiEvent({ method, resource, body, claims }), lambdaContext());
  return { status: response.statusCode, json: JSON.parse(response.body) };
};

const profilesLambda = async () => (await import('../profiles/http.js')).handler as Handler;

describe('AI Lambda', () => {
  it('answers the stored summary in the envelope, and the profile shows it', async () => {
    const handler = await coldStart(sandbox.url);
    const profiles = await profilesLambda();
    const claims = userClaims();
    await call(profiles, claims, 'PUT', '/api/profiles', {
      background: 'Ten years of analytical engines.',
      goals: 'Meet engineers.',
    });

    const { status, json } = await call(handler, claims, 'POST', '/api/profiles/normalize');

    expect(status).toBe(200);
    expect(json).toEqual({
      success: true,
      data: {
        summary: expect.stringContaining('Background: Ten years of analytical engines.'),
        normalizedAt: expect.any(String),
        model: 'sandbox-gpt-4o-mini',
      },
    });
    const profile = await call(profiles, claims, 'GET', '/api/profiles');
    expect(profile.json.data).toMatchObject({
      normalizedSummary: json.data.summary,
      normalizedAt: json.data.normalizedAt,
    });
  });

  it('answers 400 with the reason when there is nothing to summarise', async () => {
    const handler = await coldStart(sandbox.url);
    const { status, json } = await call(handler, userClaims(), 'POST', '/api/profiles/normalize');
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, error: aiMessages.nothingToSummarize, code: 'bad_request' });
  });

  it("shows the AI failure's own message, not the generic server error", async () => {
    const handler = await coldStart(`${sandbox.url}/unknown-vendor`);
    const profiles = await profilesLambda();
    const claims = userClaims();
    await call(profiles, claims, 'PUT', '/api/profiles', { goals: 'Meet engineers.' });
    const { status, json } = await call(handler, claims, 'POST', '/api/profiles/normalize');
    expect(status).toBe(502);
    expect(json).toEqual({ success: false, error: aiMessages.failed, code: 'ai_failed' });
  });

  it('answers 429 with Retry-After once a user has had 5 summaries in a row, calling the AI no further', async () => {
    const handler = await coldStart(sandbox.url);
    const profiles = await profilesLambda();
    const claims = userClaims();
    await call(profiles, claims, 'PUT', '/api/profiles', { goals: 'Meet engineers.' });
    const { capacity, refillEveryMs } = rateLimits.profileSummary;
    for (let index = 0; index < capacity; index += 1) {
      expect((await call(handler, claims, 'POST', '/api/profiles/normalize')).status).toBe(200);
    }
    const before = (await call(profiles, claims, 'GET', '/api/profiles')).json.data.normalizedAt;

    const response = await handler(
      apiEvent({ method: 'POST', resource: '/api/profiles/normalize', claims }),
      lambdaContext(),
    );

    expect(response.statusCode).toBe(429);
    const wait = refillEveryMs / 1000;
    expect(JSON.parse(response.body)).toMatchObject({
      success: false,
      error: messages.status[429],
      code: 'rate_limited',
    });
    expect(Number(response.headers?.['Retry-After'])).toBeGreaterThan(wait - 30);
    expect(Number(response.headers?.['Retry-After'])).toBeLessThanOrEqual(wait);
    expect((await call(profiles, claims, 'GET', '/api/profiles')).json.data.normalizedAt).toBe(before);
    // another user summarises as before
    const other = userClaims();
    await call(profiles, other, 'PUT', '/api/profiles', { goals: 'Meet engineers.' });
    expect((await call(handler, other, 'POST', '/api/profiles/normalize')).status).toBe(200);
  });

  describe('POST /ai/generate-ai-email', () => {
    const contactsLambda = async () => (await import('../contacts/http.js')).handler as Handler;

    it("answers the e-mail and keeps it as the contact's primary draft, which the contact then shows", async () => {
      const handler = await coldStart(sandbox.url);
      const contacts = await contactsLambda();
      const claims = userClaims();
      const added = await call(contacts, claims, 'POST', '/api/contacts', {
        name: 'Grace Hopper',
        company: 'Navy Labs',
      });
      expect(added.status).toBe(201);
      const contactId = added.json.data.id as string;

      const { status, json } = await call(handler, claims, 'POST', '/ai/generate-ai-email', { contactId });

      expect(status).toBe(200);
      expect(json.data).toEqual({
        subject: 'on your work at Navy Labs',
        body: expect.stringMatching(/^Hi Grace,/),
        draftId: expect.any(String),
      });
      const read = await contacts(
        apiEvent({ method: 'GET', resource: '/api/contacts/{id}', params: { id: contactId }, claims }),
        lambdaContext(),
      );
      const shown = { json: JSON.parse(read.body) };
      expect(shown.json.data.draft).toMatchObject({
        id: json.data.draftId,
        subject: json.data.subject,
        isPrimary: true,
      });
      expect(shown.json.data.contact.ai_strategy).toBe('shared_interest');
    });

    it('answers 429 with Retry-After once the AI generation bucket is empty, and 400 for more than 100 contacts', async () => {
      const handler = await coldStart(sandbox.url);
      const contacts = await contactsLambda();
      const claims = userClaims();
      const added = await call(contacts, claims, 'POST', '/api/contacts', { name: 'Alan Turing' });
      const db = createDataClient(process.env.TABLE_NAME!);
      const { capacity, refillEveryMs } = rateLimits.aiGeneration;
      await takeTokens(db, claims.sub, 'aiGeneration', { now: new Date(), cost: capacity });

      const response = await handler(
        apiEvent({
          method: 'POST',
          resource: '/ai/generate-ai-email',
          body: { contactId: added.json.data.id },
          claims,
        }),
        lambdaContext(),
      );

      expect(response.statusCode).toBe(429);
      expect(JSON.parse(response.body)).toMatchObject({ error: messages.status[429], code: 'rate_limited' });
      expect(Number(response.headers?.['Retry-After'])).toBeGreaterThan(0);
      expect(Number(response.headers?.['Retry-After'])).toBeLessThanOrEqual(refillEveryMs / 1000);
      const tooMany = await call(handler, claims, 'POST', '/api/outreach/generate', {
        contactIds: Array.from({ length: 101 }, (_, index) => `c${index}`),
      });
      expect(tooMany.status).toBe(400);
    });
  });
});
