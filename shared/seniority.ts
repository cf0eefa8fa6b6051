/**
 * A contact's seniority, read from their job title (replies by the contact's seniority). Contacts carry no
 * seniority of their own, so the stats aggregator derives it from the title when it counts an e-mail
 * (`seniorityOf(contact.jobTitle || contact.currentRole)`) and the analytics group by it. Keyword rules over the
 * title's words (case and accents ignored), the first level that matches wins, in this order: a founder or owner
 * before a chief, a vice president before a president, a director or head before a manager, a manager before a
 * senior, an intern before a junior; a title matching none is `Mid-level`. An approximation, as any reading of titles
 * is ("Associate" is entry-level here), made once so every counter and reader agree.
 */
export const seniorityLevels = [
  'Founder',
  'C-level',
  'VP',
  'Partner',
  'Director',
  'Manager',
  'Senior',
  'Mid-level',
  'Entry',
  'Intern',
] as const;
export type Seniority = (typeof seniorityLevels)[number];

const rules: readonly [Seniority, RegExp][] = [
  ['Founder', /\b(co ?founder|founder|founding|owner)\b/],
  ['VP', /\b(vice president|vp|svp|evp|avp)\b/],
  ['C-level', /\b(chief|ceo|cto|cfo|coo|cmo|cio|ciso|cpo|cro|president)\b/],
  ['Partner', /\b(partner|managing partner)\b/],
  ['Director', /\b(director|head)\b/],
  ['Manager', /\b(manager|mgr|supervisor)\b/],
  ['Senior', /\b(senior|sr|lead|principal|staff)\b/],
  ['Intern', /\b(intern|internship|trainee|apprentice|student)\b/],
  ['Entry', /\b(junior|jr|entry level|entry|graduate|associate|assistant)\b/],
];

/** `Senior Software Engineer` -> `Senior`; null for an empty or missing title (not counted by seniority). */
export const seniorityOf = (title: string | null | undefined): Seniority | null => {
  const words = (title ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (!words) return null;
  return rules.find(([, pattern]) => pattern.test(words))?.[0] ?? 'Mid-level';
};
