import { ulid } from 'ulid';
import type { ConversationEmail } from '../../shared/schemas/conversations.js';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import {
  type Enrollment,
  type SequenceBody,
  type SequenceCounts,
  type SequenceDetail,
  sequenceMessages,
  type StoppedReason,
} from '../../shared/schemas/sequences.js';
import type { Sequence } from '../../shared/schemas/sequences.js';
import { messages } from '../../shared/messages.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import { type ContactItem, getContact } from '../data/contact.js';
import { contactConversations } from '../data/conversation.js';
import { AlsoWriteRefusedError, type DraftItem } from '../data/draft.js';
import type { TransactionWrite } from '../data/entity/transaction.js';
import {
  countEnrollments,
  deleteSequenceItem,
  type EnrollmentItem,
  type EnrollmentOutcome,
  enrollmentWrite,
  getEnrollment,
  getSequence,
  putSequence,
  replaceSequence,
  type SequenceItem,
  sequenceEnrollments,
  userSequences,
  writeEnrollment,
} from '../data/sequence.js';
import { getTemplate } from '../templates/index.js';
import { getUserProfile } from '../data/user-profile.js';
import { addDoNotContact, getConversation, isDoNotContact } from '../conversations/index.js';
import {
  changeContactDrafts,
  type DraftWriteDeps,
  followUpText,
  publishSaved,
  replySubject,
  sendTarget,
} from '../drafts/index.js';
import { contactTimeZone, resumeTime, stepSendTime } from './send-time.js';

/** A step written by AI: the follow-up's subject and body from the thread so far, or null when the model could not. */
export type WriteAiStep = (
  uid: string,
  input: { contactId: string; conversationId: string; instructions?: string | undefined },
) => Promise<{ subject: string; body: string } | null>;

/** A template of the user filled in for a contact (lambdas/ai/template-values.ts), null when it is gone. */
export type RenderStepTemplate = (
  db: DraftWriteDeps['db'],
  uid: string,
  templateId: string,
  contact: ContactItem,
) => Promise<{ subject: string; body: string } | null>;

export type SequencesDeps = DraftWriteDeps & { writeAi: WriteAiStep; renderTemplate: RenderStepTemplate };

const iso = (at: Date) => at.toISOString();

const toWireSequence = (item: SequenceItem): Sequence => {
  const { userId: _uid, ...sequence } = item;
  return sequence;
};

export const toWireEnrollment = (item: EnrollmentItem): Enrollment => ({
  contactId: item.contactId,
  sequenceId: item.sequenceId,
  status: item.status,
  stepIndex: item.stepIndex,
  enrolledAt: item.enrolledAt,
  ...(item.nextSendAt && (item.status === 'active' || item.status === 'paused') ? { nextSendAt: item.nextSendAt } : {}),
  ...(item.pausedUntil && item.status === 'paused' ? { pausedUntil: item.pausedUntil } : {}),
  ...(item.stoppedReason && item.status === 'stopped' ? { stoppedReason: item.stoppedReason } : {}),
  ...(item.waitReason && item.status === 'active' ? { waitReason: item.waitReason } : {}),
  ...(item.draftId && (item.status === 'active' || item.status === 'paused') ? { draftId: item.draftId } : {}),
});

const ownSequence = async (deps: DraftWriteDeps, uid: string, sequenceId: string) => {
  const sequence = await getSequence(deps.db, uid, sequenceId);
  if (!sequence) throw notFound(sequenceMessages.notFound);
  return sequence;
};

/** Each template step names a template of the user; an AI step may carry instructions. */
const checkSteps = async (deps: DraftWriteDeps, uid: string, body: SequenceBody) => {
  for (const step of body.steps) {
    if (step.source === 'template') {
      if (!step.templateId) throw badRequest(sequenceMessages.instructionsOrTemplate);
      if (!(await getTemplate(deps.db, uid, step.templateId))) throw badRequest(sequenceMessages.templateNotFound);
    }
  }
};

// ---- sequences ----------------------------------------------------------------------------------------------------

