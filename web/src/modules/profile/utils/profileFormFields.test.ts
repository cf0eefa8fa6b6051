import { describe, expect, it } from 'vitest';
import { fieldMaxLength } from './profileFormFields';

describe('the profile form’s limits', () => {
  it('are the server’s: each field refuses what the shared schema would', () => {
    expect(fieldMaxLength('bio')).toBe(2000);
    expect(fieldMaxLength('displayName')).toBe(120);
    expect(fieldMaxLength('resumeContent')).toBe(100_000);
    expect(fieldMaxLength('background')).toBe(20_000);
  });

  it('are none for a field the schema bounds otherwise (a URL or nothing)', () => {
    expect(fieldMaxLength('photoURL')).toBeUndefined();
  });
});
