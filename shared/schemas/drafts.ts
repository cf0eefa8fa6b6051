import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema.js';

/** SPEC §3 'Draft' / §4 'Draft'. */
export const draftTypes = ['initial_outreach', 'reply', 'follow_up'] as const;
export const draftStatuses = ['draft', 'sending', 'sent', 'failed', 'archived'] as const;
export type DraftType = (typeof draftTypes)[number];
export type DraftStatus = (typeof draftStatuses)[number];

const id = /* @__PURE__ */ lazySchema(() => z.string().check(z.minLength(1), z.maxLength(64)));
/** the longest subject and body a draft keeps (an e-mail, not a document); the item stays far below 400 KB */
export const maxSubjectLength = 1000;
export const maxBodyLength = 100_000;

/**
 * SPEC §3 'Draft' attachments: a file the e-mail carries. A draft that names its attachments (even none) sends exactly
 * those; one that names none yet sends what shared/draft-attachments.ts `attachedSources` gives by default.
 */
export const draftAttachmentSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: z.string().check(z.minLength(1), z.maxLength(255)),
    /** where the file is: 'resume' or 'cover_letter' of the user's documents, or a URL */
    source: z.string().check(z.minLength(1), z.maxLength(2048)),
    contentType: z.optional(z.string().check(z.maxLength(255))),
    size: z.optional(z.int().check(z.nonnegative())),
  }),
);

/** placeholder -> alternatives the user may pick (SPEC §3 'AI e-mail response') */
export const placeholderAlternativesSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .record(
      z.string().check(z.minLength(1), z.maxLength(200)),
      z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(20)),
    )
    .check(
      z.refine((value) => Object.keys(value).length <= maxPlaceholderAlternatives, {
        message: `At most ${maxPlaceholderAlternatives} placeholders`,
      }),
    )
    .check(
      z.refine((value) => JSON.stringify(value).length <= maxPlaceholderAlternativesLength, {
        message: 'The placeholder alternatives are too long',
      }),
    ),
);
/** How many placeholders an e-mail's alternatives name at most, and their size as JSON. */
export const maxPlaceholderAlternatives = 50;
export const maxPlaceholderAlternativesLength = 20_000;

/**
 * A draft on the wire (SPEC §3 'Draft'): camelCase, string ULID ids (DESIGN §8). `conversationId` is null for an
 * initial outreach; `status` is the send state (draft -> sending -> sent | failed, or archived).
 */
export const draftSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    userId: z.string(),
    contactId: z.string(),
    conversationId: z.nullable(z.string()),
    draftType: z.enum(draftTypes),
    status: z.enum(draftStatuses),
    isPrimary: z.boolean(),
    createdFromTemplate: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    subject: z.optional(z.string()),
    body: z.optional(z.string()),
    /** the person's choice of what this e-mail carries; absent until they chose (shared/draft-attachments.ts) */
    attachments: z.optional(z.array(draftAttachmentSchema)),
    placeholderAlternatives: z.optional(placeholderAlternativesSchema),
    scheduledSendTime: z.optional(z.string()),
    sentAt: z.optional(z.string()),
    sentMessageId: z.optional(z.string()),
    expiresAt: z.optional(z.string()),
    /** Why a send failed, as the UI shows it (status `failed`) */
    failureReason: z.optional(z.string()),
    /** Why a queued send waits (the sending guard: daily cap, spreading, a provider's Retry-After) */
    sendWaitReason: z.optional(z.string()),
    /** The earliest time the sending guard lets this send go */
    sendAfter: z.optional(z.string()),
    /** The mailbox it leaves (or left) from */
    mailboxId: z.optional(z.string()),
    /** A step of a sequence (DESIGN §9): the sequence, and which of its steps (0-based) */
    sequenceId: z.optional(z.string()),
    sequenceStep: z.optional(z.int().check(z.nonnegative())),
  }),
);
export type Draft = z.infer<typeof draftSchema>;

export const draftIdParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ id }));
export const draftContactParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ contactId: id }));

/** GET /api/drafts/contact/{contactId}?primary=true|false: the primary draft (or null), or every draft of the contact */
export const contactDraftsQuery = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    primary: z.optional(z.enum(['true', 'false'])),
    /** SPEC §6: draft reads add a cache-busting `_t` */
    _t: z.optional(z.string().check(z.maxLength(64))),
  }),
);
export const contactDraftsResponse = /* @__PURE__ */ lazySchema(() =>
  z.union([z.nullable(draftSchema), z.array(draftSchema)]),
);

/** GET /api/drafts: every draft of the user, sorted as SPEC §4 says */
export const listDraftsQuery = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ _t: z.optional(z.string().check(z.maxLength(64))) }),
);
export const draftListSchema = /* @__PURE__ */ lazySchema(() => z.array(draftSchema));

const editable = {
  subject: /* @__PURE__ */ lazySchema(() => z.optional(z.string().check(z.maxLength(maxSubjectLength)))),
  body: /* @__PURE__ */ lazySchema(() => z.optional(z.string().check(z.maxLength(maxBodyLength)))),
  attachments: /* @__PURE__ */ lazySchema(() => z.optional(z.array(draftAttachmentSchema).check(z.maxLength(10)))),
  placeholderAlternatives: /* @__PURE__ */ lazySchema(() => z.optional(placeholderAlternativesSchema)),
  scheduledSendTime: /* @__PURE__ */ lazySchema(() => z.optional(z.nullable(z.iso.datetime({ offset: true })))),
  isPrimary: /* @__PURE__ */ lazySchema(() => z.optional(z.boolean())),
};

