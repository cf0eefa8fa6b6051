import {
  type checkConversationDraft,
  replySubject,
  type saveGeneratedConversationDraft,
  type saveGeneratedDraft,
} from '../drafts/index.js';
import type { Logger } from '@aws-lambda-powertools/logger';
import { randomUUID } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import type { LiveEvent } from '../../shared/live-events.js';
import { messages } from '../../shared/messages.js';
import { queues } from '../../shared/queues.js';
import type {
  BatchProgress,
  GenerateBatchBody,
  GenerateEmailBody,
  GeneratedEmail,
  GenerationMessage,
  SkippedContact,
} from '../../shared/schemas/ai.js';
import { unsendableReason, unsendableSummary } from '../../shared/addresses.js';
import { draftMessages } from '../../shared/schemas/drafts.js';
import { badRequest, HttpError, notFound, tooManyRequests } from '../core/errors.js';
import { conversationEmails, getConversationItem } from '../data/conversation.js';
import type { DataClient } from '../data/client.js';
import { contactAddress, getContact, getContacts, type ContactItem } from '../data/contact.js';
import {
  type BatchContact,
  type BatchItem,
  type BatchOutcome,
  claimBatchContact,
  createGenerationBatch,
  finishBatchContact,
  finishBatchContactWrite,
  getGenerationBatch,
  queueBatchContacts,
  readBatchContact,
  releaseBatchContact,
  toBatchProgress,
} from '../data/generation-batch.js';
import { activityChanged } from '../data/activity.js';
import { takeTokens } from '../data/rate-limit.js';
import { emailLanguageOf } from '../../shared/languages.js';
import { getSharedProfile, insightsMaxAgeMs, storeInsights } from '../data/shared-profile.js';
import { getUserProfile, type UserProfileItem } from '../data/user-profile.js';
import { AiFailure, type Ai } from '../providers/ai/port.js';
import type { LivePort } from '../providers/live/port.js';
import type { QueuePort } from '../providers/queue/port.js';
import { ResearchFailure, type Research } from '../providers/research/port.js';
import {
  alternativesRecord,
  type EmailAnswer,
  emailAnswerJsonSchema,
  emailAnswerSchema,
  emailInstructions,
  emailPrompt,
  replyAnswerJsonSchema,
  replyInstructions,
  replyPrompt,
} from './email-prompt.js';

/** The draft a generated e-mail becomes (lambdas/drafts/index.ts `saveGeneratedDraft`: the contact's primary). */
export type SaveGeneratedDraft = typeof saveGeneratedDraft;
/** A generated reply or follow-up kept in its conversation, and the SPEC §5 check before it is written. */
export type ConversationDrafts = {
  check: typeof checkConversationDraft;
  save: typeof saveGeneratedConversationDraft;
};

/** A template rendered for a contact (lambdas/templates/index.ts); null when the user has no template of that id. */
export type RenderTemplate = (
  db: DataClient,
  uid: string,
  templateId: string,
  contact: ContactItem,
) => Promise<{ subject: string; body: string; missing: string[] } | null>;

export type GenerationDeps = {
  db: DataClient;
  ai: Ai;
  research: Research;
  saveDraft: SaveGeneratedDraft;
  conversationDrafts: ConversationDrafts;
  renderTemplate: RenderTemplate;
  live: LivePort;
  queue: QueuePort;
  now: () => Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
};

export const generationMessages = {
  busy: 'The AI service is busy right now. Please try again in a few minutes.',
  failed: 'The AI service could not write this e-mail. Please try again later.',
  templateNotFound: 'Template not found',
  batchNotFound: 'Batch not found',
  contactsNotFound: (count: number) =>
    count === 1 ? 'One of these contacts was not found.' : `${count} of these contacts were not found.`,
  /** DESIGN §9: a batch of only contacts that cannot be sent to writes nothing unless asked to */
  noneSendable: (summary: string) => `${summary}. Confirm or find their addresses first, or write for them anyway.`,
} as const;

/** A 5xx whose message is safe to show: the outside AI service failed, not this request (STYLE §8). */
class ProviderError extends HttpError {
  override readonly expose = true;
}

/** E-mails of up to ~150 words and their JSON wrapping fit in 900 tokens. */
const emailMaxTokens = 900;

const ulid = monotonicFactory();

