import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/net.js';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { openAiVendor } from '../../infra/local/sandbox/openai.js';
import { startSandbox, type Sandbox } from '../../infra/local/sandbox/server.js';
import { messages } from '../../shared/messages.js';
import { createDataClient } from '../data/client.js';
import { rateLimits, takeTokens } from '../data/rate-limit.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import { aiMessages } from './service.js';

let sandbox: Sandbox;
let restore: () => void;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [openAiVendor], log: () => {} });
});
afterAll(async () => {
  restore();
  await sandbox.stop();
});

/** The Lambdas at cold start (`callRoute` imports them afresh) with the local stack's environment, pointed at `sandboxEndpoint`. */
const coldStart = (sandboxEndpoint: string) => {
  restore?.();
  restore = applyEnvironment(
    lambdaEnvironment({
      tableName: process.env.TABLE_NAME,
      dynamodbEndpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB,
      sandboxEndpoint,
    }),
  );
  vi.resetModules();
};

describe('AI Lambda', () => {
  it('answers the stored summary in the envelope, and the profile shows it', async () => {
    coldStart(sandbox.url);
    const claims = userClaims();
    await callRoute('PUT /api/profiles', {
      claims,
      body: {
        background: 'Ten years of analytical engines.',
        goals: 'Meet engineers.',
      },
    });

    const { status, json } = await callRoute('POST /api/profiles/normalize', { claims });

    expect(status).toBe(200);
    expect(json).toEqual({
      success: true,
      data: {
        summary: expect.stringContaining('Background: Ten years of analytical engines.'),
        normalizedAt: expect.any(String),
        model: 'sandbox-gpt-4o-mini',
      },
    });
    const profile = await callRoute('GET /api/profiles', { claims });
    expect(profile.json.data).toMatchObject({
      normalizedSummary: json.data.summary,
      normalizedAt: json.data.normalizedAt,
    });
  });

  it('answers 400 with the reason when there is nothing to summarise', async () => {
    coldStart(sandbox.url);
    const { status, json } = await callRoute('POST /api/profiles/normalize', { claims: userClaims() });
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, error: aiMessages.nothingToSummarize, code: 'bad_request' });
  });

  it("shows the AI failure's own message, not the generic server error", async () => {
    coldStart(`${sandbox.url}/unknown-vendor`);
    const claims = userClaims();
    await callRoute('PUT /api/profiles', { claims, body: { goals: 'Meet engineers.' } });
    const { status, json } = await callRoute('POST /api/profiles/normalize', { claims });
    expect(status).toBe(502);
    expect(json).toEqual({ success: false, error: aiMessages.failed, code: 'ai_failed' });
  });

  it('answers 429 with Retry-After once a user has had 5 summaries in a row, calling the AI no further', async () => {
    coldStart(sandbox.url);
    const claims = userClaims();
    await callRoute('PUT /api/profiles', { claims, body: { goals: 'Meet engineers.' } });
    const { capacity, refillEveryMs } = rateLimits.profileSummary;
    for (let index = 0; index < capacity; index += 1) {
      expect((await callRoute('POST /api/profiles/normalize', { claims })).status).toBe(200);
    }
    const before = (await callRoute('GET /api/profiles', { claims })).json.data.normalizedAt;

    const response = await callRoute('POST /api/profiles/normalize', { claims });

    expect(response.status).toBe(429);
    const wait = refillEveryMs / 1000;
    expect(response.json).toMatchObject({
      success: false,
      error: messages.status[429],
      code: 'rate_limited',
    });
    expect(Number(response.headers['Retry-After'])).toBeGreaterThan(wait - 30);
    expect(Number(response.headers['Retry-After'])).toBeLessThanOrEqual(wait);
    expect((await callRoute('GET /api/profiles', { claims })).json.data.normalizedAt).toBe(before);
    // another user summarises as before
    const other = userClaims();
    await callRoute('PUT /api/profiles', { claims: other, body: { goals: 'Meet engineers.' } });
    expect((await callRoute('POST /api/profiles/normalize', { claims: other })).status).toBe(200);
  });

  describe('POST /ai/generate-ai-email', () => {
    it("answers the e-mail and keeps it as the contact's primary draft, which the contact then shows", async () => {
      coldStart(sandbox.url);
      const claims = userClaims();
      const added = await callRoute('POST /api/contacts', {
        claims,
        body: {
          name: 'Grace Hopper',
          company: 'Navy Labs',
        },
      });
      expect(added.status).toBe(201);
      const contactId = added.json.data.id as string;

      const { status, json } = await callRoute('POST /ai/generate-ai-email', { claims, body: { contactId } });

      expect(status).toBe(200);
      expect(json.data).toEqual({
        subject: 'on your work at Navy Labs',
        body: expect.stringMatching(/^Hi Grace,/),
        draftId: expect.any(String),
      });
      const shown = await callRoute('GET /api/contacts/{id}', { claims, params: { id: contactId } });
      expect(shown.json.data.draft).toMatchObject({
        id: json.data.draftId,
        subject: json.data.subject,
        isPrimary: true,
      });
      expect(shown.json.data.contact.ai_strategy).toBe('shared_interest');
    });

    it('answers 429 with Retry-After once the AI generation bucket is empty, and 400 for more than 100 contacts', async () => {
      coldStart(sandbox.url);
      const claims = userClaims();
      const added = await callRoute('POST /api/contacts', { claims, body: { name: 'Alan Turing' } });
      const db = createDataClient(process.env.TABLE_NAME!);
      const { capacity, refillEveryMs } = rateLimits.aiGeneration;
      await takeTokens(db, claims.sub, 'aiGeneration', { now: new Date(), cost: capacity });

      const response = await callRoute('POST /ai/generate-ai-email', {
        claims,
        body: { contactId: added.json.data.id },
      });

      expect(response.status).toBe(429);
      expect(response.json).toMatchObject({ error: messages.status[429], code: 'rate_limited' });
      expect(Number(response.headers['Retry-After'])).toBeGreaterThan(0);
      expect(Number(response.headers['Retry-After'])).toBeLessThanOrEqual(refillEveryMs / 1000);
      const tooMany = await callRoute('POST /api/outreach/generate', {
        claims,
        body: {
          contactIds: Array.from({ length: 101 }, (_, index) => `c${index}`),
        },
      });
      expect(tooMany.status).toBe(400);
    });
  });
});
