/**
 * The address patterns companies use most, most common first: a lookup verifies them in this order and the
 * first valid one wins, so the order decides which address is kept when a domain accepts several.
 */
export const emailPatterns = [
  'first.last',
  'flast',
  'first',
  'firstlast',
  'first_last',
  'f.last',
  'last.first',
  'lastf',
  'firstl',
  'last',
] as const;
export type EmailPattern = (typeof emailPatterns)[number];

export type EmailCandidate = { email: string; pattern: EmailPattern };

/** Letters that do not decompose into a base letter and a mark. */
const ligatures: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * A name as it appears in an address's local part: lower case, accents stripped ('Zoë' -> 'zoe'), apostrophes,
 * spaces, hyphens and anything else outside a-z and 0-9 removed ("O'Brien" -> 'obrien', 'Smith-Jones' -> 'smithjones',
 * 'van der Berg' -> 'vanderberg').
 */
export const normaliseName = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => ligatures[letter] ?? '')
    .replace(/[^a-z0-9]/g, '');

/**
 * The bare host of a company website or domain as people write it ('https://www.Acme.com/about' -> 'acme.com'), or
 * undefined when it is not a plausible domain.
 */
export const normaliseDomain = (website: string | null | undefined): string | undefined => {
  const text = website?.trim().toLowerCase();
  if (!text) return undefined;
  const host = text
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^[^@/]*@/, '')
    .split(/[/?#:]/)[0]!
    .replace(/^www\d*\./, '')
    .replace(/\.$/, '');
  return /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host) ? host : undefined;
};

const localParts = (first: string, last: string): Record<EmailPattern, string> => ({
  'first.last': `${first}.${last}`,
  flast: `${first[0] ?? ''}${last}`,
  first,
  firstlast: `${first}${last}`,
  first_last: `${first}_${last}`,
  'f.last': `${first[0] ?? ''}.${last}`,
  'last.first': `${last}.${first}`,
  lastf: `${last}${first[0] ?? ''}`,
  firstl: `${first}${last[0] ?? ''}`,
  last,
});

/** Patterns that need both names; with one name only, only that name alone is a candidate. */
const singleNamePatterns: Record<'first' | 'last', EmailPattern> = { first: 'first', last: 'last' };

/**
 * The candidate addresses of a person at a domain, in `emailPatterns` order, each with its pattern
 * (`emailPatternUsed`), without duplicates. Empty when the domain is not usable or no name remains after
 * normalisation.
 */
export const emailCandidates = (person: { firstName: string; lastName: string; domain: string }): EmailCandidate[] => {
  const domain = normaliseDomain(person.domain);
  const first = normaliseName(person.firstName);
  const last = normaliseName(person.lastName);
  if (!domain || (!first && !last)) return [];
  if (!first || !last) {
    const pattern = first ? singleNamePatterns.first : singleNamePatterns.last;
    return [{ email: `${first || last}@${domain}`, pattern }];
  }
  const parts = localParts(first, last);
  const seen = new Set<string>();
  const candidates: EmailCandidate[] = [];
  for (const pattern of emailPatterns) {
    const email = `${parts[pattern]}@${domain}`;
    if (seen.has(email)) continue;
    seen.add(email);
    candidates.push({ email, pattern });
  }
  return candidates;
};
