import { i18n } from '@/i18n';

/**
 * The user pool's password policy (infra auth construct: at least 8 characters with upper- and lower-case letters, a
 * digit and a symbol), checked in the form so people learn it before Cognito refuses.
 */
export const passwordRules = [
  { test: (value: string) => value.length >= 8, rule: 'length' },
  { test: (value: string) => /[A-Z]/.test(value), rule: 'upper' },
  { test: (value: string) => /[a-z]/.test(value), rule: 'lower' },
  { test: (value: string) => /\d/.test(value), rule: 'digit' },
  { test: (value: string) => /[^A-Za-z0-9]/.test(value), rule: 'symbol' },
] as const;

/** The policy as one sentence, in the interface's language. */
export const passwordHint = () => i18n.t('auth:password.hint');

/** What a password still lacks, as a sentence, or null when it meets the policy. */
export const passwordProblem = (value: string) => {
  const missing = passwordRules
    .filter((rule) => !rule.test(value))
    .map((rule) => i18n.t(`auth:password.rules.${rule.rule}`));
  if (missing.length === 0) return null;
  const list =
    missing.length === 1
      ? missing[0]
      : `${missing.slice(0, -1).join(', ')} ${i18n.t('auth:password.and')} ${missing.at(-1)}`;
  return i18n.t('auth:password.needs', { list });
};
