import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwordPolicy';

describe('passwordProblem', () => {
  it('accepts a password with 8+ characters, both cases, a digit and a symbol', () => {
    expect(passwordProblem('Str0ng!pass')).toBeNull();
  });

  it('lists everything a weak password lacks, in one sentence', () => {
    expect(passwordProblem('abc')).toBe(
      'Password needs at least 8 characters, an upper-case letter, a digit and a symbol.',
    );
    expect(passwordProblem('Password1')).toBe('Password needs a symbol.');
  });
});
