import { sequenceMessages } from '@shared/schemas/sequences';
import type { Enrollment, SequenceBody, SequenceCounts, SequenceStep } from '../api/sequencesApi';

/** DESIGN §9: a sequence has 1-6 steps, each 1-60 days after the e-mail before it. */
export const maxSteps = 6;
export const minDelayDays = 1;
export const maxDelayDays = 60;

/** What the editor holds for a step: both an AI step's instructions and a template step's template, kept while the
 * person switches between the two, so switching back does not lose what was written. */
export type StepFields = Omit<SequenceStep, 'instructions' | 'templateId'> & {
  instructions: string;
  templateId: string | null;
  /** the step's own key in the editor's list (steps are added and removed anywhere), never saved */
  key: string;
};

let stepKeys = 0;
const stepKey = () => `step-${++stepKeys}`;
export type SequenceFields = { name: string; recipientTimeZone: boolean; steps: StepFields[] };

/** A new step: three business days after the e-mail before it (or as long after as the step before it), at 09:00. */
export const newStep = (previous?: StepFields): StepFields => ({
  delayDays: previous?.delayDays ?? 3,
  businessDaysOnly: previous?.businessDaysOnly ?? true,
  sendTime: previous?.sendTime ?? '09:00',
  source: 'ai',
  instructions: '',
  templateId: null,
  key: stepKey(),
});

/** A new sequence: one step, sent at the contact's local time. */
export const newSequenceFields = (): SequenceFields => ({ name: '', recipientTimeZone: true, steps: [newStep()] });

/** A saved sequence as the editor holds it. */
export const fieldsOf = (sequence: SequenceBody): SequenceFields => ({
  name: sequence.name,
  recipientTimeZone: sequence.recipientTimeZone,
  steps: sequence.steps.map((step) => ({
    ...step,
    instructions: step.instructions ?? '',
    templateId: step.templateId ?? null,
    key: stepKey(),
  })),
});

/**
 * What is saved: the name trimmed, each step with what its source takes only (an AI step its instructions, a template
 * step its template); the server refuses a step that carries the other's field.
 */
export const bodyOf = (fields: SequenceFields): SequenceBody => ({
  name: fields.name.trim(),
  recipientTimeZone: fields.recipientTimeZone,
  steps: fields.steps.map(({ instructions, templateId, key: _key, ...step }) =>
    step.source === 'template'
      ? { ...step, ...(templateId ? { templateId } : {}) }
      : { ...step, ...(instructions.trim() ? { instructions: instructions.trim() } : {}) },
  ),
});

const sendTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What the editor says is wrong, as catalogue keys (`editor.*`): none means the server takes it. */
export type SequenceProblems = {
  name?: 'nameRequired';
  steps: { delayDays?: 'delayDaysRange'; sendTime?: 'sendTimeInvalid'; templateId?: 'templateRequired' }[];
};

/** The editor's checks, the server's own (shared/schemas/sequences.ts): a name, whole days in range, HH:mm, and a
 * template for a template step (an AI step's instructions are optional). */
export const sequenceProblems = (fields: SequenceFields): SequenceProblems => ({
  ...(fields.name.trim() ? {} : { name: 'nameRequired' }),
  steps: fields.steps.map((step) => ({
    ...(Number.isInteger(step.delayDays) && step.delayDays >= minDelayDays && step.delayDays <= maxDelayDays
      ? {}
      : { delayDays: 'delayDaysRange' }),
    ...(sendTimePattern.test(step.sendTime) ? {} : { sendTime: 'sendTimeInvalid' }),
    ...(step.source === 'template' && !step.templateId ? { templateId: 'templateRequired' } : {}),
  })),
});

export const hasProblems = (problems: SequenceProblems) =>
  problems.name !== undefined || problems.steps.some((step) => Object.keys(step).length > 0);

/** How many of the sequence's steps the enrolment has behind it (sent or skipped), of how many. */
export const stepProgress = (enrollment: Pick<Enrollment, 'status' | 'stepIndex'>, stepCount: number) => ({
  done: enrollment.status === 'finished' ? stepCount : Math.min(enrollment.stepIndex, stepCount),
  total: stepCount,
});

/** Which actions an enrolment offers: a running one pauses, skips its next step or stops; a paused one resumes or
 * stops; an ended one none (the server refuses the others: DESIGN §9). */
export const enrollmentActionsOf = (status: Enrollment['status']) =>
  status === 'active'
    ? (['pause', 'skip', 'stop'] as const)
    : status === 'paused'
      ? (['resume', 'stop'] as const)
      : ([] as const);

type SkippedReasonKey = keyof typeof sequenceMessages.skipped;
const skippedReasonKeys = Object.fromEntries(
  Object.entries(sequenceMessages.skipped).map(([key, text]) => [text, key as SkippedReasonKey]),
) as Record<string, SkippedReasonKey>;

/** The catalogue key of a reason the server gave for not enrolling a contact, or null for one it does not know. */
export const skippedReasonKey = (reason: string): SkippedReasonKey | null => skippedReasonKeys[reason] ?? null;

/** The contacts not enrolled, grouped by why, in the order the reasons first appear. */
export const groupSkipped = (skipped: readonly { contactId: string; reason: string }[]) => {
  const groups = new Map<string, string[]>();
  for (const { contactId, reason } of skipped) groups.set(reason, [...(groups.get(reason) ?? []), contactId]);
  return [...groups].map(([reason, contactIds]) => ({ reason, contactIds }));
};

/** `part` of `whole` as a whole percentage, or null when there is nothing to divide by. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);

/**
 * Reply rates over delivered e-mails (sent less bounced), so a bounce does not lower them; the server's `replied`
 * already leaves out auto-replies (DESIGN §9 triage). Positive: interested and referral answers.
 */
export const deliveredRates = (counts: Pick<SequenceCounts, 'sent' | 'bounced' | 'replied' | 'positive'>) => {
  const delivered = Math.max(counts.sent - counts.bounced, 0);
  return { replyRate: percentOf(counts.replied, delivered), positiveRate: percentOf(counts.positive, delivered) };
};