/** GET /api/sequences: each with how many contacts it enrolled (one COUNT query per sequence, side by side). */
export const listSequences = async (deps: DraftWriteDeps, uid: string): Promise<Sequence[]> => {
  const items = await userSequences(deps.db, uid);
  const counts = await Promise.all(items.map((item) => countEnrollments(deps.db, uid, item.id)));
  return items
    .map((item, index) => ({ ...toWireSequence(item), enrolled: counts[index] }))
    .sort((a, b) => b.id.localeCompare(a.id));
};

export const createSequence = async (deps: DraftWriteDeps, uid: string, body: SequenceBody): Promise<Sequence> => {
  await checkSteps(deps, uid, body);
  const now = iso(deps.now());
  const item: SequenceItem = { id: ulid(deps.now().getTime()), userId: uid, ...body, createdAt: now, updatedAt: now };
  await putSequence(deps.db, item);
  return toWireSequence(item);
};

export const updateSequence = async (
  deps: DraftWriteDeps,
  uid: string,
  sequenceId: string,
  body: SequenceBody,
): Promise<Sequence> => {
  const current = await ownSequence(deps, uid, sequenceId);
  await checkSteps(deps, uid, body);
  const next: SequenceItem = { ...current, ...body, updatedAt: iso(deps.now()) };
  if (!(await replaceSequence(deps.db, next))) throw notFound(sequenceMessages.notFound);
  return toWireSequence(next);
};

const zero = (): SequenceCounts => ({ sent: 0, replied: 0, positive: 0, bounced: 0, unsubscribed: 0 });

/**
 * The numbers of a sequence (issue 'Analytics that do not lie'): per e-mail of it (the initial one, then each step)
 * how many were sent, and how many of the contacts answered after it (replied; positive: interested or referral),
 * bounced or unsubscribed. An out-of-office is no answer.
 */
export const sequenceStats = (sequence: Pick<Sequence, 'steps'>, enrollments: readonly EnrollmentItem[]) => {
  const steps = Array.from({ length: sequence.steps.length + 1 }, zero);
  for (const enrollment of enrollments) {
    const sentEmails = (enrollment.initialSent ? 1 : 0) + enrollment.stepIndex - (enrollment.skipped ?? 0);
    for (let index = 0; index < Math.min(sentEmails, steps.length); index += 1)
      (steps[index] as SequenceCounts).sent += 1;
    const outcome = enrollment.outcome;
    const at = outcome ? steps[Math.min(Math.max(outcome.afterEmails - 1, 0), steps.length - 1)] : undefined;
    if (outcome && at) {
      if (outcome.kind === 'replied') at.replied += 1;
      if (outcome.kind === 'replied' && outcome.positive) at.positive += 1;
      if (outcome.kind === 'bounced') at.bounced += 1;
      if (outcome.kind === 'unsubscribed') at.unsubscribed += 1;
    }
  }
  const total = steps.reduce((sum, step) => {
    for (const key of Object.keys(sum) as (keyof SequenceCounts)[]) sum[key] += step[key];
    return sum;
  }, zero());
  return { enrolled: enrollments.length, total, steps };
};

export const sequenceDetail = async (
  deps: DraftWriteDeps,
  uid: string,
  sequenceId: string,
): Promise<SequenceDetail> => {
  const sequence = await ownSequence(deps, uid, sequenceId);
  const enrollments = await sequenceEnrollments(deps.db, uid, sequenceId);
  return { ...toWireSequence(sequence), enrolled: enrollments.length, stats: sequenceStats(sequence, enrollments) };
};

/** DELETE: the sequence goes; its contacts still in it stop (their unsent steps called off). */
export const deleteSequence = async (deps: SequencesDeps, uid: string, sequenceId: string) => {
  await ownSequence(deps, uid, sequenceId);
  for (const enrollment of await sequenceEnrollments(deps.db, uid, sequenceId)) {
    if (enrollment.status === 'active' || enrollment.status === 'paused')
      await stop(deps, uid, enrollment.contactId, 'manual');
  }
  await deleteSequenceItem(deps.db, uid, sequenceId);
  return { deleted: true };
};

// ---- enrolments -----------------------------------------------------------------------------------------------------

const isRunning = (enrollment: EnrollmentItem | null): enrollment is EnrollmentItem =>
  enrollment?.status === 'active' || enrollment?.status === 'paused';

