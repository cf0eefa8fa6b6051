import { describe, expect, it } from 'vitest';
import { firstRunSteps } from './firstRunSteps';

describe('the first steps of a new account', () => {
  it('lists the profile, the mailbox and the first contacts, none done on a new account', () => {
    const steps = firstRunSteps({ profileComplete: false, mailboxConnected: false, contacts: 0 });
    expect(steps.map((step) => [step.title, step.done])).toEqual([
      ['Complete your profile', false],
      ['Connect your mailbox', false],
      ['Add your first contacts', false],
    ]);
  });

  it('checks each step by its own fact', () => {
    const done = (facts: Parameters<typeof firstRunSteps>[0]) =>
      firstRunSteps(facts)
        .filter((step) => step.done)
        .map((step) => step.key);
    expect(done({ profileComplete: true, mailboxConnected: false, contacts: 0 })).toEqual(['profile']);
    expect(done({ profileComplete: false, mailboxConnected: true, contacts: 0 })).toEqual(['mailbox']);
    expect(done({ profileComplete: false, mailboxConnected: false, contacts: 1 })).toEqual(['contacts']);
    expect(done({ profileComplete: true, mailboxConnected: true, contacts: 12 })).toEqual([
      'profile',
      'mailbox',
      'contacts',
    ]);
  });
});
