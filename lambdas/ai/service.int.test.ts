import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/net.js';
import { openAiVendor } from '../../infra/local/sandbox/openai.js';
import { startSandbox, type Sandbox } from '../../infra/local/sandbox/server.js';
import { messages } from '../../shared/messages.js';
import { createLogger } from '../core/logger.js';
import { getUserProfile, profileKey } from '../data/user-profile.js';
import { deleteItems } from '../data/user-partition.js';
import * as profiles from '../profiles/index.js';
import { createOpenAiClient, openAi } from '../providers/ai/openai.js';
import { countingDataClient } from '../test/counting-client.js';
import { userClaims } from '../test/api-event.js';
import { aiMessages, normalizeProfile, type AiDeps } from './service.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [openAiVendor], log: () => {} });
});
afterAll(() => sandbox.stop());

const logger = createLogger('ai-test');
const aiAt = (baseURL: string) =>
  openAi(
    createOpenAiClient({ baseURL, apiKey: 'sandbox-openai-key', apiKeySecret: undefined, model: 'gpt-4o-mini' }),
    'gpt-4o-mini',
  );

const setup = (options: { baseURL?: string; now?: string } = {}) => {
  const db = countingDataClient();
  const deps: AiDeps = {
    db: db.data,
    ai: aiAt(options.baseURL ?? `${sandbox.url}/openai/v1`),
    now: () => new Date(options.now ?? '2026-11-21T10:00:00.000Z'),
    logger,
  };
  const claims = userClaims();
  const identity = { uid: claims.sub, email: claims.email, name: 'Ada Lovelace' };
  const profileDeps: profiles.ProfilesDeps = {
    db: db.data,
    now: () => new Date('2026-11-21T09:00:00.000Z'),
    newReferralCode: profiles.newReferralCode,
    documentUrl: async () => '',
  };
  const fill = (fields: Parameters<typeof profiles.updateProfile>[2]) =>
    profiles.updateProfile(profileDeps, identity, fields);
  const stored = async () => getUserProfile(db.data, identity.uid);
  return { db, deps, uid: identity.uid, fill, stored };
};

const richProfile = {
  jobTitle: 'Analyst',
  company: 'Analytical Engines Ltd',
  location: 'London',
  availability: 'Weekday mornings',
  goals: 'Meet people building computing machines.',
  resumeContent: 'Wrote the first published algorithm for the Analytical Engine. Translated Menabrea.',
};