/**
 * The contact's recent facts (the AI e-mail's insights): those on its shared profile when searched within 30 days, else a
 * search through the research port, kept on the shared profile for every user who adds the person. Only a person known
 * by a LinkedIn profile is searched for: a name typed by hand may be anyone's, and facts about a namesake in an e-mail
 * are worse than none. A failed search is logged and the e-mail is written without facts.
 */
export const contactInsights = async (deps: GenerationDeps, contact: ContactItem): Promise<string[]> => {
  const url = contact.canonicalLinkedinUrl;
  if (!url) return [];
  const shared = await getSharedProfile(deps.db, url);
  const now = deps.now();
  if (shared?.perplexitySearchedAt && now.getTime() - Date.parse(shared.perplexitySearchedAt) < insightsMaxAgeMs) {
    return shared.uniquePerplexityFacts ?? [];
  }
  const name = contact.name || [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  if (!name) return [];
  try {
    const { facts } = await deps.research.findFacts({
      name,
      company: contact.company || undefined,
      role: contact.jobTitle || contact.currentRole || undefined,
      linkedinUrl: contact.linkedinUrl || url,
    });
    if (shared) await storeInsights(deps.db, url, { facts, searchedAt: now.toISOString() });
    return facts;
  } catch (error) {
    if (!(error instanceof ResearchFailure)) throw error;
    deps.logger.warn('research failed; writing without facts', { contactId: contact.contactId, reason: error.message });
    return [];
  }
};

/** What the model is asked for: an outreach e-mail, or the next e-mail of a conversation. */
type EmailKind = { system: string; schema: typeof emailAnswerJsonSchema };
const outreachEmail: EmailKind = { system: emailInstructions, schema: emailAnswerJsonSchema };
const conversationEmail: EmailKind = { system: replyInstructions, schema: replyAnswerJsonSchema };

const writeEmail = async (
  deps: GenerationDeps,
  prompt: string,
  signal?: AbortSignal,
  kind: EmailKind = outreachEmail,
): Promise<EmailAnswer> => {
  try {
    const { text } = await deps.ai.complete({
      system: kind.system,
      prompt,
      maxTokens: emailMaxTokens,
      schema: kind.schema,
      ...(signal ? { signal } : {}),
    });
    const parsed = emailAnswerSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new AiFailure('refused', 'The AI answered an e-mail of an unexpected shape');
    return parsed.data;
  } catch (error) {
    if (!(error instanceof AiFailure)) throw error;
    deps.logger.error('e-mail generation failed', { kind: error.kind, reason: error.message });
    if (error.kind === 'busy') {
      throw new ProviderError(503, generationMessages.busy, { code: 'ai_unavailable', cause: error });
    }
    throw new ProviderError(502, generationMessages.failed, { code: 'ai_failed', cause: error });
  }
};

/**
 * Tells the user's open tabs (DESIGN §8 live channel). Pages poll what they miss, so a live channel that fails (a
 * stack without its endpoint) is logged and never fails the e-mail it tells of.
 */
const tell = (deps: GenerationDeps, uid: string, event: LiveEvent) =>
  deps.live.publish(uid, event).catch((error: unknown) => {
    deps.logger.warn('could not publish a live event', { type: event.type, error: error as Error });
  });

type OneEmail = {
  templateId?: string;
  instructions?: string;
  /** the user's profile when the caller reads it already */
  profile?: UserProfileItem | null | Promise<UserProfileItem | null>;
  /** the caller no longer wants the e-mail: the model's request is cancelled */
  signal?: AbortSignal;
};

/** An e-mail as the model wrote it for a contact, before it is kept. */
type ComposedEmail = { email: GeneratedEmail; strategy?: string; fromTemplate: boolean };

/** Writes one e-mail for a contact the caller has read: its template filled in, its facts, the model's answer. */
const composeEmail = async (
  deps: GenerationDeps,
  uid: string,
  contact: ContactItem,
  input: OneEmail,
): Promise<ComposedEmail> => {
  const template = input.templateId ? await deps.renderTemplate(deps.db, uid, input.templateId, contact) : undefined;
  if (template === null) throw notFound(generationMessages.templateNotFound);
  const [profile, facts] = await Promise.all([
    input.profile === undefined ? getUserProfile(deps.db, uid) : input.profile,
    contactInsights(deps, contact),
  ]);
  const prompt = emailPrompt({
    profile,
    contact,
    facts,
    template,
    instructions: input.instructions,
    language: emailLanguageOf(contact.emailLanguage, profile?.settings?.language),
  });
  const answer = await writeEmail(deps, prompt, input.signal);
  const placeholderAlternatives = alternativesRecord(answer);
  return {
    email: {
      subject: answer.subject,
      body: answer.body,
      ...(placeholderAlternatives ? { placeholderAlternatives } : {}),
    },
    ...(answer.strategy ? { strategy: answer.strategy } : {}),
    fromTemplate: Boolean(template),
  };
};

/**
 * Keeps a written e-mail as the contact's primary draft, with the caller's own writes (`saveOptions.also`) in the
 * draft's transaction (a batch's time is the model's plus as few table writes as possible), and
 * tells the user's tabs.
 */
const keepEmail = async (
  deps: GenerationDeps,
  uid: string,
  contact: ContactItem,
  { email, strategy, fromTemplate }: ComposedEmail,
  saveOptions?: Parameters<SaveGeneratedDraft>[4],
) => {
  const draft = await deps.saveDraft(
    deps.db,
    uid,
    {
      contactId: contact.contactId,
      subject: email.subject,
      body: email.body,
      ...(email.placeholderAlternatives ? { placeholderAlternatives: email.placeholderAlternatives } : {}),
      createdFromTemplate: fromTemplate,
      // the angle the e-mail took (SPEC §3 Contact aiStrategy), kept in the draft's own write
      ...(strategy && strategy !== contact.aiStrategy ? { aiStrategy: strategy } : {}),
    },
    deps.now(),
    saveOptions,
  );
  await tell(deps, uid, {
    type: 'draft.saved',
    data: { draftId: draft.id, contactId: contact.contactId, isPrimary: draft.isPrimary },
  });
  return { ...email, draftId: draft.id };
};

/**
 * The next e-mail of a conversation (DESIGN §9 'Answering a reply'): written from the thread so far, the contact's
 * latest message last in the prompt, and kept as the conversation's unsent draft of its type unless `save` is false.
 */
const answerInConversation = async (
  deps: GenerationDeps,
  uid: string,
  contact: ContactItem,
  input: { conversationId: string; draftType: 'reply' | 'follow_up'; instructions?: string | undefined; save: boolean },
): Promise<GeneratedEmail> => {
  const conversation = await getConversationItem(deps.db, uid, input.conversationId);
  // checked by `conversationDrafts.check` before: another contact's conversation is refused there
  if (!conversation) throw notFound();
  const [profile, emails] = await Promise.all([
    getUserProfile(deps.db, uid),
    conversationEmails(deps.db, uid, input.conversationId),
  ]);
  const prompt = replyPrompt({
    profile,
    contact,
    subject: conversation.subject,
    emails,
    draftType: input.draftType,
    instructions: input.instructions,
    language: emailLanguageOf(contact.emailLanguage, profile?.settings?.language),
  });
  const answer = await writeEmail(deps, prompt, undefined, conversationEmail);
  // the thread's subject, answered once ('Re: '), whatever the model made of it: the contact's client threads by it too
  const email = { subject: replySubject(conversation.subject), body: answer.body };
  if (!input.save) return email;
  const draft = await deps.conversationDrafts.save(
    deps.db,
    uid,
    { contactId: contact.contactId, conversationId: input.conversationId, draftType: input.draftType, ...email },
    deps.now(),
  );
  await tell(deps, uid, {
    type: 'draft.saved',
    data: { draftId: draft.id, contactId: contact.contactId, isPrimary: draft.isPrimary },
  });
  return { ...email, draftId: draft.id };
};

/**
 * POST /ai/generate-ai-email (DESIGN §8, §9): one e-mail for one of the user's contacts, kept as its primary
 * `initial_outreach` draft unless `save` is false; with a conversation, its reply (or follow-up) written from the
 * thread, kept as the conversation's draft (SPEC §5 rules checked before the model writes). Takes a token of the
 * user's aiGeneration bucket before the model is asked (429 beyond it).
 */
export const generateEmail = async (deps: GenerationDeps, uid: string, body: GenerateEmailBody) => {
  const draftType = body.draftType ?? (body.conversationId ? 'reply' : 'initial_outreach');
  if (draftType === 'initial_outreach' && body.conversationId) throw badRequest(draftMessages.initialWithConversation);
  if (draftType !== 'initial_outreach' && !body.conversationId)
    throw badRequest(draftMessages.requiresConversation(draftType));
  const contact = await getContact(deps.db, uid, body.contactId);
  if (!contact) throw notFound(messages.contacts.notFound);
  if (draftType !== 'initial_outreach' && body.conversationId) {
    const conversation = { contactId: body.contactId, conversationId: body.conversationId, draftType };
    await deps.conversationDrafts.check(deps.db, uid, conversation);
    const allowance = await takeTokens(deps.db, uid, 'aiGeneration', { now: deps.now() });
    if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
    return answerInConversation(deps, uid, contact, {
      ...conversation,
      instructions: body.instructions,
      save: body.save ?? true,
    });
  }
  const allowance = await takeTokens(deps.db, uid, 'aiGeneration', { now: deps.now() });
  if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
  const composed = await composeEmail(deps, uid, contact, body);
  return (body.save ?? true) ? keepEmail(deps, uid, contact, composed) : composed.email;
};

/** Messages of one SendMessageBatch (SQS takes at most 10). */
const messagesPerSend = 10;

/** `items` in order, `size` at a time. */
const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** A message carries its contact while it stays this small: ten of them fit in one SendMessageBatch (256 KiB). */
export const messageWithContactMaxBytes = 20 * 1024;

/**
 * A batch's message with its contact as read when the batch started (`GenerationMessage.contact`), when that keeps it
 * under {@link messageWithContactMaxBytes}; without it otherwise (the worker reads the contact then).
 */
const withContact = (message: GenerationMessage, contact: ContactItem | undefined): GenerationMessage => {
  if (!contact) return message;
  const carrying = { ...message, contact };
  return Buffer.byteLength(JSON.stringify(carrying), 'utf8') <= messageWithContactMaxBytes ? carrying : message;
};

/** The contact a first delivery writes from: the message's, when it is this message's contact of this user. */
const carriedContact = (message: GenerationMessage): ContactItem | null => {
  const contact = message.contact as Partial<ContactItem> | undefined;
  return contact?.uid === message.uid && contact.contactId === message.contactId ? (contact as ContactItem) : null;
};

/**
 * POST /api/outreach/generate (DESIGN §8): a batch of 1-100 of the user's contacts, one `ai-generation` message each.
 * Every contact must be the user's (404 naming how many are not); one token of the aiGeneration bucket per contact
 * written for. Contacts without an address that may be sent to (DESIGN §9, shared/addresses.ts) are skipped and
 * named with their reason, unless `includeUnverified`; when that leaves none, nothing starts (400).
 */
export const startBatch = async (deps: GenerationDeps, uid: string, body: GenerateBatchBody) => {
  const asked = [...new Set(body.contactIds)];
  const found = await getContacts(deps.db, uid, asked);
  if (found.length < asked.length) {
    throw notFound(generationMessages.contactsNotFound(asked.length - found.length));
  }
  const skipped: SkippedContact[] = [];
  if (!body.includeUnverified) {
    const reasonOf = new Map(found.map((contact) => [contact.contactId, unsendableReason(contactAddress(contact))]));
    for (const contactId of asked) {
      const reason = reasonOf.get(contactId);
      if (reason) skipped.push({ contactId, reason });
    }
  }
  const contactIds = asked.filter((contactId) => !skipped.some((item) => item.contactId === contactId));
  if (contactIds.length === 0)
    throw new HttpError(400, generationMessages.noneSendable(unsendableSummary(skipped, asked.length)), {
      code: 'no_sendable_contacts',
      details: { skipped },
    });
  if (body.templateId) {
    const rendered = await deps.renderTemplate(deps.db, uid, body.templateId, found[0]!);
    if (rendered === null) throw notFound(generationMessages.templateNotFound);
  }
  const allowance = await takeTokens(deps.db, uid, 'aiGeneration', { now: deps.now(), cost: contactIds.length });
  if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
  const batch = { uid, batchId: ulid(), createdAt: deps.now().toISOString() };
  const contactOf = new Map(found.map((contact) => [contact.contactId, contact]));
  const messageOf = (contactId: string) =>
    withContact(
      {
        uid,
        batchId: batch.batchId,
        contactId,
        ...(body.templateId ? { templateId: body.templateId } : {}),
        ...(body.instructions ? { instructions: body.instructions } : {}),
      },
      contactOf.get(contactId),
    );
  // the batch and its activity action (which the table's stream counts each finished contact on) beside its first
  // contacts, a SendMessageBatch's worth, sent once it and they are written; the other contacts after those, ten at a
  // time, each ten sent once written. The first e-mails start after one small write: the whole batch's writes at once
  // kept DynamoDB busy for ~60 ms before the first ten were written (the batch budget: the model plus as few table writes as possible)
  const started = createGenerationBatch(deps.db, {
    ...batch,
    order: contactIds,
    templateId: body.templateId,
    instructions: body.instructions,
  });
  const [first = [], ...rest] = chunks(contactIds, messagesPerSend);
  const firstWritten = Promise.all([started, queueBatchContacts(deps.db, batch, first)]);
  const send = (some: string[]) => deps.queue.sendMany('ai-generation', some.map(messageOf));
  const writes: Promise<unknown>[] = [
    started.then(() => tell(deps, uid, activityChanged({ id: batch.batchId, status: 'in_progress' }))),
    firstWritten.then(() => send(first)),
    ...rest.map((some) => firstWritten.then(() => queueBatchContacts(deps.db, batch, some)).then(() => send(some))),
  ];
  const outcomes = await Promise.allSettled(writes);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return { batchId: batch.batchId, total: contactIds.length, skipped };
};

// GET /api/outreach/batches/{batchId}
export const batchProgress = async (deps: GenerationDeps, uid: string, batchId: string): Promise<BatchProgress> => {
  const batch = await getGenerationBatch(deps.db, uid, batchId);
  if (!batch) throw notFound(generationMessages.batchNotFound);
  return toBatchProgress(batch);
};

const publishProgress = (deps: GenerationDeps, key: BatchContact, item: BatchItem) =>
  tell(deps, key.uid, {
    type: 'generation.progress',
    data: {
      batchId: key.batchId,
      contactId: key.contactId,
      status: item.status,
      ...(item.draftId ? { draftId: item.draftId } : {}),
      ...(item.error ? { error: item.error } : {}),
    },
  });

/** Why an e-mail of a batch failed, as the user reads it. */
const reasonOf = (error: unknown) =>
  error instanceof HttpError && error.expose ? error.message : generationMessages.failed;

/** Another delivery of the same contact holds its claim: this one comes back later (DESIGN §4). */
export class BatchContactBusyError extends Error {
  constructor() {
    super('Another delivery is writing this e-mail; this one comes back later');
    this.name = 'BatchContactBusyError';
  }
}

/** How long a batch's profile, once read, serves its next contacts in the same worker (a batch takes seconds). */
export const batchProfileMaxAgeMs = 60_000;

/** The user's profile as a batch's e-mails are written from it. */
export type BatchProfileReader = (uid: string, batchId: string) => Promise<UserProfileItem | null>;

/**
 * The user's profile per batch, kept by a worker instance (a Lambda writes many contacts of a batch one after
 * another): read when the batch's first contact there starts, then shared by its next ones for `maxAgeMs`, so a batch
 * of 100 reads it about as often as it has workers, not 100 times, and every e-mail of a batch is written from the
 * same profile. A new batch reads it again (an edit of the profile is in the next batch). A failed read is not kept.
 */
export const batchProfiles = (
  db: DataClient,
  options: { now?: () => number; maxAgeMs?: number } = {},
): BatchProfileReader => {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? batchProfileMaxAgeMs;
  const recent = new Map<string, { readAt: number; profile: Promise<UserProfileItem | null> }>();
  return (uid, batchId) => {
    const at = now();
    const key = `${uid}\n${batchId}`;
    const known = recent.get(key);
    if (known && at - known.readAt < maxAgeMs) return known.profile;
    for (const [other, entry] of recent) if (at - entry.readAt >= maxAgeMs) recent.delete(other);
    const profile = getUserProfile(db, uid);
    recent.set(key, { readAt: at, profile });
    profile.catch(() => recent.delete(key));
    return profile;
  };
};

/** How long a claim holds a contact: the worker's time (shared/queues.ts), after which its retry may take it over. */
const claimLockMs = queues['ai-generation'].workerTimeoutSeconds * 1000;

/**
 * One contact of a batch (the `ai-generation` worker), idempotent on (user, batch, contact) by the contact's own item
 * (lambdas/data/generation-batch.ts): claimed as generating, then completed with its draft (in the draft's own
 * transaction) or failed with a reason, each step published on the live channel; the table's stream counts it on the
 * batch's activity action (lambdas/dashboard/generation-counts.ts). A contact already finished (a redelivery) writes no draft.
 *
 * A contact's time is its e-mail's and its draft's write (the batch budget: the model plus as few table writes as possible): a first delivery writes from the
 * contact its message carries (as the batch started) while it claims the contact and reads it and its drafts (one
 * BatchGetItem); when the claim is not its own (a copy of the message) or the contact is gone, the model's request is
 * cancelled and nothing is written. A retry, or a message without its contact, reads first and writes from what it
 * read. The user's profile is read once per batch and worker (`profileOf`). The model's own failures (after the SDK's
 * retries with backoff) fail the contact at once and the rest of the batch goes on; anything else (the table) is
 * thrown to be retried, and fails the contact on its last receive.
 */
export const generateBatchItem = async (
  deps: GenerationDeps,
  message: GenerationMessage,
  delivery: {
    receiveCount: number;
    maxReceiveCount: number;
    /** @default reads it for this contact alone */
    profileOf?: BatchProfileReader;
  },
) => {
  const { uid, batchId, contactId } = message;
  const key: BatchContact = { uid, batchId, contactId };
  const token = randomUUID();
  const claimedAt = deps.now();
  const profile = delivery.profileOf ? delivery.profileOf(uid, batchId) : getUserProfile(deps.db, uid);
  const carried = delivery.receiveCount === 1 ? carriedContact(message) : null;
  const cancel = new AbortController();
  const early = carried ? composeEmail(deps, uid, carried, { ...message, profile, signal: cancel.signal }) : null;
  // read below once the contact is this delivery's; a cancelled one is never read
  early?.catch(() => {});
  const [claim, { contact, drafts }] = await Promise.all([
    claimBatchContact(deps.db, key, {
      token,
      lockedUntil: new Date(claimedAt.getTime() + claimLockMs),
      at: claimedAt,
    }),
    readBatchContact(deps.db, key),
    // a profile that cannot be read fails this delivery here, whichever path reads it
    profile,
  ]).catch((error: unknown) => {
    cancel.abort(error);
    throw error;
  });
  if (claim.outcome !== 'claimed' || !contact) cancel.abort(new Error(`not written: ${claim.outcome}`));
  if (claim.outcome === 'missing') return { outcome: 'no such batch' };
  if (claim.outcome === 'busy') throw new BatchContactBusyError();
  // a redelivery of a finished contact: the stream counted it with its finish
  if (claim.outcome === 'finished') return { outcome: 'finished already' };
  // told while the e-mail is written
  const generating = publishProgress(deps, key, { status: 'generating' });
  /** the contact's finish is written (or was, with its draft): told */
  const finished = async (item: BatchItem) => {
    await generating;
    await publishProgress(deps, key, item);
    return { outcome: item.status };
  };
  const fail = async (error: string) => {
    const outcome: BatchOutcome = { status: 'failed', error };
    if (!(await finishBatchContact(deps.db, key, token, outcome, deps.now().toISOString()))) {
      // its lock ran out and another delivery took the contact over: it is theirs to finish
      await generating;
      return { outcome: 'taken over' };
    }
    return finished(outcome);
  };
  try {
    if (!contact) return await fail(messages.contacts.notFound);
    const composed = await (early ?? composeEmail(deps, uid, contact, { ...message, profile }));
    let draftId = '';
    await keepEmail(deps, uid, contact, composed, {
      // the contact finishes in its draft's transaction
      also: (id) => {
        draftId = id;
        const outcome: BatchOutcome = { status: 'completed', draftId: id };
        return [finishBatchContactWrite(deps.db, key, token, outcome, deps.now().toISOString())];
      },
      listRead: Promise.resolve(drafts),
    });
    return await finished({ status: 'completed', draftId });
  } catch (error) {
    if (error instanceof HttpError && error.expose) return await fail(error.message);
    if (delivery.receiveCount >= delivery.maxReceiveCount) {
      await fail(reasonOf(error));
      return { outcome: 'failed' };
    }
    await releaseBatchContact(deps.db, key, token).catch((releaseError: unknown) =>
      // the lock runs out anyway; the retry waits for it
      deps.logger.warn('could not give a claim back', { contactId, error: releaseError as Error }),
    );
    await generating.catch(() => {});
    throw error;
  }
};
