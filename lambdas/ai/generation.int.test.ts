import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/net.js';
import { openAiSandbox } from '../../infra/local/sandbox/openai.js';
import { perplexityVendor } from '../../infra/local/sandbox/perplexity.js';
import { startSandbox, type Sandbox } from '../../infra/local/sandbox/server.js';
import type { LiveEvent } from '../../shared/live-events.js';
import type { GenerationMessage } from '../../shared/schemas/ai.js';
import { draftMessages } from '../../shared/schemas/drafts.js';
import { messages } from '../../shared/messages.js';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import { HttpError } from '../core/errors.js';
import { createLogger } from '../core/logger.js';
import { createDataClient, queryAll } from '../data/client.js';
import { countingDataClient } from '../test/counting-client.js';
import { contactDefaults, contactKey, getContact, putContacts, type ContactItem } from '../data/contact.js';
import { cutActivityError, getActivity } from '../data/activity.js';
import {
  claimBatchContact,
  finishBatchContact,
  getGenerationBatch,
  releaseBatchContact,
} from '../data/generation-batch.js';
import { userDrafts } from '../data/draft.js';
import { deleteItems } from '../data/user-partition.js';
import { rateLimits } from '../data/rate-limit.js';
import { getSharedProfile, upsertSharedProfile } from '../data/shared-profile.js';
import { createTemplateItem } from '../data/template.js';
import { setUserSettings, upsertUserProfile } from '../data/user-profile.js';
import {
  checkConversationDraft,
  primaryDraft,
  saveGeneratedConversationDraft,
  saveGeneratedDraft,
} from '../drafts/index.js';
import { recordIncomingEmail, recordSentEmail } from '../conversations/index.js';
import { createOpenAiClient, openAi } from '../providers/ai/openai.js';
import type { AiRequest } from '../providers/ai/port.js';
import type { QueuePort } from '../providers/queue/port.js';
import { createResearchClient, perplexityResearch } from '../providers/research/perplexity.js';
import { vendorLimits } from '../providers/vendor-limits.js';
import { sqsEvent, sqsRecord } from '../test/sqs-event.js';
import { streamEvent, streamRecord } from '../test/stream-records.js';
import { generationCounts } from '../dashboard/index.js';
import {
  batchProgress,
  type GenerationDeps,
  generateEmail,
  generationMessages,
  messageWithContactMaxBytes,
  startBatch,
} from './generation.js';
import { replyInstructions } from './email-prompt.js';
import { generationWorker } from './generation-worker.js';
import { renderTemplateFor } from './template-values.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: await freePort(),
    vendors: [openAiSandbox({ delayMs: 0 }), perplexityVendor],
    log: () => {},
  });
});
afterAll(() => sandbox.stop());

const logger = createLogger('ai-test');
const db = createDataClient(process.env.TABLE_NAME!);

/** The real adapters against the sandbox, with what they were asked recorded. */
const setup = (options: { now?: () => Date } = {}) => {
  const prompts: AiRequest[] = [];
  const searches: string[] = [];
  const events: { uid: string; event: LiveEvent }[] = [];
  const sent: GenerationMessage[] = [];
  const ai = openAi(
    createOpenAiClient(
      { baseURL: `${sandbox.url}/openai/v1`, apiKey: 'k', apiKeySecret: undefined, model: 'gpt-4o-mini' },
      undefined,
      // the SDK's one retry, with a short wait
      { ...vendorLimits.openaiEmail, baseDelayMs: 10, maxDelayMs: 20 },
    ),
    'gpt-4o-mini',
    vendorLimits.openaiEmail,
  );
  const research = perplexityResearch(
    createResearchClient({
      baseURL: `${sandbox.url}/perplexity`,
      apiKey: 'k',
      apiKeySecret: undefined,
      model: 'sonar',
    }),
    'sonar',
  );
  const queue: QueuePort = {
    send: async (_queue, message) => {
      sent.push(message as GenerationMessage);
    },
    sendMany: async (_queue, messages) => {
      sent.push(...(messages as GenerationMessage[]));
    },
  };
  const deps: GenerationDeps = {
    db,
    ai: {
      complete: async (request) => {
        prompts.push(request);
        return ai.complete(request);
      },
    },
    research: {
      findFacts: async (subject) => {
        searches.push(subject.name);
        return research.findFacts(subject);
      },
    },
    saveDraft: saveGeneratedDraft,
    conversationDrafts: { check: checkConversationDraft, save: saveGeneratedConversationDraft },
    renderTemplate: renderTemplateFor,
    live: { publish: async (uid, event) => void events.push({ uid, event }) },
    queue,
    now: options.now ?? (() => new Date()),
    logger,
  };
  return { deps, prompts, searches, events, sent };
};

const newUser = async (language?: string) => {
  const uid = randomUUID();
  await upsertUserProfile(db, uid, {
    set: {
      ...(language && { settings: { ...settingsDefaults, language } }),
      displayName: 'Ada Lovelace',
      jobTitle: 'Analyst',
      company: 'Engines Ltd',
      goals: 'Learn how teams ship compilers.',
      resumeContent: 'Wrote the first published algorithm.',
      normalizedSummary: 'Ada is an analyst who writes algorithms.',
      updatedAt: new Date().toISOString(),
    },
    setIfMissing: {},
  });
  return uid;
};

const addContacts = async (uid: string, people: Partial<ContactItem>[]) => {
  const at = new Date().toISOString();
  const contacts = people.map((person) => ({
    ...contactDefaults,
    uid,
    contactId: randomUUID(),
    importedAt: at,
    lastUpdated: at,
    // an address a batch writes for (DESIGN §9); the tests of the batch's skip give theirs
    email: 'contact@example.com',
    emailQevStatus: 'valid',
    ...person,
  })) as ContactItem[];
  await putContacts(db, contacts);
  return contacts;
};

/** A person known by a LinkedIn profile (so researched): its shared profile exists. */
const onLinkedIn = async (name: string) => {
  const url = `https://www.linkedin.com/in/${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}`;
  await upsertSharedProfile(db, url, { name, updatedAt: new Date().toISOString() });
  return { canonicalLinkedinUrl: url, linkedinUrl: url };
};