describe('profile normalisation against DynamoDB Local and the OpenAI sandbox', () => {
  it("stores a summary built from the profile's fields with the model and time, and answers it", async () => {
    const { deps, uid, fill, stored, db } = setup();
    await fill(richProfile);
    db.reset();

    const result = await normalizeProfile(deps, uid);

    // the profile, a token of the user's summary bucket, the summary
    expect(db.calls).toEqual(['GetItemCommand', 'UpdateItemCommand', 'UpdateItemCommand']);
    expect(result).toEqual({
      summary: expect.any(String),
      normalizedAt: '2026-11-21T10:00:00.000Z',
      model: 'sandbox-gpt-4o-mini',
    });
    for (const line of [
      'Name: Ada Lovelace',
      'Job title: Analyst',
      'Company: Analytical Engines Ltd',
      'Location: London',
      'Availability: Weekday mornings',
      'Goals: Meet people building computing machines.',
      'Résumé: Wrote the first published algorithm for the Analytical Engine. Translated Menabrea.',
    ]) {
      expect(result.summary).toContain(line);
    }
    expect(await stored()).toMatchObject({
      normalizedSummary: result.summary,
      normalizedAt: result.normalizedAt,
      normalizedModel: 'sandbox-gpt-4o-mini',
      // the user's own edit time is not changed by a summary
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
  });

  it('puts the cover letter under its company and leaves empty fields out of the prompt', async () => {
    const { deps, uid, fill } = setup();
    await fill({ coverLetterContent: 'I would love to join your team.', coverLetterCompany: 'Acme' });
    const { summary } = await normalizeProfile(deps, uid);
    expect(summary).toBe('Name: Ada Lovelace\nCover letter (for Acme): I would love to join your team.');
  });

  it('refuses a profile with nothing to summarise with 400 and stores nothing', async () => {
    const { deps, uid, fill, stored } = setup();
    await fill({ jobTitle: 'Analyst', location: 'London' });
    await expect(normalizeProfile(deps, uid)).rejects.toMatchObject({
      status: 400,
      message: aiMessages.nothingToSummarize,
    });
    expect(await stored()).not.toHaveProperty('normalizedAt');
    expect(await stored()).not.toHaveProperty('normalizedSummary');
  });

  it('forgets the summary once what it summarised is removed', async () => {
    const { deps, uid, fill, stored } = setup();
    await fill(richProfile);
    await normalizeProfile(deps, uid);
    expect((await stored())?.normalizedSummary).not.toBe('');
    await fill({ goals: '', resumeContent: '' });
    await expect(normalizeProfile(deps, uid)).rejects.toMatchObject({
      status: 400,
      message: aiMessages.nothingToSummarize,
    });
    expect(await stored()).toMatchObject({ normalizedSummary: '' });
    expect(await stored()).not.toHaveProperty('normalizedAt');
  });

  it('refuses a user without a profile with the same 400', async () => {
    const { deps, uid, stored } = setup();
    await expect(normalizeProfile(deps, uid)).rejects.toMatchObject({
      status: 400,
      message: aiMessages.nothingToSummarize,
    });
    expect(await stored()).toBeNull();
  });

  it('answers 502 with a clear message when the AI refuses, and keeps the previous summary', async () => {
    const { deps, uid, fill, stored } = setup();
    await fill(richProfile);
    const previous = await normalizeProfile(deps, uid);

    // the sandbox serves no such path: the SDK gets a 404, as from a wrong base URL or model
    const refused = { ...deps, ai: aiAt(`${sandbox.url}/nothing/v1`), now: () => new Date('2026-11-22T00:00:00.000Z') };
    await expect(normalizeProfile(refused, uid)).rejects.toMatchObject({
      status: 502,
      expose: true,
      message: aiMessages.failed,
    });
    expect(await stored()).toMatchObject({ normalizedSummary: previous.summary, normalizedAt: previous.normalizedAt });
  });

  it('answers 503 with a clear message when the AI cannot be reached, and stores nothing', async () => {
    const { uid, fill, stored } = setup();
    await fill(richProfile);
    const unreachable = setup({ baseURL: `http://127.0.0.1:${await freePort()}/openai/v1` }).deps;
    await expect(normalizeProfile(unreachable, uid)).rejects.toMatchObject({
      status: 503,
      expose: true,
      message: aiMessages.busy,
    });
    expect(await stored()).not.toHaveProperty('normalizedAt');
  });

  it('keeps the summary of a later read when an earlier call finishes after it', async () => {
    const { deps, uid, fill, stored } = setup();
    await fill(richProfile);
    const later = await normalizeProfile({ ...deps, now: () => new Date('2026-11-21T10:05:00.000Z') }, uid);
    await fill({ goals: 'A stale goal' });

    const earlier = await normalizeProfile({ ...deps, now: () => new Date('2026-11-21T10:01:00.000Z') }, uid);

    expect(earlier).toEqual(later);
    expect((await stored())?.normalizedAt).toBe('2026-11-21T10:05:00.000Z');
    expect((await stored())?.normalizedSummary).not.toContain('stale');
  });

  it('answers 404 when the profile is deleted while the summary is written', async () => {
    const { deps, uid, fill } = setup();
    await fill(richProfile);
    const deleting: AiDeps = {
      ...deps,
      ai: {
        complete: async (request) => {
          const completion = await deps.ai.complete(request);
          await deleteItems(deps.db, [profileKey(uid)]);
          return completion;
        },
      },
    };
    await expect(normalizeProfile(deleting, uid)).rejects.toMatchObject({
      status: 404,
      message: messages.profile.notFound,
    });
  });
});
