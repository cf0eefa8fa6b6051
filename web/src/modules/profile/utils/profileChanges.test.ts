import { describe, expect, it } from 'vitest';
import { changedFields, needsNormalizing } from './profileChanges';

describe('changedFields', () => {
  const saved = { displayName: 'Ada', bio: 'Mathematician', location: '' };

  it('answers only the fields whose trimmed value differs from the saved one', () => {
    expect(changedFields(saved, { displayName: 'Ada', bio: 'Analyst ', location: ' London' })).toEqual({
      bio: 'Analyst',
      location: 'London',
    });
  });

  it('sees no change in whitespace alone', () => {
    expect(changedFields(saved, { displayName: ' Ada  ', bio: 'Mathematician\n' })).toEqual({});
  });

  it('sends a cleared field as an empty string', () => {
    expect(changedFields(saved, { bio: '   ' })).toEqual({ bio: '' });
  });

  it('ignores fields the form did not give a value', () => {
    expect(changedFields(saved, { bio: undefined, location: null })).toEqual({});
  });
});

describe('needsNormalizing', () => {
  it('is true for the fields SPEC §7 names, and the availability the form edits', () => {
    for (const field of [
      'resumeContent',
      'coverLetterContent',
      'background',
      'goals',
      'careerInterests',
      'location',
      'availability',
      'generalAvailability',
    ]) {
      expect(needsNormalizing({ [field]: '' }), field).toBe(true);
    }
  });

  it('is false for fields AI drafting does not read from the summary', () => {
    expect(needsNormalizing({ displayName: 'Ada', bio: 'x', networkingNotes: 'y' })).toBe(false);
  });
});