/** The contact's conversation its outreach opened (the newest), with whether the initial e-mail left in it. */
const outreachConversation = async (deps: DraftWriteDeps, uid: string, contactId: string) =>
  (await contactConversations(deps.db, uid, contactId))[0] ?? null;

/**
 * POST /api/sequences/{id}/enrollments (DESIGN §9): each contact not in another running sequence, not answered yet and
 * not on the do-not-contact list is enrolled. One whose initial e-mail was sent gets its first step timed from that
 * send, written by the sequences stream (its auto follow-up called off: the sequence replaces it); the others start
 * when it is sent.
 */
export const enroll = async (deps: SequencesDeps, uid: string, sequenceId: string, contactIds: readonly string[]) => {
  await ownSequence(deps, uid, sequenceId);
  const skipped: { contactId: string; reason: string }[] = [];
  let enrolled = 0;
  for (const contactId of new Set(contactIds)) {
    const contact = await getContact(deps.db, uid, contactId);
    if (!contact) {
      skipped.push({ contactId, reason: sequenceMessages.skipped.contactNotFound });
      continue;
    }
    const current = await getEnrollment(deps.db, uid, contactId);
    if (current?.status === 'active' || current?.status === 'paused') {
      skipped.push({ contactId, reason: sequenceMessages.skipped.alreadyEnrolled });
      continue;
    }
    const target = sendTarget(contact);
    if ('to' in target && (await isDoNotContact(deps.db, uid, target.to))) {
      skipped.push({ contactId, reason: sequenceMessages.skipped.doNotContact });
      continue;
    }
    const conversation = await outreachConversation(deps, uid, contactId);
    if (conversation && (conversation.replyStatus === 'REPLY_RECEIVED' || conversation.replyStatus === 'bounced')) {
      skipped.push({ contactId, reason: sequenceMessages.skipped.replied });
      continue;
    }
    const now = iso(deps.now());
    const started = Boolean(conversation?.lastEmailSentAt);
    const enrollment: EnrollmentItem = {
      userId: uid,
      contactId,
      sequenceId,
      status: 'active',
      stepIndex: 0,
      enrolledAt: now,
      initialSent: started,
      updatedAt: now,
      version: 0,
      ...(conversation && started ? { conversationId: conversation.id } : {}),
      ...(conversation?.mailboxId && started ? { mailboxId: conversation.mailboxId } : {}),
      // its first step, timed from that send, is written by the sequences stream (onEnrollmentChange)
      ...(started && conversation?.lastEmailSentAt ? { stepFrom: conversation.lastEmailSentAt } : {}),
    };
    if (!(await writeEnrollment(deps.db, current ? { version: current.version } : null, enrollment))) {
      skipped.push({ contactId, reason: sequenceMessages.skipped.alreadyEnrolled });
      continue;
    }
    enrolled += 1;
  }
  return { enrolled, skipped };
};

export const listEnrollments = async (deps: DraftWriteDeps, uid: string, sequenceId: string) => {
  await ownSequence(deps, uid, sequenceId);
  return (await sequenceEnrollments(deps.db, uid, sequenceId))
    .sort((a, b) => a.enrolledAt.localeCompare(b.enrolledAt) || a.contactId.localeCompare(b.contactId))
    .map(toWireEnrollment);
};

/** The contact's enrolment, or null when it is in none; 404 when the user has no such contact (another user's id). */
export const contactEnrollment = async (deps: DraftWriteDeps, uid: string, contactId: string) => {
  const enrollment = await getEnrollment(deps.db, uid, contactId);
  if (!enrollment) {
    if (!(await getContact(deps.db, uid, contactId))) throw notFound(messages.contacts.notFound);
    return null;
  }
  const sequence = await getSequence(deps.db, uid, enrollment.sequenceId);
  return sequence ? { ...toWireEnrollment(enrollment), sequenceName: sequence.name } : null;
};

/** Unsent steps of the enrolment's sequence among the contact's drafts (scheduled, or back to draft by a pause). */
const pendingSteps = (drafts: readonly DraftItem[], sequenceId: string) =>
  drafts.filter(
    (draft) =>
      draft.sequenceId === sequenceId &&
      (draft.status === 'sending' || draft.status === 'draft' || draft.status === 'failed'),
  );