const grace = {
  name: 'Grace Hopper',
  firstName: 'Grace',
  jobTitle: 'Rear Admiral',
  company: 'Navy Labs',
  education: [{ institution: 'Yale University', degree: 'PhD' }],
  experiences: [{ title: 'Compiler lead', company: 'Remington Rand' }],
};

/** Runs the worker on every message the batch queued, as the event source would, one per batch. */
const runWorker = async (deps: GenerationDeps, messages: GenerationMessage[]) => {
  const worker = generationWorker(deps, logger);
  const results = await Promise.all(
    messages.map((message) => worker(sqsEvent(sqsRecord(JSON.stringify(message), { queue: 'ai-generation' })))),
  );
  return { worker, results };
};

describe('an AI-written e-mail against DynamoDB Local and the sandbox models', () => {
  it("writes from both profiles, saves it as the contact's primary draft and records the angle", async () => {
    const { deps, prompts, events } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [{ ...grace, ...(await onLinkedIn('Grace Hopper')) }]);

    const email = await generateEmail(deps, uid, { contactId: contact!.contactId });

    expect(email.subject).toBe('Ada on your work as Rear Admiral at Navy Labs');
    expect(email.body).toMatch(/^Hi Grace,/);
    expect(email.body).toContain("I'm Ada Lovelace, Analyst at Engines Ltd. Ada is an analyst who writes algorithms.");
    expect(email.body).toMatch(/I came across this: Grace Hopper spoke about/);
    expect(email.placeholderAlternatives).toBeUndefined();
    const prompt = prompts[0]!.prompt;
    for (const part of [
      'Wrote the first published algorithm.',
      'PhD, Yale University',
      'Compiler lead at Remington Rand',
    ]) {
      expect(prompt).toContain(part);
    }
    const draft = await primaryDraft(db, uid, contact!.contactId);
    expect(draft).toMatchObject({
      id: email.draftId,
      subject: email.subject,
      body: email.body,
      isPrimary: true,
      draftType: 'initial_outreach',
      createdFromTemplate: false,
    });
    expect((await getContact(db, uid, contact!.contactId))?.aiStrategy).toBe('recent_activity');
    expect(events).toEqual([
      {
        uid,
        event: {
          type: 'draft.saved',
          data: { draftId: email.draftId, contactId: contact!.contactId, isPrimary: true },
        },
      },
    ]);
  });

  it("writes in the user's language, and in the contact's own e-mail language when the user set one (SPEC §3 language)", async () => {
    const { deps, prompts } = setup();
    const german = await newUser('de');
    const [hers] = await addContacts(german, [grace]);
    const inGerman = await generateEmail(deps, german, { contactId: hers!.contactId });
    expect(inGerman.subject).toBe('Ada zu Ihrer Arbeit als Rear Admiral bei Navy Labs');
    expect(inGerman.body).toMatch(/^Hallo Grace,/);
    expect(prompts[0]!.prompt).toContain('E-mail language: German (de)');

    const english = await newUser('en-GB');
    const [germanSpeaking, englishSpeaking] = await addContacts(english, [{ ...grace, emailLanguage: 'de' }, grace]);
    expect((await generateEmail(deps, english, { contactId: germanSpeaking!.contactId })).body).toMatch(
      /^Hallo Grace,[\s\S]*Viele Grüße/,
    );
    expect((await generateEmail(deps, english, { contactId: englishSpeaking!.contactId })).body).toMatch(/^Hi Grace,/);
    // a stored language the interface no longer offers writes as the interface shows it: English
    await setUserSettings(db, english, { language: 'pt' }, new Date().toISOString());
    expect((await generateEmail(deps, english, { contactId: englishSpeaking!.contactId })).body).toMatch(/^Hi Grace,/);
  });

  it('saves the e-mail even when the live channel fails (pages poll what they miss)', async () => {
    const { deps } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [grace]);
    const failingLive = {
      publish: async () => {
        throw new Error('LIVE_ENDPOINT is not set');
      },
    };
    const email = await generateEmail({ ...deps, live: failingLive }, uid, { contactId: contact!.contactId });
    expect((await primaryDraft(db, uid, contact!.contactId))?.id).toBe(email.draftId);
  });

  it("answers without saving when asked to, and 404 for a contact that is not the user's", async () => {
    const { deps } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [grace]);
    const email = await generateEmail(deps, uid, { contactId: contact!.contactId, save: false });
    expect(email.draftId).toBeUndefined();
    expect(await primaryDraft(db, uid, contact!.contactId)).toBeNull();
    const other = await newUser();
    await expect(generateEmail(deps, other, { contactId: contact!.contactId })).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the facts it found on the shared profile and reuses them for 30 days', async () => {
    let now = new Date('2026-11-01T10:00:00.000Z');
    const { deps, searches, prompts } = setup({ now: () => now });
    const linkedin = await onLinkedIn('Grace Hopper');
    const url = linkedin.canonicalLinkedinUrl;
    const uid = await newUser();
    const [contact] = await addContacts(uid, [{ ...grace, ...linkedin }]);

    await generateEmail(deps, uid, { contactId: contact!.contactId, save: false });
    const shared = await getSharedProfile(db, url);
    expect(shared?.uniquePerplexityFacts).toHaveLength(3);
    expect(shared?.perplexitySearchedAt).toBe('2026-11-01T10:00:00.000Z');
    expect(prompts[0]!.prompt).toContain(`### Recipient recent facts\n- ${shared!.uniquePerplexityFacts![0]}`);

    now = new Date('2026-11-30T10:00:00.000Z');
    await generateEmail(deps, uid, { contactId: contact!.contactId, save: false });
    expect(searches).toHaveLength(1);
    now = new Date('2026-12-02T10:00:00.000Z');
    await generateEmail(deps, uid, { contactId: contact!.contactId, save: false });
    expect(searches).toHaveLength(2);
    expect((await getSharedProfile(db, url))?.perplexitySearchedAt).toBe('2026-12-02T10:00:00.000Z');
  });

  it('writes without facts when the search fails, and searches for nobody known only by a typed name', async () => {
    const { deps, prompts, searches } = setup();
    const uid = await newUser();
    const [failing, typed] = await addContacts(uid, [
      {
        name: 'Nobody sandbox:search-fails',
        firstName: 'Nobody',
        ...(await onLinkedIn('Nobody sandbox:search-fails')),
      },
      { name: 'Typed Name', firstName: 'Typed' },
    ]);
    const email = await generateEmail(deps, uid, { contactId: failing!.contactId, save: false });
    expect(email.body).toMatch(/^Hi Nobody,/);
    expect(searches).toEqual(['Nobody sandbox:search-fails']);
    await generateEmail(deps, uid, { contactId: typed!.contactId, save: false });
    expect(searches).toHaveLength(1);
    expect(prompts.map((request) => request.prompt).join('\n')).not.toContain('Recipient recent facts');
  });

  it('gives the model the template filled in for the contact and the instructions, and offers alternatives for the spots left open', async () => {
    const { deps, prompts } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [{ name: 'Alan Turing', firstName: 'Alan', company: 'Bletchley' }]);
    const templateId = randomUUID();
    const at = new Date().toISOString();
    await createTemplateItem(db, uid, {
      id: templateId,
      name: 'Alumni',
      subject: 'Hello {{firstName}} from {{myName}}',
      body: 'Hi {{firstName}},\nI saw your work at {{company}}; we both studied at {{school}}.',
      createdAt: at,
      updatedAt: at,
    });

    const email = await generateEmail(deps, uid, {
      contactId: contact!.contactId,
      templateId,
      instructions: 'Mention the Enigma talk.',
    });

    const prompt = prompts[0]!.prompt;
    expect(prompt).toContain('Template subject: Hello Alan from Ada Lovelace');
    expect(prompt).toContain(
      '### Template body\nHi Alan,\nI saw your work at Bletchley; we both studied at {{school}}.',
    );
    expect(prompt).toContain('### Instructions\nMention the Enigma talk.');
    expect(email).toMatchObject({
      subject: 'Hello Alan from Ada Lovelace',
      body: 'Hi Alan,\nI saw your work at Bletchley; we both studied at {{school}}.\n\nMention the Enigma talk.',
      placeholderAlternatives: { school: ['your university', 'your alma mater'] },
    });
    expect(await primaryDraft(db, uid, contact!.contactId)).toMatchObject({
      createdFromTemplate: true,
      placeholderAlternatives: { school: ['your university', 'your alma mater'] },
    });
    expect((await getContact(db, uid, contact!.contactId))?.aiStrategy).toBe('template');
    await expect(generateEmail(deps, uid, { contactId: contact!.contactId, templateId: 'nope' })).rejects.toMatchObject(
      {
        status: 404,
        message: generationMessages.templateNotFound,
      },
    );
  });

  it('answers a clear error when the model fails, and saves nothing', async () => {
    const { deps } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [{ name: 'Broken sandbox:fail', firstName: 'Broken' }]);
    const failure = await generateEmail(deps, uid, { contactId: contact!.contactId }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 503, expose: true, message: generationMessages.busy });
    expect(await primaryDraft(db, uid, contact!.contactId)).toBeNull();
  });

  it('takes a token before asking the model: 429 with Retry-After beyond the bucket, after a batch of 100', async () => {
    const { deps, prompts } = setup();
    const uid = await newUser();
    const contacts = await addContacts(
      uid,
      Array.from({ length: rateLimits.aiGeneration.capacity }, (_, index) => ({ name: `Person ${index}` })),
    );
    const started = await startBatch(deps, uid, { contactIds: contacts.map((contact) => contact.contactId) });
    expect(started.total).toBe(100);

    const refused = await generateEmail(deps, uid, { contactId: contacts[0]!.contactId }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 429, headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
    expect(prompts).toEqual([]);
    await expect(startBatch(deps, uid, { contactIds: [contacts[0]!.contactId] })).rejects.toMatchObject({
      status: 429,
    });
  });
});

