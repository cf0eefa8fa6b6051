import { sequenceMessages } from '@shared/schemas/sequences';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  deliveredRates,
  enrollmentActionsOf,
  fieldsOf,
  groupSkipped,
  hasProblems,
  newSequenceFields,
  newStep,
  sequenceProblems,
  skippedReasonKey,
  stepProgress,
} from './sequenceForm';

describe('what the sequence editor saves', () => {
  it("keeps only what each step's source takes: an AI step its instructions, a template step its template", () => {
    const fields = newSequenceFields();
    fields.name = '  Three nudges ';
    fields.steps = [
      { ...newStep(), instructions: ' Ask about the talk ', templateId: 't1' },
      { ...newStep(), source: 'template', instructions: 'left from before', templateId: 't1' },
      { ...newStep(), instructions: '   ' },
    ];
    expect(bodyOf(fields)).toEqual({
      name: 'Three nudges',
      recipientTimeZone: true,
      steps: [
        { delayDays: 3, businessDaysOnly: true, sendTime: '09:00', source: 'ai', instructions: 'Ask about the talk' },
        { delayDays: 3, businessDaysOnly: true, sendTime: '09:00', source: 'template', templateId: 't1' },
        { delayDays: 3, businessDaysOnly: true, sendTime: '09:00', source: 'ai' },
      ],
    });
  });

  it('reads a saved sequence back as it was saved', () => {
    const saved = {
      name: 'Nudges',
      recipientTimeZone: false,
      steps: [
        { delayDays: 2, businessDaysOnly: false, sendTime: '14:30', source: 'template' as const, templateId: 't9' },
        { delayDays: 5, businessDaysOnly: true, sendTime: '08:00', source: 'ai' as const, instructions: 'Short' },
      ],
    };
    expect(bodyOf(fieldsOf(saved))).toEqual(saved);
  });

  it('starts a new step as long after, on the same kind of days and at the same hour as the step before it', () => {
    const previous = { ...newStep(), delayDays: 7, businessDaysOnly: false, sendTime: '16:15' };
    expect(newStep(previous)).toMatchObject({ delayDays: 7, businessDaysOnly: false, sendTime: '16:15', source: 'ai' });
    expect(newStep(previous).key).not.toBe(previous.key);
  });
});

describe('the editor checks', () => {
  it('ask for a name, whole days from 1 to 60, a time as HH:mm and a template for a template step', () => {
    const fields = newSequenceFields();
    expect(sequenceProblems(fields)).toEqual({ name: 'nameRequired', steps: [{}] });
    fields.name = 'Nudges';
    fields.steps = [
      { ...newStep(), delayDays: 0 },
      { ...newStep(), delayDays: 61, sendTime: '9:00' },
      { ...newStep(), delayDays: 2.5, sendTime: '24:00', source: 'template' },
      { ...newStep(), delayDays: 60, sendTime: '23:59' },
    ];
    expect(sequenceProblems(fields)).toEqual({
      steps: [
        { delayDays: 'delayDaysRange' },
        { delayDays: 'delayDaysRange', sendTime: 'sendTimeInvalid' },
        { delayDays: 'delayDaysRange', sendTime: 'sendTimeInvalid', templateId: 'templateRequired' },
        {},
      ],
    });
    expect(hasProblems(sequenceProblems(fields))).toBe(true);
    fields.steps = [{ ...newStep(), delayDays: 1, sendTime: '00:00' }];
    expect(hasProblems(sequenceProblems(fields))).toBe(false);
  });
});

describe("an enrolment's state", () => {
  it('counts the steps behind it, all of them once it finished', () => {
    expect(stepProgress({ status: 'active', stepIndex: 1 }, 3)).toEqual({ done: 1, total: 3 });
    expect(stepProgress({ status: 'finished', stepIndex: 2 }, 3)).toEqual({ done: 3, total: 3 });
    // the sequence lost steps after the contact went through them
    expect(stepProgress({ status: 'stopped', stepIndex: 5 }, 3)).toEqual({ done: 3, total: 3 });
  });

  it('offers pause, skip and stop while active, resume and stop while paused, nothing once ended', () => {
    expect(enrollmentActionsOf('active')).toEqual(['pause', 'skip', 'stop']);
    expect(enrollmentActionsOf('paused')).toEqual(['resume', 'stop']);
    expect(enrollmentActionsOf('stopped')).toEqual([]);
    expect(enrollmentActionsOf('finished')).toEqual([]);
  });
});

describe('the contacts an enrolment skipped', () => {
  it("are grouped by the server's reason, each known reason named by its catalogue key", () => {
    const { alreadyEnrolled, doNotContact } = sequenceMessages.skipped;
    expect(
      groupSkipped([
        { contactId: 'a', reason: alreadyEnrolled },
        { contactId: 'b', reason: doNotContact },
        { contactId: 'c', reason: alreadyEnrolled },
      ]),
    ).toEqual([
      { reason: alreadyEnrolled, contactIds: ['a', 'c'] },
      { reason: doNotContact, contactIds: ['b'] },
    ]);
    expect(skippedReasonKey(alreadyEnrolled)).toBe('alreadyEnrolled');
    expect(skippedReasonKey(sequenceMessages.skipped.replied)).toBe('replied');
    expect(skippedReasonKey('A reason added later')).toBeNull();
  });
});

describe('reply rates', () => {
  it('are over delivered e-mails, so bounces do not lower them, and are none before anything was delivered', () => {
    expect(deliveredRates({ sent: 12, bounced: 2, replied: 3, positive: 1 })).toEqual({
      replyRate: 30,
      positiveRate: 10,
    });
    expect(deliveredRates({ sent: 2, bounced: 2, replied: 0, positive: 0 })).toEqual({
      replyRate: null,
      positiveRate: null,
    });
  });
});