const offTheSchedule = (draft: DraftItem, now: string, status: 'archived' | 'draft'): DraftItem => {
  const { dueAt: _due, guardSlot: _slot, sendAfter: _after, sendWaitReason: _reason, ...rest } = draft;
  return { ...rest, status, updatedAt: now };
};

/**
 * Writes a change of the contact's step drafts and of its enrolment in ONE transaction (the enrolment on the condition
 * that it is still the one read): `plan` answers the drafts to put and the enrolment after. Read again when either
 * changed meanwhile; null when `plan` declines.
 */
const changeEnrollment = async (
  deps: DraftWriteDeps,
  uid: string,
  contactId: string,
  plan: (enrollment: EnrollmentItem, drafts: readonly DraftItem[]) => { put: DraftItem[]; next: EnrollmentItem } | null,
): Promise<{ enrollment: EnrollmentItem; put: DraftItem[] } | null> => {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const read = await getEnrollment(deps.db, uid, contactId);
    if (!read) return null;
    // the enrolment's write joins the drafts' transaction once planned (read when it is written)
    const options: { requireContact: boolean; also: TransactionWrite[] } = { requireContact: false, also: [] };
    try {
      const written = await changeContactDrafts(
        deps,
        uid,
        contactId,
        (state) => {
          const planned = plan(read, state.drafts);
          if (!planned) return { change: null, result: null };
          const next = { ...planned.next, version: read.version + 1 };
          options.also = [enrollmentWrite(deps.db, read, next)];
          const added = planned.put.filter((draft) => !state.list.draftIds.includes(draft.id)).map((draft) => draft.id);
          return {
            change: {
              put: planned.put,
              remove: [],
              list: { ...state.list, draftIds: [...state.list.draftIds, ...added] },
            },
            result: { enrollment: next, put: planned.put },
          };
        },
        options,
      );
      if (written?.put.length) await publishSaved(deps, uid, written.put);
      return written;
    } catch (error) {
      if (error instanceof AlsoWriteRefusedError) continue;
      throw error;
    }
  }
  throw conflict();
};

/**
 * Where the contact is: a `location` the contact carries (item fields of its LinkedIn data), else that of its current
 * position (SPEC §3 'Experience entry').
 */
const locationOf = (contact: ContactItem | null) => {
  const own = (contact as { location?: unknown } | null)?.location;
  if (typeof own === 'string' && own.trim()) return own;
  const experiences = contact?.experiences ?? [];
  return (experiences.find((entry) => entry.isCurrent) ?? experiences[0])?.location ?? null;
};

/** The time zone a step of `sequence` is timed in for `contact`: theirs when known and asked for, else the user's. */
const timeZoneFor = async (deps: DraftWriteDeps, uid: string, sequence: SequenceItem, contact: ContactItem | null) => {
  const own = sequence.recipientTimeZone ? await contactTimeZone(locationOf(contact)) : null;
  if (own) return own;
  const profile = await getUserProfile(deps.db, uid, ['settings']);
  return profile?.settings?.timeZone ?? settingsDefaults.timeZone;
};

const firstNameOf = (contact: ContactItem | null) =>
  contact?.firstName?.trim() || contact?.name?.trim().split(/\s+/)[0] || null;

/** A step's e-mail: from its template, or by AI from the thread (the short default follow-up should the model fail). */
const stepText = async (
  deps: SequencesDeps,
  uid: string,
  input: { sequence: SequenceItem; stepIndex: number; contact: ContactItem | null; conversationId: string },
) => {
  const step = input.sequence.steps[input.stepIndex];
  const conversation = await getConversation(deps.db, uid, input.conversationId);
  const threadSubject = conversation?.subject ?? '';
  const profile = await getUserProfile(deps.db, uid, ['displayName', 'firstName', 'lastName']);
  const sender =
    profile?.displayName?.trim() || [profile?.firstName, profile?.lastName].filter(Boolean).join(' ') || null;
  const fallback = followUpText({ subject: threadSubject, firstName: firstNameOf(input.contact), senderName: sender });
  if (!step || !input.contact) return fallback;
  const written =
    step.source === 'template' && step.templateId
      ? await deps.renderTemplate(deps.db, uid, step.templateId, input.contact)
      : await deps
          .writeAi(uid, {
            contactId: input.contact.contactId,
            conversationId: input.conversationId,
            instructions: step.instructions,
          })
          .catch((error: unknown) => {
            deps.logger?.warn('a sequence step was not written by AI; the default follow-up is used', { error });
            return null;
          });
  // the thread's subject (`Re: ...`) whatever the template's: the step answers in the same thread
  return written ? { subject: replySubject(threadSubject), body: written.body } : fallback;
};