/**
 * The table's stream as it tells the batch counter (lambdas/dashboard/generation-counts.ts) of the batch's contacts that finished:
 * one record each, from generating to its state now. Answers the records, to be delivered again.
 */
const countFinished = async (deps: GenerationDeps, uid: string, batchId: string) => {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :contacts)',
    ExpressionAttributeValues: { ':pk': `USER#${uid}`, ':contacts': `GENBATCH#${batchId}#` },
    ConsistentRead: true,
  });
  const records = items
    .filter((item) => item.status === 'completed' || item.status === 'failed')
    .map((item) => streamRecord({ ...item, status: 'generating' }, item));
  expect(await generationCounts(deps)(streamEvent(records))).toEqual({ batchItemFailures: [] });
  return records;
};

/** What the model was asked and not cancelled: the answers a delivery used. */
const answered = (prompts: AiRequest[]) => prompts.filter((prompt) => !prompt.signal?.aborted);

describe('a reply written from the thread (DESIGN §9)', () => {
  /** Ada wrote to Grace three hours ago; Grace answered an hour ago (quoting Ada, as mail clients do). */
  const conversationWithGrace = async (uid: string, contactId: string) => {
    const hour = 60 * 60_000;
    const { conversation } = await recordSentEmail(db, uid, {
      conversationId: null,
      contactId,
      draftId: `draft-${randomUUID()}`,
      draftType: 'initial_outreach',
      mailboxId: 'mailbox-1',
      provider: 'gmail',
      from: 'ada@gmail.com',
      fromName: 'Ada Lovelace',
      to: 'grace@navy.example',
      subject: 'Compilers',
      body: 'Dear Grace, may I ask you about compilers?',
      sentAt: new Date(Date.now() - 3 * hour),
      messageId: `<${randomUUID()}@gmail.com>`,
      providerMessageId: randomUUID(),
      threadId: randomUUID(),
    });
    await recordIncomingEmail(db, uid, conversation.id, {
      kind: 'reply',
      providerMessageId: randomUUID(),
      messageId: `<${randomUUID()}@navy.example>`,
      from: 'grace@navy.example',
      fromName: 'Grace Hopper',
      to: 'ada@gmail.com',
      subject: 'Re: Compilers',
      body: 'How about Thursday at 5pm CET?\n\nOn Monday, Ada Lovelace wrote:\n> Dear Grace, may I ask you about compilers?',
      at: new Date(Date.now() - hour),
    });
    return conversation.id;
  };
  const replyDraftsOf = async (uid: string) =>
    (await userDrafts(db, uid)).filter((draft) => draft.draftType === 'reply');

  it("answers the contact's latest message from the thread, kept as the conversation's one reply draft", async () => {
    const { deps, prompts } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [grace]);
    const conversationId = await conversationWithGrace(uid, contact!.contactId);

    const email = await generateEmail(deps, uid, {
      contactId: contact!.contactId,
      conversationId,
      draftType: 'reply',
      instructions: 'I will bring my notes.',
    });

    expect(email.subject).toBe('Re: Compilers');
    expect(email.body).toMatch(/^Hi Grace,/);
    expect(email.body).toContain('Thursday at 5pm CET works well for me');
    expect(email.body).toContain('I will bring my notes.');
    expect(email.body).toMatch(/Best regards,\nAda Lovelace$/);
    // the thread in the prompt, oldest first, the contact's latest message last in their own words
    const { system, prompt } = prompts[0]!;
    expect(system).toBe(replyInstructions);
    expect(prompt.indexOf('Dear Grace, may I ask you about compilers?')).toBeGreaterThan(-1);
    expect(prompt.indexOf('Dear Grace')).toBeLessThan(prompt.indexOf("### Recipient's latest message"));
    expect(prompt).toMatch(/### Recipient's latest message \(\d{4}-\d{2}-\d{2}\)\nHow about Thursday at 5pm CET\?$/);
    expect(await replyDraftsOf(uid)).toEqual([
      expect.objectContaining({
        id: email.draftId,
        conversationId,
        status: 'draft',
        isPrimary: false,
        subject: 'Re: Compilers',
        body: email.body,
      }),
    ]);
    // the outreach e-mail stays the contact's primary draft (none here)
    expect(await primaryDraft(db, uid, contact!.contactId)).toBeNull();

    // written again: the same draft is rewritten, no second one
    const again = await generateEmail(deps, uid, { contactId: contact!.contactId, conversationId });
    expect(again.draftId).toBe(email.draftId);
    expect(again.body).not.toContain('I will bring my notes.');
    expect(await replyDraftsOf(uid)).toEqual([expect.objectContaining({ id: email.draftId, body: again.body })]);
  });

  it("answers in the contact's own e-mail language", async () => {
    const { deps } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [{ ...grace, emailLanguage: 'fr' }]);
    const conversationId = await conversationWithGrace(uid, contact!.contactId);
    const email = await generateEmail(deps, uid, { contactId: contact!.contactId, conversationId, draftType: 'reply' });
    expect(email.subject).toBe('Re: Compilers');
    expect(email.body).toMatch(/^Bonjour Grace,\n\nMerci pour votre réponse\. Thursday at 5pm CET me convient/);
  });

  it('refuses before the model writes: a reply once one answered the latest message, and a conversation not of the contact', async () => {
    const { deps, prompts } = setup();
    const uid = await newUser();
    const [contact, other] = await addContacts(uid, [grace, { name: 'Alan Turing' }]);
    const conversationId = await conversationWithGrace(uid, contact!.contactId);
    const refusal = (body: Parameters<typeof generateEmail>[2]) =>
      generateEmail(deps, uid, body).then(
        () => ({ status: 200, message: '' }),
        (error: HttpError) => ({ status: error.status, message: error.message }),
      );

    expect(await refusal({ contactId: other!.contactId, conversationId })).toEqual({
      status: 400,
      message: 'Reply drafts require a conversation',
    });
    expect(await refusal({ contactId: contact!.contactId, conversationId: 'no-such-conversation' })).toMatchObject({
      status: 404,
    });
    expect(await refusal({ contactId: contact!.contactId, conversationId, draftType: 'initial_outreach' })).toEqual({
      status: 400,
      message: draftMessages.initialWithConversation,
    });
    expect(await refusal({ contactId: contact!.contactId, draftType: 'reply' })).toEqual({
      status: 400,
      message: 'Reply drafts require a conversation',
    });
    await recordSentEmail(db, uid, {
      conversationId,
      contactId: contact!.contactId,
      draftId: `reply-${randomUUID()}`,
      draftType: 'reply',
      mailboxId: 'mailbox-1',
      provider: 'gmail',
      from: 'ada@gmail.com',
      fromName: 'Ada Lovelace',
      to: 'grace@navy.example',
      subject: 'Re: Compilers',
      body: 'Thursday works.',
      sentAt: new Date(),
      messageId: `<${randomUUID()}@gmail.com>`,
      providerMessageId: randomUUID(),
      threadId: randomUUID(),
    });
    expect(await refusal({ contactId: contact!.contactId, conversationId })).toEqual({
      status: 400,
      message: draftMessages.replyAlreadySent,
    });
    expect(prompts).toEqual([]);
    expect(await replyDraftsOf(uid)).toEqual([]);
  });
});

