import * as z from 'zod/mini';
import { unsendableReasons } from '../addresses.js';
import { lazySchema } from '../lazy-schema.js';
import { draftTypes } from './drafts.js';

/**
 * The AI-written e-mails (DESIGN §8 'AI', SPEC §3 'AI e-mail response'): one at a time, or a batch of up to 100
 * contacts through the `ai-generation` queue. Ids are ULID strings; keys camelCase.
 */

const id = /* @__PURE__ */ lazySchema(() => z.string().check(z.minLength(1), z.maxLength(64)));
/** what the user adds to the prompt ("mention my talk at ...") */
const instructions = /* @__PURE__ */ lazySchema(() => z.string().check(z.trim(), z.maxLength(2000)));

/** POST /ai/generate-ai-email */
export const generateEmailBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    contactId: id,
    templateId: z.optional(id),
    instructions: z.optional(instructions),
    /**
     * the conversation answered (DESIGN §9 'Answering a reply'): the e-mail is written from its thread so far, the
     * contact's latest message last
     */
    conversationId: z.optional(id),
    /** @default 'reply' with a conversation, else 'initial_outreach' */
    draftType: z.optional(z.enum(draftTypes)),
    /**
     * keep the e-mail: as the contact's primary `initial_outreach` draft, or as the conversation's unsent `reply` draft
     * (that one rewritten when there is one) @default true
     */
    save: z.optional(z.boolean()),
  }),
);
export type GenerateEmailBody = z.infer<typeof generateEmailBody>;

/** Spots the model could not fill, by placeholder name, with the choices it offers for each. */
export const placeholderAlternativesSchema = /* @__PURE__ */ lazySchema(() =>
  z.record(z.string(), z.array(z.string())),
);

export const generatedEmailSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    subject: z.string(),
    body: z.string(),
    placeholderAlternatives: z.optional(placeholderAlternativesSchema),
    /** the saved draft's id (absent with `save: false`) */
    draftId: z.optional(z.string()),
  }),
);
export type GeneratedEmail = z.infer<typeof generatedEmailSchema>;

/** POST /api/outreach/generate */
export const generateBatchBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    contactIds: z.array(id).check(z.minLength(1), z.maxLength(100)),
    templateId: z.optional(id),
    instructions: z.optional(instructions),
    /**
     * write for contacts without an address that may be sent to as well (DESIGN §9: shared/addresses.ts); without it
     * they are skipped and the answer says which and why @default false
     */
    includeUnverified: z.optional(z.boolean()),
  }),
);
export type GenerateBatchBody = z.infer<typeof generateBatchBody>;

/** A contact a batch left out, and why (shared/addresses.ts `unsendableReason`). */
export const skippedContactSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ contactId: z.string(), reason: z.enum(unsendableReasons) }),
);
export type SkippedContact = z.infer<typeof skippedContactSchema>;

/** `total` counts the contacts written for; `skipped` those left out (none with `includeUnverified`). */
export const batchStartedSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ batchId: z.string(), total: z.int(), skipped: z.array(skippedContactSchema) }),
);

export const batchItemStatuses = ['queued', 'generating', 'completed', 'failed'] as const;
export type BatchItemStatus = (typeof batchItemStatuses)[number];

export const batchIdParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ batchId: id }));

/** GET /api/outreach/batches/{batchId} */
export const batchProgressSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    batchId: z.string(),
    total: z.int(),
    completed: z.int(),
    failed: z.int(),
    items: z.array(
      z.object({
        contactId: z.string(),
        status: z.enum(batchItemStatuses),
        draftId: z.optional(z.string()),
        error: z.optional(z.string()),
      }),
    ),
  }),
);
export type BatchProgress = z.infer<typeof batchProgressSchema>;

/** A message of the `ai-generation` queue (shared/queues.ts): one contact of one batch. */
export const generationMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    uid: z.string().check(z.minLength(1)),
    batchId: z.string().check(z.minLength(1)),
    contactId: z.string().check(z.minLength(1)),
    templateId: z.optional(z.string().check(z.minLength(1))),
    instructions: z.optional(z.string()),
    /**
     * the contact as read when the batch started (its stored item), so a first delivery writes while it claims; absent
     * when it would make the message too large (lambdas/ai/generation.ts `withContact`)
     */
    contact: z.optional(z.record(z.string(), z.unknown())),
  }),
);
export type GenerationMessage = z.infer<typeof generationMessageSchema>;
