import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema.js';

/**
 * Sequences (DESIGN §9 'Sequences'): a named list of 1-6 follow-up steps, each sent as a `follow_up` draft in the
 * contact's conversation some days after the e-mail before it, at a time of day; and the contacts enrolled in one.
 */

const id = z.string().check(z.minLength(1), z.maxLength(64));

/** The texts the server answers with, once. */
export const sequenceMessages = {
  notFound: 'Sequence not found',
  enrollmentNotFound: 'This contact is not enrolled in this sequence',
  templateNotFound: 'A step names a template you do not have',
  instructionsOrTemplate: 'An AI step takes instructions; a template step names its template',
  notActive: 'Only an active enrolment can be paused or skipped',
  notPaused: 'Only a paused enrolment can be resumed',
  ended: 'This enrolment has ended',
  /** why a contact was not enrolled */
  skipped: {
    contactNotFound: 'Contact not found',
    alreadyEnrolled: 'Already in an active sequence',
    replied: 'Already replied',
    doNotContact: 'On your do-not-contact list',
  },
} as const;

export const sequenceStepSources = ['ai', 'template'] as const;

export const sequenceStepSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    delayDays: z.int().check(z.gte(1), z.lte(60)),
    businessDaysOnly: z.boolean(),
    /** the time of day it goes, in the contact's time zone (when known and `recipientTimeZone`), else the user's */
    sendTime: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm')),
    source: z.enum(sequenceStepSources),
    templateId: z.optional(id),
    instructions: z.optional(z.string().check(z.maxLength(2000))),
  }),
);
export type SequenceStep = z.infer<typeof sequenceStepSchema>;

export const sequenceBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
    steps: z.array(sequenceStepSchema).check(z.minLength(1), z.maxLength(6)),
    recipientTimeZone: z._default(z.boolean(), true),
  }),
);
export type SequenceBody = z.infer<typeof sequenceBody>;

/** One step's numbers, or the sequence's (its steps summed). `positive`: interested and referral answers. */
export const sequenceCountsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    sent: z.int().check(z.nonnegative()),
    replied: z.int().check(z.nonnegative()),
    positive: z.int().check(z.nonnegative()),
    bounced: z.int().check(z.nonnegative()),
    unsubscribed: z.int().check(z.nonnegative()),
  }),
);
export type SequenceCounts = z.infer<typeof sequenceCountsSchema>;

export const sequenceSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    steps: z.array(sequenceStepSchema),
    recipientTimeZone: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** how many contacts are enrolled, in any state (additive to DESIGN §9) */
    enrolled: z.optional(z.int().check(z.nonnegative())),
  }),
);
export type Sequence = z.infer<typeof sequenceSchema>;

/** GET /api/sequences/{id}: the sequence with its numbers (additive to DESIGN §9: per sequence and per step). */
export const sequenceDetailSchema = /* @__PURE__ */ lazySchema(() =>
  z.extend(sequenceSchema, {
    stats: z.object({
      enrolled: z.int().check(z.nonnegative()),
      total: sequenceCountsSchema,
      /** the initial e-mail first, then each step */
      steps: z.array(sequenceCountsSchema),
    }),
  }),
);
export type SequenceDetail = z.infer<typeof sequenceDetailSchema>;

export const sequenceIdParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ id }));
export const enrollmentParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ id, contactId: id }));

export const enrollBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ contactIds: z.array(id).check(z.minLength(1), z.maxLength(100)) }),
);
export const enrollResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    enrolled: z.int().check(z.nonnegative()),
    skipped: z.array(z.object({ contactId: z.string(), reason: z.string() })),
  }),
);

export const enrollmentStatuses = ['active', 'paused', 'stopped', 'finished'] as const;
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];
export const stoppedReasons = ['replied', 'bounced', 'unsubscribed', 'meeting', 'removed', 'manual'] as const;
export type StoppedReason = (typeof stoppedReasons)[number];

export const enrollmentSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    contactId: z.string(),
    status: z.enum(enrollmentStatuses),
    /** the step sent next (0-based; equal to the number of steps sent) */
    stepIndex: z.int().check(z.nonnegative()),
    nextSendAt: z.optional(z.string()),
    pausedUntil: z.optional(z.string()),
    stoppedReason: z.optional(z.enum(stoppedReasons)),
    /** additive: the sequence it is in, when it was enrolled, what it waits for, the draft of its next step */
    sequenceId: z.string(),
    enrolledAt: z.string(),
    waitReason: z.optional(z.string()),
    draftId: z.optional(z.string()),
  }),
);
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const enrollmentActions = ['pause', 'resume', 'skip', 'stop'] as const;
export const enrollmentActionBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ action: z.enum(enrollmentActions) }),
);

export const contactEnrollmentParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ contactId: id }));
/** GET /api/sequence-enrollments/{contactId}: the contact's enrolment (the newest) with its sequence's name, or null */
export const contactEnrollmentSchema = /* @__PURE__ */ lazySchema(() =>
  z.nullable(z.extend(enrollmentSchema, { sequenceName: z.string() })),
);