/**
 * Writes the enrolment's next step as a `follow_up` draft in its conversation, scheduled at its time (DESIGN §9):
 * `after` is when the e-mail before it left (or, for a skipped step, now). Visible (and editable until it is due) in
 * Outreach; the due-sends job sends it. With no step left, the enrolment is finished.
 */
const writeNextStep = async (
  deps: SequencesDeps,
  uid: string,
  contactId: string,
  input: {
    sequence?: SequenceItem;
    after: Date;
    sentDraftId?: string;
    sentMailboxId?: string;
    sentConversationId?: string;
  },
) => {
  const read = await getEnrollment(deps.db, uid, contactId);
  if (!isRunning(read)) return null;
  const sequence = input.sequence ?? (await getSequence(deps.db, uid, read.sequenceId));
  const contact = await getContact(deps.db, uid, contactId);
  const conversationId = input.sentConversationId ?? read.conversationId;
  if (!sequence || !conversationId) return null;
  const step = sequence.steps[read.stepIndex];
  const text = step
    ? await stepText(deps, uid, { sequence, stepIndex: read.stepIndex, contact, conversationId })
    : null;
  const at = step ? stepSendTime(input.after, step, await timeZoneFor(deps, uid, sequence, contact)) : null;
  const now = iso(deps.now());
  return changeEnrollment(deps, uid, contactId, (enrollment, drafts) => {
    if (!isRunning(enrollment) || enrollment.sequenceId !== sequence.id) return null;
    if (input.sentDraftId && enrollment.lastSentDraftId === input.sentDraftId) return null;
    // a step already written for this index (a change delivered again) stays
    if (pendingSteps(drafts, sequence.id).some((draft) => draft.sequenceStep === enrollment.stepIndex)) return null;
    const base: EnrollmentItem = {
      ...enrollment,
      conversationId,
      ...((input.sentMailboxId ?? enrollment.mailboxId)
        ? { mailboxId: input.sentMailboxId ?? enrollment.mailboxId }
        : {}),
      ...(input.sentDraftId ? { lastSentDraftId: input.sentDraftId } : {}),
      updatedAt: now,
    };
    if (!step || !text || !at) {
      const { nextSendAt: _next, draftId: _draft, waitReason: _wait, stepFrom: _from, ...rest } = base;
      return { put: [], next: { ...rest, status: 'finished' } };
    }
    const mailboxId = base.mailboxId;
    const draft: DraftItem = {
      id: ulid(deps.now().getTime()),
      userId: uid,
      contactId,
      conversationId,
      draftType: 'follow_up',
      status: mailboxId ? 'sending' : 'draft',
      isPrimary: false,
      createdFromTemplate: step.source === 'template',
      createdAt: now,
      updatedAt: now,
      subject: text.subject,
      body: text.body,
      scheduledSendTime: iso(at),
      ...(mailboxId ? { dueAt: iso(at), mailboxId } : {}),
      sequenceId: sequence.id,
      sequenceStep: enrollment.stepIndex,
    };
    // an out-of-office's pause holds the step until it ends
    const paused = enrollment.status === 'paused' && enrollment.pausedUntil && enrollment.pausedUntil > iso(at);
    if (paused && enrollment.pausedUntil) {
      draft.scheduledSendTime = enrollment.pausedUntil;
      if (draft.dueAt) draft.dueAt = enrollment.pausedUntil;
    }
    const { waitReason: _wait, stepFrom: _from, ...rest } = base;
    return { put: [draft], next: { ...rest, draftId: draft.id, nextSendAt: draft.scheduledSendTime ?? iso(at) } };
  });
};