describe('a batch through the ai-generation worker', () => {
  it('queues one message per contact, writes each e-mail, and fails only the contact whose model call failed', async () => {
    const { deps, sent, events } = setup();
    const uid = await newUser();
    const contacts = await addContacts(uid, [
      grace,
      { name: 'Broken sandbox:fail', firstName: 'Broken' },
      { name: 'Alan Turing', firstName: 'Alan', company: 'Bletchley' },
    ]);
    const ids = contacts.map((contact) => contact.contactId);

    const { batchId, total } = await startBatch(deps, uid, { contactIds: ids, instructions: 'Keep it short.' });
    expect(total).toBe(3);
    // each message carries its contact as the batch started
    expect(sent).toEqual(
      contacts.map((contact) => ({
        uid,
        batchId,
        contactId: contact.contactId,
        instructions: 'Keep it short.',
        contact: expect.objectContaining({ uid, contactId: contact.contactId, name: contact.name }),
      })),
    );
    expect(await batchProgress(deps, uid, batchId)).toEqual({
      batchId,
      total: 3,
      completed: 0,
      failed: 0,
      items: ids.map((contactId) => ({ contactId, status: 'queued' })),
    });

    const { results } = await runWorker(deps, sent);
    expect(results.every((result) => result.batchItemFailures.length === 0)).toBe(true);

    const progress = await batchProgress(deps, uid, batchId);
    expect(progress).toMatchObject({ batchId, total: 3, completed: 2, failed: 1 });
    expect(progress.items[0]).toEqual({ contactId: ids[0], status: 'completed', draftId: expect.any(String) });
    expect(progress.items[1]).toEqual({ contactId: ids[1], status: 'failed', error: generationMessages.busy });
    expect(progress.items[2]).toMatchObject({ contactId: ids[2], status: 'completed' });
    expect((await primaryDraft(db, uid, ids[2]!))?.body).toContain('Keep it short.');
    expect(await primaryDraft(db, uid, ids[1]!)).toBeNull();

    // SPEC §3 'Activity action': the stream counts the finished contacts on it
    expect(await getActivity(db, uid, batchId)).toMatchObject({ status: 'in_progress', completedCount: 0 });
    await countFinished(deps, uid, batchId);
    expect(await getActivity(db, uid, batchId)).toMatchObject({
      actionType: 'generate_emails',
      status: 'completed',
      completedAt: expect.any(String),
      profileCount: 3,
      completedCount: 2,
      failedCount: 1,
      metadata: { generationType: 'ai', emailsGenerated: 2, emailsTotal: 3 },
      // the failed contact's reason, cut to 50 characters (SPEC §9)
      error: cutActivityError(generationMessages.busy),
    });
    expect(cutActivityError(generationMessages.busy)).toHaveLength(50);
    // started with the batch, and finished by the count of its last contacts, told live
    const activityEvents = events.flatMap(({ event }) => (event.type === 'activity.changed' ? [event.data] : []));
    expect(activityEvents).toEqual([
      { id: batchId, status: 'in_progress' },
      { id: batchId, status: 'completed' },
    ]);
    // each step told on the live channel: generating, then completed or failed, and each saved draft
    const progressOf = (contactId: string) =>
      events.flatMap(({ event }) =>
        event.type === 'generation.progress' && event.data.contactId === contactId ? [event.data.status] : [],
      );
    expect(progressOf(ids[0]!)).toEqual(['generating', 'completed']);
    expect(progressOf(ids[1]!)).toEqual(['generating', 'failed']);
    expect(events.filter(({ event }) => event.type === 'draft.saved')).toHaveLength(2);
  });

  it('writes one draft per contact however often its message is delivered, and uses one answer of the model', async () => {
    const { deps, sent, prompts } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [grace]);
    const { batchId } = await startBatch(deps, uid, { contactIds: [contact!.contactId] });
    const body = JSON.stringify(sent[0]);
    const worker = generationWorker(deps, logger);
    const record = sqsRecord(body, { queue: 'ai-generation' });

    // the same record twice side by side, again later, and a copy of the message with another id
    const results = await Promise.all([worker(sqsEvent(record)), worker(sqsEvent(record))]);
    results.push(
      await worker(sqsEvent({ ...record, attributes: { ...record.attributes, ApproximateReceiveCount: '2' } })),
    );
    // even through another worker (another Lambda): the contact's item of the batch says it is done
    results.push(await generationWorker(deps, logger)(sqsEvent(sqsRecord(body))));

    // of the two side by side one ran, the other found it busy (it comes back); every later one answered done
    expect(results.slice(0, 2).flatMap((result) => result.batchItemFailures).length).toBeLessThanOrEqual(1);
    expect(results.slice(2)).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    // a first delivery asks the model while it claims: a copy that lost the claim cancelled its request
    expect(answered(prompts)).toHaveLength(1);
    const drafts = (await userDrafts(db, uid)).filter((draft) => draft.contactId === contact!.contactId);
    expect(drafts).toHaveLength(1);
    expect(await batchProgress(deps, uid, batchId)).toMatchObject({ completed: 1, failed: 0 });
  });

  it('counts each finished contact on the activity once, however often the stream tells it', async () => {
    const { deps, sent, events } = setup();
    const uid = await newUser();
    const contacts = await addContacts(uid, [grace, { name: 'Alan Turing' }, { name: 'Broken sandbox:fail' }]);
    const { batchId } = await startBatch(deps, uid, { contactIds: contacts.map((contact) => contact.contactId) });
    const worker = generationWorker(deps, logger);
    await worker(sqsEvent(sqsRecord(JSON.stringify(sent[0]), { queue: 'ai-generation' })));
    // the stream tells the first contact's finish, and then again (a batch of records delivered twice)
    const first = await countFinished(deps, uid, batchId);
    expect(await generationCounts(deps)(streamEvent(first))).toEqual({ batchItemFailures: [] });
    expect(await getActivity(db, uid, batchId)).toMatchObject({ status: 'in_progress', completedCount: 1 });
    // the next records come with the first one's again: the others still count, in one write
    await runWorker(deps, sent.slice(1));
    const counting = countingDataClient();
    const records = await countFinished({ ...deps, db: counting.data }, uid, batchId);
    expect(records).toHaveLength(3);
    expect(await getActivity(db, uid, batchId)).toMatchObject({
      status: 'completed',
      completedCount: 2,
      failedCount: 1,
      error: cutActivityError(generationMessages.busy),
    });
    // the three at once (refused: one counted already), then one by one; the last finished the action
    expect(counting.calls.filter((call) => call === 'UpdateItemCommand')).toHaveLength(5);
    await generationCounts(deps)(streamEvent(records));
    expect(await getActivity(db, uid, batchId)).toMatchObject({ completedCount: 2, failedCount: 1 });
    expect(
      events.filter(({ event }) => event.type === 'activity.changed' && event.data.status === 'completed'),
    ).toHaveLength(1);
  });

  it("counts only a contact's finish: its claim, a later change and its removal are not counted", async () => {
    const { deps } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [grace]);
    const { batchId } = await startBatch(deps, uid, { contactIds: [contact!.contactId] });
    const item = {
      pk: `USER#${uid}`,
      sk: `GENBATCH#${batchId}#${contact!.contactId}`,
      entity: 'generationBatchContact',
    };
    const at = { batchId, contactId: contact!.contactId };
    const done = { ...item, ...at, status: 'completed', draftId: 'd1' };
    const records = [
      streamRecord(null, { ...item, ...at, status: 'queued' }),
      streamRecord({ ...item, ...at, status: 'queued' }, { ...item, ...at, status: 'generating' }),
      streamRecord(done, { ...done, updatedAt: 'later' }),
      streamRecord(done, null),
    ];
    expect(await generationCounts(deps)(streamEvent(records))).toEqual({ batchItemFailures: [] });
    expect(await getActivity(db, uid, batchId)).toMatchObject({ status: 'in_progress', completedCount: 0 });

    // a finish that comes after such changes in the same stream batch still counts
    const generating = { ...item, ...at, status: 'generating' };
    const finishing = [streamRecord({ ...item, ...at, status: 'queued' }, generating), streamRecord(generating, done)];
    expect(await generationCounts(deps)(streamEvent(finishing))).toEqual({ batchItemFailures: [] });
    expect(await getActivity(db, uid, batchId)).toMatchObject({ status: 'completed', completedCount: 1 });
  });

  it('costs the table one read and two writes per contact, and reads the profile once per batch (the batch budget: the model plus as few table writes as possible)', async () => {
    const { deps, sent } = setup();
    const uid = await newUser();
    const contacts = await addContacts(uid, [grace, { name: 'Alan Turing', firstName: 'Alan' }]);
    await startBatch(deps, uid, { contactIds: contacts.map((contact) => contact.contactId) });
    const counting = countingDataClient();
    const worker = generationWorker({ ...deps, db: counting.data }, logger);
    const deliver = async (message: GenerationMessage) => {
      counting.reset();
      expect(await worker(sqsEvent(sqsRecord(JSON.stringify(message), { queue: 'ai-generation' })))).toEqual({
        batchItemFailures: [],
      });
      return [...counting.calls].sort();
    };
    // beside the claim, the contact and its drafts (none yet) are read in one call, and the user's profile; the
    // draft, the angle on its contact and the contact's finish in the batch written in one transaction. The kit
    // claims nothing; the stream counts the contact on the activity.
    expect(await deliver(sent[0]!)).toEqual(
      ['BatchGetItemCommand', 'GetItemCommand', 'UpdateItemCommand', 'TransactWriteItemsCommand'].sort(),
    );
    // the next one of the batch in the same worker has the profile already
    expect(await deliver(sent[1]!)).toEqual(
      ['BatchGetItemCommand', 'UpdateItemCommand', 'TransactWriteItemsCommand'].sort(),
    );
  });

  it('starts a batch of 100 with its first ten contacts written beside its item and its activity action and the others after them, each message sent once its contact and the action are written', async () => {
    const { deps } = setup();
    const uid = await newUser();
    const contacts = await addContacts(
      uid,
      Array.from({ length: 100 }, (_, index) => ({ name: `Person ${index}` })),
    );
    /** each write as it starts and ends: the item's entity (a Put), or the contacts' ids of a BatchWriteItem */
    const writes: string[] = [];
    let inFlight = 0;
    let most = 0;
    const watched = createDataClient(process.env.TABLE_NAME!, {});
    watched.documents.use(async ({ commandName, input }, next) => {
      const sent = input as {
        Item?: { entity?: { S?: string } };
        RequestItems?: Record<string, { PutRequest?: { Item?: { contactId?: { S?: string } } } }[]>;
      };
      let write: string;
      if (commandName === 'PutItemCommand') write = String(sent.Item?.entity?.S);
      else if (commandName === 'BatchWriteItemCommand') {
        const requests = Object.values(sent.RequestItems ?? {}).flat();
        write = requests.map((request) => request.PutRequest?.Item?.contactId?.S).join(',');
      } else return next();
      writes.push(`start ${write}`);
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await next();
      } finally {
        inFlight -= 1;
        writes.push(`end ${write}`);
      }
    });
    // what each message finds as it is sent: its contact's item of the batch, and the action it will count on
    const found: string[] = [];
    const sent: GenerationMessage[] = [];
    /** each SendMessageBatch's contacts, in the order they were sent */
    const sends: string[][] = [];
    const queue: QueuePort = {
      send: async () => {
        throw new Error('a batch sends its messages ten at a time');
      },
      sendMany: async (_queue, messages) => {
        const batch = messages as GenerationMessage[];
        sends.push(batch.map((message) => message.contactId));
        const [progress, action] = await Promise.all([
          getGenerationBatch(db, uid, batch[0]!.batchId),
          getActivity(db, uid, batch[0]!.batchId),
        ]);
        for (const message of batch) {
          found.push(`${progress?.items[message.contactId]?.status} ${action?.status}`);
        }
        sent.push(...batch);
      },
    };
    const { batchId } = await startBatch({ ...deps, queue, db: watched }, uid, {
      contactIds: contacts.map((contact) => contact.contactId),
    });
    const ids = contacts.map((contact) => contact.contactId);
    const firstTen = ids.slice(0, 10).join(',');
    // the batch's item and its action (two PutItems) beside the first ten contacts' BatchWriteItem; once all three are
    // written, the other nine BatchWriteItems of ten side by side
    expect(writes.slice(0, 3).sort()).toEqual(
      ['start generationBatch', 'start activityAction', `start ${firstTen}`].sort(),
    );
    const othersStart = writes.findIndex((write, index) => index >= 3 && write.startsWith('start'));
    expect(writes.slice(3, othersStart).sort()).toEqual(
      ['end generationBatch', 'end activityAction', `end ${firstTen}`].sort(),
    );
    expect(writes.filter((write) => write.startsWith('start'))).toHaveLength(12);
    expect(most).toBe(9);
    // the first ten are sent first
    expect(sends[0]).toEqual(ids.slice(0, 10));
    expect(sent).toHaveLength(100);
    expect(new Set(sent.map((message) => message.contactId)).size).toBe(100);
    expect(found).toEqual(Array(100).fill('queued in_progress'));
    expect(await getActivity(db, uid, batchId)).toMatchObject({ status: 'in_progress', profileCount: 100 });
    expect(await batchProgress(deps, uid, batchId)).toMatchObject({ total: 100, completed: 0, failed: 0 });
  });

  it("writes a batch's e-mails from the profile as the batch started, and the next batch from the profile edited since", async () => {
    const { deps, sent, prompts } = setup();
    const uid = await newUser();
    const [first, second] = await addContacts(uid, [grace, { name: 'Alan Turing', firstName: 'Alan' }]);
    const worker = generationWorker(deps, logger);
    const deliver = (message: GenerationMessage) =>
      worker(sqsEvent(sqsRecord(JSON.stringify(message), { queue: 'ai-generation' })));
    await startBatch(deps, uid, { contactIds: [first!.contactId] });
    await deliver(sent[0]!);
    await upsertUserProfile(db, uid, { set: { jobTitle: 'Chief Engineer' }, setIfMissing: {} });
    await startBatch(deps, uid, { contactIds: [second!.contactId] });
    await deliver(sent[1]!);

    expect(prompts).toHaveLength(2);
    expect(prompts[0]!.prompt).toContain('Analyst');
    expect(prompts[1]!.prompt).toContain('Chief Engineer');
    expect(prompts[1]!.prompt).not.toContain('Analyst');
  });

  it('writes a first delivery from the contact as the batch started, and a retry from the contact as it is now', async () => {
    const { deps, sent, prompts } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [grace]);
    await startBatch(deps, uid, { contactIds: [contact!.contactId] });
    await putContacts(db, [{ ...contact!, jobTitle: 'Commodore' }]);
    // the first delivery's draft fails to save (the table), so it comes back
    const failing: GenerationDeps = {
      ...deps,
      saveDraft: async () => {
        throw new Error('the table is unavailable');
      },
    };
    const record = sqsRecord(JSON.stringify(sent[0]), { queue: 'ai-generation' });
    expect(await generationWorker(failing, logger)(sqsEvent(record))).toEqual({
      batchItemFailures: [{ itemIdentifier: record.messageId }],
    });
    const retry = { ...record, attributes: { ...record.attributes, ApproximateReceiveCount: '2' } };
    expect(await generationWorker(deps, logger)(sqsEvent(retry))).toEqual({ batchItemFailures: [] });
    expect(prompts.map((prompt) => /Recipient role: (.*)/.exec(prompt.prompt)?.[1])).toEqual([
      'Rear Admiral',
      'Commodore',
    ]);
  });

  it("never writes from a contact a message carries that is not the message's own contact of its user", async () => {
    const { deps, sent, prompts } = setup();
    const uid = await newUser();
    const [contact, alan] = await addContacts(uid, [grace, { name: 'Alan Turing', jobTitle: 'Codebreaker' }]);
    const [planted] = await addContacts(await newUser(), [
      { name: 'Mallory Planted', jobTitle: 'Impostor', contactId: contact!.contactId },
    ]);
    await startBatch(deps, uid, { contactIds: [contact!.contactId] });
    await startBatch(deps, uid, { contactIds: [contact!.contactId] });
    await runWorker(deps, [
      // another user's contact of the same id, and another of this user's contacts
      { ...sent[0]!, contact: { ...planted } },
      { ...sent[1]!, contact: { ...alan } },
    ]);
    expect(prompts).toHaveLength(2);
    for (const { prompt } of prompts) {
      expect(prompt).toContain('Recipient name: Grace Hopper');
      expect(prompt).not.toMatch(/Mallory|Alan/);
    }
  });

  it('cancels the model request of a contact deleted since the batch started, and fails it', async () => {
    const { deps, sent, prompts } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [grace]);
    const { batchId } = await startBatch(deps, uid, { contactIds: [contact!.contactId] });
    await deleteItems(db, [contactKey(uid, contact!.contactId)]);

    const { results } = await runWorker(deps, sent);

    expect(results).toEqual([{ batchItemFailures: [] }]);
    expect(answered(prompts)).toEqual([]);
    expect(await batchProgress(deps, uid, batchId)).toMatchObject({
      completed: 0,
      failed: 1,
      items: [{ status: 'failed', error: messages.contacts.notFound }],
    });
    expect(await userDrafts(db, uid)).toEqual([]);
  });

  it('sends a message without its contact when the contact would make it too large, and still writes it', async () => {
    const { deps, sent, prompts } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [{ ...grace, notes: 'n'.repeat(messageWithContactMaxBytes) }]);
    const { batchId } = await startBatch(deps, uid, { contactIds: [contact!.contactId] });
    expect(sent[0]).not.toHaveProperty('contact');
    await runWorker(deps, sent);
    expect(prompts).toHaveLength(1);
    expect(await batchProgress(deps, uid, batchId)).toMatchObject({ completed: 1 });
  });

  it('lets a retry take over a contact whose delivery died holding it, and the dead one can no longer save', async () => {
    const { deps, sent, prompts } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [grace]);
    const { batchId } = await startBatch(deps, uid, { contactIds: [contact!.contactId] });
    const key = { uid, batchId, contactId: contact!.contactId };
    // a delivery claimed it and stopped; its lock ran out a second ago
    const at = new Date();
    await claimBatchContact(db, key, { token: 'dead', lockedUntil: new Date(at.getTime() - 1000), at });
    expect(await batchProgress(deps, uid, batchId)).toMatchObject({ items: [{ status: 'generating' }] });

    const { results } = await runWorker(deps, sent);

    expect(results).toEqual([{ batchItemFailures: [] }]);
    expect(prompts).toHaveLength(1);
    const progress = await batchProgress(deps, uid, batchId);
    expect(progress).toMatchObject({ completed: 1, failed: 0, items: [{ status: 'completed' }] });
    // the dead delivery's late finish changes nothing
    expect(await finishBatchContact(db, key, 'dead', { status: 'failed', error: 'late' }, at.toISOString())).toBe(
      false,
    );
    expect(await batchProgress(deps, uid, batchId)).toEqual(progress);
    await countFinished(deps, uid, batchId);
    expect(await getActivity(db, uid, batchId)).toMatchObject({ status: 'completed', completedCount: 1 });
  });

  it('sends back a copy that comes while another delivery holds the contact, and saves no draft of a claim it lost', async () => {
    const { deps, sent, prompts } = setup();
    const uid = await newUser();
    const [contact] = await addContacts(uid, [grace]);
    const { batchId } = await startBatch(deps, uid, { contactIds: [contact!.contactId] });
    const key = { uid, batchId, contactId: contact!.contactId };
    const at = new Date();
    // another delivery holds it for a minute
    await claimBatchContact(db, key, { token: 'other', lockedUntil: new Date(at.getTime() + 60_000), at });
    const record = sqsRecord(JSON.stringify(sent[0]), { queue: 'ai-generation' });
    expect(await generationWorker(deps, logger)(sqsEvent(record))).toEqual({
      batchItemFailures: [{ itemIdentifier: record.messageId }],
    });
    // it asked the model while it claimed, and cancelled the request once the claim was another's
    expect(answered(prompts)).toEqual([]);

    // a delivery whose lock ran out while the model wrote, and that another took over meanwhile, saves nothing
    const stolen: GenerationDeps = {
      ...deps,
      // the claim is taken as of two minutes ago, so its lock has run out when the model answers
      now: () => new Date(Date.now() - 120_000),
      ai: {
        complete: async (request) => {
          await claimBatchContact(db, key, {
            token: 'newer',
            lockedUntil: new Date(Date.now() + 60_000),
            at: new Date(),
          });
          return deps.ai.complete(request);
        },
      },
    };
    await releaseBatchContact(db, key, 'other');
    const retried = await generationWorker(stolen, logger)(sqsEvent(record));
    expect(retried).toEqual({ batchItemFailures: [{ itemIdentifier: record.messageId }] });
    expect((await userDrafts(db, uid)).filter((draft) => draft.contactId === contact!.contactId)).toEqual([]);
    expect(await batchProgress(deps, uid, batchId)).toMatchObject({
      completed: 0,
      failed: 0,
      items: [{ status: 'generating' }],
    });
  });

  it("refuses contacts that are not the user's, and an unknown batch is 404", async () => {
    const { deps, sent } = setup();
    const uid = await newUser();
    const [mine] = await addContacts(uid, [grace]);
    await expect(startBatch(deps, uid, { contactIds: [mine!.contactId, randomUUID()] })).rejects.toMatchObject({
      status: 404,
      message: generationMessages.contactsNotFound(1),
    });
    expect(sent).toEqual([]);
    await expect(batchProgress(deps, uid, 'no-such-batch')).rejects.toMatchObject({ status: 404 });
    const other = await newUser();
    const { batchId } = await startBatch(deps, uid, { contactIds: [mine!.contactId] });
    await expect(batchProgress(deps, other, batchId)).rejects.toMatchObject({ status: 404 });
  });
});

