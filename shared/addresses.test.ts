import { describe, expect, it } from 'vitest';
import { addressState, isRiskyAddress, sendableAddress, unsendableReason, unsendableSummary } from './addresses.js';

describe('which addresses are sent to (DESIGN §9)', () => {
  it('sends to a valid address, trimmed', () => {
    expect(sendableAddress({ email: ' ada@example.com ', emailQevStatus: 'valid' })).toBe('ada@example.com');
    expect(unsendableReason({ email: 'ada@example.com', emailQevStatus: 'valid' })).toBeNull();
  });

  it('sends to a risky (accept-all) address only once the person confirmed it', () => {
    const risky = { email: 'ada@example.com', emailQevStatus: 'accept_all' } as const;
    expect(sendableAddress(risky)).toBeNull();
    expect(unsendableReason(risky)).toBe('unconfirmed');
    expect(addressState({ ...risky, emailConfirmedByUser: true })).toBe('confirmed');
    expect(sendableAddress({ ...risky, emailConfirmedByUser: true })).toBe('ada@example.com');
    // the verifier could not tell: the lookup keeps it as risky, and so does the rule
    expect(unsendableReason({ email: 'ada@example.com', emailQevStatus: 'unknown' })).toBe('unconfirmed');
    expect(isRiskyAddress(risky)).toBe(true);
  });

  it('never sends to an invalid or missing address, confirmed or not', () => {
    expect(unsendableReason({ email: 'ada@example.com', emailQevStatus: 'invalid', emailConfirmedByUser: true })).toBe(
      'invalid',
    );
    expect(unsendableReason({ email: '  ', emailQevStatus: 'valid' })).toBe('no_address');
    expect(unsendableReason({ email: null, emailQevStatus: 'accept_all', emailConfirmedByUser: true })).toBe(
      'no_address',
    );
    expect(isRiskyAddress({ email: 'ada@example.com', emailQevStatus: 'invalid' })).toBe(false);
  });

  it('waits for the verdict of an address no verifier judged yet', () => {
    expect(unsendableReason({ email: 'ada@example.com', emailQevStatus: null })).toBe('unverified');
  });

  it('says how many contacts a batch skips and why', () => {
    expect(
      unsendableSummary([{ reason: 'unconfirmed' }, { reason: 'no_address' }, { reason: 'unconfirmed' }], 10),
    ).toBe('3 of 10 contacts have no address we can send to (2 risky, not confirmed; 1 no address found)');
    expect(unsendableSummary([{ reason: 'invalid' }], 1)).toBe(
      '1 of 1 contact has no address we can send to (1 invalid)',
    );
    expect(unsendableSummary([{ reason: 'invalid' }], 4)).toBe(
      '1 of 4 contacts has no address we can send to (1 invalid)',
    );
  });
});