/**
 * Stops the contact's running enrolment at once (DESIGN §9: a reply, a bounce, an unsubscribe, a meeting, its
 * removal, or the person): its unsent steps are called off (archived, off the due index) in the same write.
 */
export const stop = async (
  deps: DraftWriteDeps,
  uid: string,
  contactId: string,
  reason: StoppedReason,
  outcome?: Omit<EnrollmentOutcome, 'afterEmails'>,
) =>
  changeEnrollment(deps, uid, contactId, (enrollment, drafts) => {
    if (!isRunning(enrollment)) return null;
    const now = iso(deps.now());
    const { nextSendAt: _next, pausedUntil: _paused, draftId: _draft, waitReason: _wait, ...rest } = enrollment;
    return {
      put: pendingSteps(drafts, enrollment.sequenceId).map((draft) => offTheSchedule(draft, now, 'archived')),
      next: {
        ...rest,
        status: 'stopped',
        stoppedReason: reason,
        updatedAt: now,
        ...(outcome
          ? {
              outcome: {
                ...outcome,
                afterEmails: (enrollment.initialSent ? 1 : 0) + enrollment.stepIndex - (enrollment.skipped ?? 0),
              },
            }
          : {}),
      },
    };
  });

/** An out-of-office pauses the enrolment until `until`: its scheduled step moves there (never earlier than it was). */
const pauseUntil = async (deps: DraftWriteDeps, uid: string, contactId: string, until: Date) =>
  changeEnrollment(deps, uid, contactId, (enrollment, drafts) => {
    if (!isRunning(enrollment)) return null;
    const now = iso(deps.now());
    const at = iso(until);
    const put = pendingSteps(drafts, enrollment.sequenceId)
      .filter((draft) => draft.status === 'sending' && (draft.scheduledSendTime ?? '') < at)
      .map((draft): DraftItem => ({ ...draft, scheduledSendTime: at, dueAt: at, updatedAt: now }));
    const next = enrollment.nextSendAt && enrollment.nextSendAt > at ? enrollment.nextSendAt : at;
    return { put, next: { ...enrollment, status: 'paused', pausedUntil: at, nextSendAt: next, updatedAt: now } };
  });

/**
 * PATCH /api/sequences/{id}/enrollments/{contactId} (DESIGN §9): pause (its step back to an unsent draft, kept),
 * resume (the step scheduled again, at its time or now when that passed), skip (the next step called off, the one
 * after it written) or stop.
 */
