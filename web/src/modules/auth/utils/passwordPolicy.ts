/**
 * The user pool's password policy (infra auth construct: at least 8 characters with upper- and lower-case letters, a
 * digit and a symbol), checked in the form so people learn it before Cognito refuses.
 */
export const passwordRules = [
  { test: (value: string) => value.length >= 8, label: 'at least 8 characters' },
  { test: (value: string) => /[A-Z]/.test(value), label: 'an upper-case letter' },
  { test: (value: string) => /[a-z]/.test(value), label: 'a lower-case letter' },
  { test: (value: string) => /\d/.test(value), label: 'a digit' },
  { test: (value: string) => /[^A-Za-z0-9]/.test(value), label: 'a symbol' },
] as const;

export const passwordHint = 'Use at least 8 characters, with upper- and lower-case letters, a digit and a symbol.';

/** What a password still lacks, as a sentence, or null when it meets the policy. */
export const passwordProblem = (value: string) => {
  const missing = passwordRules.filter((rule) => !rule.test(value)).map((rule) => rule.label);
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `Password needs ${list}.`;
};
