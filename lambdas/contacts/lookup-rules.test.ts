import { describe, expect, it } from 'vitest';
import { isUsableEmail, mayLookUp } from './lookup-rules.js';

describe('isUsableEmail', () => {
  it('accepts an address whose verification status is valid', () => {
    expect(isUsableEmail({ email: 'ada@example.com', emailQevStatus: 'valid' })).toBe(true);
  });

  it('refuses a valid status without an address', () => {
    expect(isUsableEmail({ email: '', emailQevStatus: 'valid' })).toBe(false);
    expect(isUsableEmail({ email: '   ', emailQevStatus: 'valid' })).toBe(false);
    expect(isUsableEmail({ emailQevStatus: 'valid' })).toBe(false);
  });

  it('refuses an address that is risky, invalid, unknown or not verified', () => {
    for (const emailQevStatus of ['accept_all', 'invalid', 'unknown', null, undefined] as const) {
      expect(isUsableEmail({ email: 'ada@example.com', emailQevStatus })).toBe(false);
    }
  });
});

describe('mayLookUp', () => {
  it('allows a lookup for a contact never looked up', () => {
    expect(mayLookUp({})).toBe(true);
    expect(mayLookUp({ email: '', emailLookupAttempts: 0, emailNotFoundConfidence: 0 })).toBe(true);
  });

  it('stops once an address was found valid', () => {
    expect(mayLookUp({ email: 'ada@example.com', emailLookupStatus: 'found_valid', emailLookupAttempts: 1 })).toBe(
      false,
    );
  });

  it('allows another lookup when found_valid is recorded but the address was removed', () => {
    expect(mayLookUp({ email: '', emailLookupStatus: 'found_valid', emailLookupAttempts: 1 })).toBe(true);
  });

  it('allows another lookup after a risky find', () => {
    expect(mayLookUp({ email: 'ada@example.com', emailLookupStatus: 'found_risky', emailLookupAttempts: 1 })).toBe(
      true,
    );
  });

  it('stops after 3 attempts', () => {
    expect(mayLookUp({ emailLookupAttempts: 2 })).toBe(true);
    expect(mayLookUp({ emailLookupAttempts: 3 })).toBe(false);
    expect(mayLookUp({ emailLookupAttempts: 4 })).toBe(false);
  });

  it('stops when not-found confidence is above 0.9, not at 0.9 itself', () => {
    expect(mayLookUp({ emailLookupStatus: 'not_found', emailNotFoundConfidence: 0.9 })).toBe(true);
    expect(mayLookUp({ emailLookupStatus: 'not_found', emailNotFoundConfidence: 0.95 })).toBe(false);
  });
});