export const actOnEnrollment = async (
  deps: SequencesDeps,
  uid: string,
  sequenceId: string,
  contactId: string,
  action: 'pause' | 'resume' | 'skip' | 'stop',
): Promise<Enrollment> => {
  const current = await getEnrollment(deps.db, uid, contactId);
  if (!current || current.sequenceId !== sequenceId || !(await getSequence(deps.db, uid, sequenceId)))
    throw notFound(sequenceMessages.enrollmentNotFound);
  if (!isRunning(current)) throw conflict(sequenceMessages.ended);
  const now = deps.now();
  let result: { enrollment: EnrollmentItem } | null = null;
  if (action === 'stop') result = await stop(deps, uid, contactId, 'manual');
  if (action === 'pause') {
    if (current.status !== 'active') throw conflict(sequenceMessages.notActive);
    result = await changeEnrollment(deps, uid, contactId, (enrollment, drafts) => {
      if (enrollment.status !== 'active') return null;
      const put = pendingSteps(drafts, sequenceId)
        .filter((draft) => draft.status === 'sending')
        .map((draft) => offTheSchedule(draft, iso(now), 'draft'));
      const { pausedUntil: _until, ...rest } = enrollment;
      return { put, next: { ...rest, status: 'paused', updatedAt: iso(now) } };
    });
  }
  if (action === 'resume') {
    if (current.status !== 'paused') throw conflict(sequenceMessages.notPaused);
    result = await changeEnrollment(deps, uid, contactId, (enrollment, drafts) => {
      if (enrollment.status !== 'paused') return null;
      const at = iso(new Date(Math.max(Date.parse(enrollment.nextSendAt ?? '') || 0, now.getTime() + 60_000)));
      const put = pendingSteps(drafts, sequenceId)
        .filter((draft) => draft.id === enrollment.draftId && enrollment.mailboxId)
        .map(
          (draft): DraftItem => ({
            ...draft,
            status: 'sending',
            scheduledSendTime: at,
            dueAt: at,
            mailboxId: enrollment.mailboxId as string,
            updatedAt: iso(now),
          }),
        );
      const { pausedUntil: _until, ...rest } = enrollment;
      return { put, next: { ...rest, status: 'active', nextSendAt: at, updatedAt: iso(now) } };
    });
  }
  if (action === 'skip') {
    if (current.status !== 'active') throw conflict(sequenceMessages.notActive);
    const skipped = await changeEnrollment(deps, uid, contactId, (enrollment, drafts) => {
      if (enrollment.status !== 'active' || !enrollment.draftId) return null;
      const put = pendingSteps(drafts, sequenceId)
        .filter((draft) => draft.id === enrollment.draftId)
        .map((draft) => offTheSchedule(draft, iso(now), 'archived'));
      const { draftId: _draft, nextSendAt: _next, ...rest } = enrollment;
      return {
        put,
        next: {
          ...rest,
          stepIndex: enrollment.stepIndex + 1,
          skipped: (enrollment.skipped ?? 0) + 1,
          // the step after it, counted from now, is written by the sequences stream (onEnrollmentChange)
          stepFrom: iso(now),
          updatedAt: iso(now),
        },
      };
    });
    result = skipped ?? { enrollment: (await getEnrollment(deps.db, uid, contactId)) ?? current };
  }
  return toWireEnrollment(result?.enrollment ?? (await getEnrollment(deps.db, uid, contactId)) ?? current);
};

// ---- what happens to contacts (the sequences stream) ---------------------------------------------------------------

/**
 * An enrolment asks for its next step (`stepFrom`: enrolled after the initial e-mail went, or a step skipped): it is
 * written here, from the stream, as a step written by AI takes seconds. Delivered again, the step already written
 * stays (writeNextStep).
 */
export const onEnrollmentChange = async (deps: SequencesDeps, uid: string, after: EnrollmentItem | null) => {
  if (!after?.stepFrom || after.draftId || !isRunning(after)) return null;
  return writeNextStep(deps, uid, after.contactId, { after: new Date(after.stepFrom) });
};

/**
 * An e-mail of an enrolled contact left (a draft became `sent`): the initial e-mail starts the sequence, a step moves
 * it on; the next step is written at once. Failures and waits of a step show on the enrolment.
 */
export const onDraftChange = async (
  deps: SequencesDeps,
  uid: string,
  before: DraftItem | null,
  after: DraftItem | null,
) => {
  if (!after) return null;
  if (after.status === 'sent' && before?.status !== 'sent') {
    const enrollment = await getEnrollment(deps.db, uid, after.contactId);
    if (!isRunning(enrollment) || enrollment.lastSentDraftId === after.id) return null;
    const sentAt = new Date(after.sentAt ?? deps.now());
    if (after.draftType === 'initial_outreach' && !enrollment.initialSent && enrollment.stepIndex === 0) {
      const conversation = (await outreachConversation(deps, uid, after.contactId)) ?? null;
      if (!conversation) return null;
      const started = await writeEnrollment(deps.db, enrollment, {
        ...enrollment,
        initialSent: true,
        conversationId: conversation.id,
        ...(after.mailboxId ? { mailboxId: after.mailboxId } : {}),
        version: enrollment.version + 1,
      });
      if (!started) throw new Error('The enrolment changed while its initial e-mail was recorded; delivered again');
      return writeNextStep(deps, uid, after.contactId, {
        after: sentAt,
        sentDraftId: after.id,
        ...(after.mailboxId ? { sentMailboxId: after.mailboxId } : {}),
        sentConversationId: conversation.id,
      });
    }
    if (after.sequenceId === enrollment.sequenceId && enrollment.draftId === after.id) {
      const moved = await changeEnrollment(deps, uid, after.contactId, (current) => {
        if (current.draftId !== after.id) return null;
        const { draftId: _draft, pausedUntil: _paused, waitReason: _wait, nextSendAt: _next, ...rest } = current;
        return {
          put: [],
          next: { ...rest, status: 'active', stepIndex: current.stepIndex + 1, updatedAt: iso(deps.now()) },
        };
      });
      if (!moved) return null;
      return writeNextStep(deps, uid, after.contactId, {
        after: sentAt,
        sentDraftId: after.id,
        ...(after.mailboxId ? { sentMailboxId: after.mailboxId } : {}),
      });
    }
    return null;
  }
  // a step that waits (a do-not-contact address, an expired mailbox, the guard) or failed: the enrolment says why
  if (
    after.sequenceId &&
    (after.sendWaitReason !== before?.sendWaitReason || after.failureReason !== before?.failureReason)
  ) {
    const reason =
      after.status === 'failed' ? after.failureReason : after.status === 'sending' ? after.sendWaitReason : undefined;
    const enrollment = await getEnrollment(deps.db, uid, after.contactId);
    if (!isRunning(enrollment) || enrollment.draftId !== after.id || enrollment.waitReason === reason) return null;
    const { waitReason: _wait, ...rest } = enrollment;
    await writeEnrollment(deps.db, enrollment, {
      ...rest,
      ...(reason ? { waitReason: reason } : {}),
      version: enrollment.version + 1,
    });
  }
  return null;
};

