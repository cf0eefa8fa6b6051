import { describe, expect, it } from 'vitest';
import { canLookUpEmail, emailVerificationState, isUsableEmail } from './emailVerification';

describe('isUsableEmail', () => {
  it("is usable only with an address whose verification status is 'valid' (SPEC §5)", () => {
    expect(isUsableEmail({ email: 'grace@navy.mil', emailQevStatus: 'valid' })).toBe(true);
    expect(isUsableEmail({ email: '', emailQevStatus: 'valid' })).toBe(false);
    expect(isUsableEmail({ email: 'grace@navy.mil', emailQevStatus: 'accept_all' })).toBe(false);
    expect(isUsableEmail({ email: 'grace@navy.mil', emailQevStatus: null })).toBe(false);
  });

  it('is usable with a risky (accept-all) address the person confirmed (DESIGN §9), never an invalid one', () => {
    expect(isUsableEmail({ email: 'grace@navy.mil', emailQevStatus: 'accept_all', emailConfirmedByUser: true })).toBe(
      true,
    );
    expect(isUsableEmail({ email: 'grace@navy.mil', emailQevStatus: 'invalid', emailConfirmedByUser: true })).toBe(
      false,
    );
  });
});

describe('canLookUpEmail', () => {
  const base = { email: '', emailLookupStatus: null, emailLookupAttempts: 0, emailNotFoundConfidence: 0 } as const;

  it('runs for a contact without a found address', () => {
    expect(canLookUpEmail(base)).toBe(true);
  });

  it('stops at a found_valid address, 3 attempts, or not-found confidence above 0.9 (SPEC §5)', () => {
    expect(canLookUpEmail({ ...base, email: 'a@b.co', emailLookupStatus: 'found_valid' })).toBe(false);
    expect(canLookUpEmail({ ...base, emailLookupAttempts: 3 })).toBe(false);
    expect(canLookUpEmail({ ...base, emailNotFoundConfidence: 0.91 })).toBe(false);
    expect(canLookUpEmail({ ...base, emailNotFoundConfidence: 0.9 })).toBe(true);
    expect(canLookUpEmail({ ...base, email: 'a@b.co', emailLookupStatus: 'found_risky', emailLookupAttempts: 2 })).toBe(
      true,
    );
  });
});

describe('emailVerificationState', () => {
  it('names each state of the e-mail tag', () => {
    expect(emailVerificationState({ email: '', emailQevStatus: null, emailLookupStatus: 'pending' })).toBe(
      'looking_up',
    );
    expect(emailVerificationState({ email: 'a@b.co', emailQevStatus: 'valid', emailLookupStatus: 'found_valid' })).toBe(
      'valid',
    );
    expect(
      emailVerificationState({ email: 'a@b.co', emailQevStatus: 'accept_all', emailLookupStatus: 'found_risky' }),
    ).toBe('risky');
    expect(
      emailVerificationState({
        email: 'a@b.co',
        emailQevStatus: 'accept_all',
        emailLookupStatus: 'found_risky',
        emailConfirmedByUser: true,
      }),
    ).toBe('confirmed');
    expect(emailVerificationState({ email: 'a@b.co', emailQevStatus: 'invalid', emailLookupStatus: null })).toBe(
      'invalid',
    );
    expect(emailVerificationState({ email: '', emailQevStatus: null, emailLookupStatus: 'not_found' })).toBe(
      'not_found',
    );
    expect(emailVerificationState({ email: '', emailQevStatus: null, emailLookupStatus: 'error' })).toBe('failed');
    expect(emailVerificationState({ email: '', emailQevStatus: null, emailLookupStatus: null })).toBe('none');
  });
});
