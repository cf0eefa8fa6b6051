import { describe, expect, it } from 'vitest';
import type { Profile } from '@shared/schemas/profile';
import { profileCompleteness } from './profileCompleteness';

const profile = (fields: Partial<Profile> = {}) =>
  ({
    displayName: '',
    firstName: '',
    background: '',
    resumeContent: '',
    goals: '',
    networkingGoals: '',
    ...fields,
  }) as Profile;

describe('profileCompleteness', () => {
  it('lists everything as missing on an empty profile', () => {
    expect(profileCompleteness(profile())).toEqual({
      complete: false,
      done: [],
      missing: ['name', 'background', 'goals'],
    });
  });

  it('is complete with a name, a background and goals', () => {
    expect(
      profileCompleteness(profile({ displayName: 'Ada', background: 'Mathematician', goals: 'Meet engineers' })),
    ).toEqual({
      complete: true,
      done: ['name', 'background', 'goals'],
      missing: [],
    });
  });

  it('takes résumé text for a background and networking goals for goals', () => {
    const result = profileCompleteness(
      profile({ firstName: 'Ada', resumeContent: 'Analyst, 1843', networkingGoals: 'Engineers' }),
    );
    expect(result.complete).toBe(true);
  });

  it('does not count whitespace as filled in', () => {
    const result = profileCompleteness(profile({ displayName: '  ', background: '\n', goals: 'Meet engineers' }));
    expect(result).toMatchObject({ complete: false, done: ['goals'], missing: ['name', 'background'] });
  });
});
