import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letter of each of the first two words', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Ada King Lovelace')).toBe('AK');
  });

  it('takes the first two letters of a one-word name', () => {
    expect(initials('Ada')).toBe('AD');
    expect(initials('ada.lovelace')).toBe('AD');
  });

  it('ignores surrounding and repeated spaces', () => {
    expect(initials('  grace   hopper ')).toBe('GH');
  });

  it('keeps letters outside the basic alphabet whole', () => {
    expect(initials('Émile Zola')).toBe('ÉZ');
    expect(initials('𝒜da')).toBe('𝒜D');
  });

  it('is empty for an empty name', () => {
    expect(initials('   ')).toBe('');
  });
});