/**
 * POST /api/drafts: a new draft. `contactId` and, for a reply or follow-up, `conversationId` are checked by the
 * service so their absence answers SPEC §5's own messages. Defaults: `initial_outreach`, `isPrimary` true.
 */
export const createDraftBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    contactId: z.optional(id),
    conversationId: z.optional(z.nullable(id)),
    draftType: z.optional(z.enum(draftTypes)),
    createdFromTemplate: z.optional(z.boolean()),
    ...editable,
  }),
);

/** PATCH /api/drafts/{id}: at least one field, else 'No valid fields to update' (SPEC §5). */
export const updateDraftBody = /* @__PURE__ */ lazySchema(() => z.object(editable));

/** POST /api/drafts/{id}/send (DESIGN §8) */
export const sendDraftBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ scheduledSendTime: z.optional(z.iso.datetime({ offset: true })) }),
);

/** A message of the `send` queue (shared/queues.ts): one draft of one user, moved to `sending` by its send. */
export const sendMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ uid: z.string().check(z.minLength(1)), draftId: z.string().check(z.minLength(1)) }),
);
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const deletedSchema = /* @__PURE__ */ lazySchema(() => z.object({ deleted: z.boolean() }));
export const clearPrimarySchema = /* @__PURE__ */ lazySchema(() => z.object({ cleared: z.boolean() }));

/** The texts of SPEC §5 'Draft' rules (and of this issue's send), answered as 400s/409s. */
export const draftMessages = {
  noValidFields: 'No valid fields to update',
  contactIdRequired: 'contactId is required to save a draft',
  conversationIdRequired: (type: 'reply' | 'follow_up') =>
    `conversationId is required to save a ${type === 'reply' ? 'reply' : 'follow-up'} draft`,
  initialWithConversation: 'Initial outreach cannot be associated with a conversation',
  requiresConversation: (type: DraftType) =>
    `${{ initial_outreach: 'Initial Email', reply: 'Reply', follow_up: 'Follow-up' }[type]} drafts require a conversation`,
  replyAlreadySent: 'A reply has already been sent for this conversation',
  followUpBeforeReply: 'Cannot send follow-up before sending a reply',
  /** SPEC §5: the browser's checks of what a draft route answered */
  invalidResponse: 'Invalid draft response format',
  expectedArray: 'Expected array of drafts',
  /** SPEC §2 'E-mail connection popover': sending needs a connected mailbox */
  mailboxNotConnected:
    'No email connected. Connect your email to start sending outreach messages: choose Connect Gmail or Connect Outlook in the Email Connection menu at the top of the page.',
  notEditable: 'This draft is being sent or was sent, so it can no longer be changed.',
  alreadySent: 'This draft is being sent or was sent already.',
  tooLarge:
    'This draft is too large to save: together its fields may hold at most 400 KB. Shorten its body or attachments and try again.',
  /** The send's own refusals and the reasons a send waits or failed (shown in Outreach) */
  mailboxExpired: (email: string) =>
    `Your email connection ${email} has expired. Reconnect it in the Email Connection menu to send.`,
  unusableAddress: 'This contact has no verified e-mail address to send to. Find or verify their e-mail address first.',
  /** DESIGN §9: a risky (accept-all) address is sent to once the person confirmed it for the contact */
  unconfirmedAddress: (email: string) =>
    `${email} is a risky address: its mail server accepts any address, so it could not be verified. Confirm this address for the contact to send to it.`,
  invalidAddress: (email: string) =>
    `${email} does not exist, the verifier says, so nothing is sent to it. Find or enter another address first.`,
  doNotContact: (email: string) => `${email} is on your do-not-contact list, so nothing is sent to it.`,
  scheduleTooFar: 'A send can be scheduled at most a year ahead.',
  /** a send of what the contact should never read: an empty e-mail, or one with a spot nobody filled */
  incomplete: 'Write a subject and a body before sending.',
  unfilledPlaceholders: (names: readonly string[]) =>
    `Fill ${names.length === 1 ? 'this spot' : 'these spots'} before sending: ${names.map((name) => `{{${name}}}`).join(', ')}.`,
  mailboxGone: 'The email connection this was to be sent from was removed. Connect your email and send it again.',
  reconnectToSend: (email: string) =>
    `Your email connection ${email} has expired, so this e-mail was not sent. Reconnect it and send it again.`,
  rejected: (detail: string) => `The e-mail provider refused this e-mail: ${detail}`,
  /** an Outlook mailbox connected before the app asked to create drafts, on an e-mail over Graph's 4 MB */
  reconnectForLargeMail: (email: string) =>
    `This e-mail with its attachments is over 4 MB, which Outlook sends only as a draft, and ${email} was connected before the app asked for permission to create drafts. Reconnect it in the Email Connection menu and send it again.`,
  providerDown: 'The e-mail provider could not be reached; the send is tried again shortly.',
  providerGaveUp: 'The e-mail provider could not be reached after several tries. Send it again later.',
  dailyCap: (cap: number, email: string) => `Daily sending limit of ${cap} reached for ${email}; it goes out tomorrow.`,
  spreading: (seconds: number, email: string) => `Waiting ${seconds} s to spread sends from ${email}`,
  rateLimited: (seconds: number, email: string) =>
    `The e-mail provider asked to slow down; sending from ${email} resumes in ${seconds} s`,
} as const;