describe('a batch and the addresses it may send to (DESIGN §9)', () => {
  const addressed = (email: string | undefined, emailQevStatus: ContactItem['emailQevStatus'], confirmed = false) => ({
    ...grace,
    email,
    emailQevStatus,
    ...(confirmed && email ? { emailConfirmedFor: email } : {}),
  });

  it('skips the contacts without an address it may send to, saying why, and writes for the rest', async () => {
    const { deps, sent } = setup();
    const uid = await newUser();
    const [valid, risky, confirmed, invalid, none] = await addContacts(uid, [
      addressed('grace@navy.example', 'valid'),
      addressed('ada@engines.example', 'accept_all'),
      addressed('alan@bletchley.example', 'accept_all', true),
      addressed('nobody@gone.example', 'invalid'),
      addressed(undefined, undefined),
    ]);
    const ids = [valid, risky, confirmed, invalid, none].map((contact) => contact!.contactId);

    const started = await startBatch(deps, uid, { contactIds: ids });

    expect(started.total).toBe(2);
    expect(started.skipped).toEqual([
      { contactId: risky!.contactId, reason: 'unconfirmed' },
      { contactId: invalid!.contactId, reason: 'invalid' },
      { contactId: none!.contactId, reason: 'no_address' },
    ]);
    expect(sent.map((message) => message.contactId)).toEqual([valid!.contactId, confirmed!.contactId]);
    expect(await batchProgress(deps, uid, started.batchId)).toMatchObject({ total: 2 });
  });

  it('writes for every contact when asked to include those it could not send to', async () => {
    const { deps, sent } = setup();
    const uid = await newUser();
    const contacts = await addContacts(uid, [
      addressed('ada@engines.example', 'accept_all'),
      addressed(undefined, undefined),
    ]);
    const ids = contacts.map((contact) => contact.contactId);

    const started = await startBatch(deps, uid, { contactIds: ids, includeUnverified: true });

    expect(started).toMatchObject({ total: 2, skipped: [] });
    expect(sent.map((message) => message.contactId)).toEqual(ids);
  });

  it('starts nothing when no contact has an address it may send to, and says why', async () => {
    const { deps, sent } = setup();
    const uid = await newUser();
    const [risky] = await addContacts(uid, [addressed('ada@engines.example', 'accept_all')]);

    await expect(startBatch(deps, uid, { contactIds: [risky!.contactId] })).rejects.toMatchObject({
      status: 400,
      code: 'no_sendable_contacts',
      message: generationMessages.noneSendable('1 of 1 contact has no address we can send to (1 risky, not confirmed)'),
      details: { skipped: [{ contactId: risky!.contactId, reason: 'unconfirmed' }] },
    });
    expect(sent).toEqual([]);
  });
});