/** The triage label of a received message (its `classification`), or what the reply reader's kind tells. */
export type ReceivedLabel =
  | 'interested'
  | 'not_now'
  | 'referral'
  | 'out_of_office'
  | 'unsubscribe'
  | 'bounce'
  | 'other';

type ReceivedEmail = ConversationEmail & { classification?: ReceivedLabel; returnDate?: string };

/**
 * The label of a received message: triage's `classification` (lambdas/replies/triage.ts, written with the message);
 * for a message recorded before triage, the reply reader's kind: an auto-reply is an out-of-office without a return
 * date.
 */
export const labelOf = (email: ReceivedEmail): ReceivedLabel | null => {
  if (email.classification) return email.classification;
  if (email.kind === 'bounce') return 'bounce';
  if (email.kind === 'auto_reply') return 'out_of_office';
  if (email.kind === 'reply') return 'other';
  return null;
};

/**
 * A message came into an enrolled contact's conversation (DESIGN §9, issue 'Stop, pause, go on'): an out-of-office
 * pauses the sequence until the return date it states plus one business day (7 days without one), in the contact's
 * zone; a bounce, an unsubscribe or any other answer stops it at once (an unsubscribe's address on do-not-contact).
 */
export const onReceivedEmail = async (deps: SequencesDeps, uid: string, email: ReceivedEmail) => {
  const label = labelOf(email);
  if (!label) return null;
  const conversation = await getConversation(deps.db, uid, email.conversationId);
  if (!conversation) return null;
  const enrollment = await getEnrollment(deps.db, uid, conversation.contactId);
  if (!isRunning(enrollment)) return null;
  if (label === 'out_of_office') {
    const sequence = await getSequence(deps.db, uid, enrollment.sequenceId);
    const contact = await getContact(deps.db, uid, conversation.contactId);
    if (!sequence) return null;
    const step = sequence.steps[enrollment.stepIndex] ?? sequence.steps[sequence.steps.length - 1];
    const until = resumeTime({
      returnDate: email.returnDate,
      now: deps.now(),
      sendTime: step?.sendTime ?? '09:00',
      timeZone: await timeZoneFor(deps, uid, sequence, contact),
    });
    return pauseUntil(deps, uid, conversation.contactId, until);
  }
  if (label === 'bounce')
    return stop(deps, uid, conversation.contactId, 'bounced', { kind: 'bounced', positive: false });
  if (label === 'unsubscribe') {
    await addDoNotContact(deps.db, uid, email.from, 'unsubscribe', deps.now());
    return stop(deps, uid, conversation.contactId, 'unsubscribed', { kind: 'unsubscribed', positive: false });
  }
  return stop(deps, uid, conversation.contactId, 'replied', {
    kind: 'replied',
    positive: label === 'interested' || label === 'referral',
  });
};
