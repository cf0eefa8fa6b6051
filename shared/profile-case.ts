/**
 * Profile text as people write it. Enrichment vendors give some texts in lower case ('ux designer', 'university of
 * washington') and a few in capitals; those are cased here. Text that already has mixed case is the provider's (or the
 * person's) own casing and is kept as it is: 'iOS Engineer', 'McKinsey & Company', 'University of Washington'.
 *
 * The rule, for all-lower or ALL-UPPER text:
 * - every word starts with a capital, except small words ('of', 'and', 'the', 'at', 'in', 'for', 'de', ...) after the
 *   first: 'Master of Business Administration', 'Head of Sales';
 * - known acronyms take their own form ('UX', 'CEO', 'MBA', 'PhD', 'SaaS', 'IBM', 'NYC'), and so does a word with no
 *   vowel, which is an acronym far more often than not ('KPMG', 'HSBC', 'LLC'; 'St', 'Dr', 'Mr', 'Jr', 'Ltd' aside);
 * - 'it' is 'IT': in a job title, company or school 'it' is information technology ('IT Manager', 'Head of IT'), the
 *   pronoun does not occur in such names;
 * - each part of a hyphenated or slashed word is cased ('Editor-in-Chief', 'Mary-Jane', 'UX/UI'); a one-letter prefix before an apostrophe
 *   is a name's ('O'Brien', 'D'Angelo', 'L'Oréal'), any other apostrophe a possessive ('Women's Health');
 * - Roman numerals are capitals ('Louis XIV', 'Phase II').
 * Names of people (`kind: 'name'`) take neither acronyms nor the vowel rule ('Ai' and 'Ng' are names); their small
 * words are the particles ('van', 'de', 'von', ...), and only 'II', 'III', 'IV' at the end are numerals.
 */

export type ProfileTextKind = 'name' | 'title';

const smallWords = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'from',
  'in',
  'into',
  'nor',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'via',
  'vs',
  'with',
  // the 'of', 'and' and 'the' of other languages, in school and company names ('Universidad de Buenos Aires')
  'da',
  'das',
  'de',
  'del',
  'della',
  'der',
  'des',
  'di',
  'do',
  'dos',
  'du',
  'e',
  'et',
  'la',
  'le',
  'les',
  'und',
  'y',
]);

/** the particles of people's names, lower case after the first word ('Ludwig van Beethoven') */
const nameParticles = new Set([
  'da',
  'das',
  'de',
  'del',
  'della',
  'der',
  'di',
  'do',
  'dos',
  'du',
  'la',
  'le',
  'van',
  'von',
]);

/** acronyms and words with a casing of their own, by their lower case */
const ownForms = new Map(
  [
    'AI',
    'API',
    'AR',
    'AT&T',
    'AVP',
    'AWS',
    'B2B',
    'B2C',
    'BA',
    'BBA',
    'BBC',
    'BCG',
    'BS',
    'BSc',
    'CEO',
    'CFA',
    'CFO',
    'CIO',
    'CISO',
    'CMO',
    'COO',
    'CPA',
    'CPO',
    'CRM',
    'CTO',
    'CX',
    'DevOps',
    'EMEA',
    'ERP',
    'EU',
    'EVP',
    'EY',
    'GE',
    'GmbH',
    'HR',
    'IBM',
    'iOS',
    'IT',
    'JD',
    'KPMG',
    'LLC',
    'LLP',
    'MA',
    'MBA',
    'MD',
    'MIT',
    'ML',
    'MS',
    'MSc',
    'NASA',
    'NGO',
    'NLP',
    'NYC',
    'NYU',
    'PhD',
    'PLC',
    'PM',
    'PR',
    'PwC',
    'QA',
    'R&D',
    'SaaS',
    'SAP',
    'SEO',
    'SQL',
    'SVP',
    'UCLA',
    'UI',
    'UK',
    'US',
    'USA',
    'UX',
    'VP',
    'VR',
  ].map((form) => [form.toLowerCase(), form]),
);

/** words without a vowel that are abbreviations, not acronyms */
const vowelless = new Set(['dr', 'ft', 'jr', 'ltd', 'mr', 'mrs', 'mt', 'pl', 'rd', 'sr', 'st']);

const romanNumeral = /^(?:ii|iii|iv|vi|vii|viii|ix|xi|xii|xiii|xiv|xv|xvi|xx)$/;

const capitalise = (word: string) => word.charAt(0).toLocaleUpperCase() + word.slice(1);

/** a name's "o'brien" -> "O'Brien"; "women's" -> "Women's" */
const withApostrophe = (word: string) => {
  const match = /^(\p{L})(['’])(\p{L}{2,})$/u.exec(word);
  return match ? `${match[1]!.toLocaleUpperCase()}${match[2]}${capitalise(match[3]!)}` : capitalise(word);
};

/** Where a word (or a part of a hyphenated one) stands in its text. */
type Place = {
  first: boolean;
  last: boolean;
  /** the first part of a hyphenated word ('e' of 'e-commerce'): not a small word */
  startsCompound: boolean;
};

/** The form of one lower-case word (no hyphen) at `place` in a text of `kind`; null: no rule of its own. */
const ownFormOf = (word: string, { first, last, startsCompound }: Place, kind: ProfileTextKind): string | null => {
  const small = !first && !startsCompound;
  if (kind === 'name') {
    if (small && nameParticles.has(word)) return word;
    if (!first && last && /^(?:ii|iii|iv)$/.test(word)) return word.toUpperCase();
    return null;
  }
  if (small && smallWords.has(word)) return word;
  const own = ownForms.get(word);
  if (own) return own;
  if (romanNumeral.test(word)) return word.toUpperCase();
  if (/^\p{L}{2,5}$/u.test(word) && !/[aeiouyàâäéèêëíìîïóòôöúùûü]/u.test(word) && !vowelless.has(word))
    return word.toUpperCase();
  return null;
};

/** Each word of `text` through `caseWord` with its place; the parts of a hyphenated or slashed word each on their own. */
const mapWords = (text: string, caseWord: (original: string, place: Place) => string) => {
  const words = text.split(/(\s+)/);
  const wordCount = words.filter((part) => part.trim() !== '').length;
  let index = 0;
  return words
    .map((part) => {
      if (part.trim() === '') return part;
      const wordIndex = index;
      index += 1;
      // 'editor-in-chief', 'ux/ui': each part on its own (the separators at odd places)
      const pieces = part.split(/([-/])/);
      return pieces
        .map((piece, pieceIndex) =>
          pieceIndex % 2 === 1
            ? piece
            : caseWord(piece, {
                first: wordIndex === 0 && pieceIndex === 0,
                last: wordIndex === wordCount - 1 && pieceIndex === pieces.length - 1,
                startsCompound: pieceIndex === 0 && pieces.length > 1,
              }),
        )
        .join('');
    })
    .join('');
};

/** Leading and trailing punctuation around a word ('(ux)', 'inc.') is kept aside while it is cased. */
const aroundPunctuation = (word: string, caseCore: (core: string) => string) => {
  const match = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(word);
  if (!match || match[2] === '') return word;
  return `${match[1]}${caseCore(match[2]!)}${match[3]}`;
};

/**
 * `text` as people write it: cased by the rule above when it is all lower or all upper case, else kept. `kind`
 * 'name' for people's names, 'title' (the default) for job titles, companies, schools, degrees, fields and places.
 */
export const caseProfileText = (text: string, kind: ProfileTextKind = 'title'): string => {
  const hasLower = text !== text.toLocaleUpperCase();
  const hasUpper = text !== text.toLocaleLowerCase();
  if (hasLower && hasUpper) return text;
  return mapWords(text, (word, place) =>
    aroundPunctuation(word.toLocaleLowerCase(), (core) => ownFormOf(core, place, kind) ?? withApostrophe(core)),
  );
};

/**
 * Text stored before the rule above: every word was given a capital ('Master Of Business Administration', 'Ux
 * Designer', "Women'S Health"). Read again, such text has its small words, acronyms and possessives put right, word by
 * word, keeping any other word as it is ('McKinsey' stays); other text goes through {@link caseProfileText}. A title
 * written with a capital on every word by a person reads the same way, which is what the rule would make of it too.
 */
export const recaseStoredText = (text: string, kind: ProfileTextKind = 'title'): string => {
  // a name's particles may be a person's own capitals ('De La Cruz'): a name is read again only when not cased at all
  if (!everyWordCapitalised(text) || kind === 'name') return caseProfileText(text, kind);
  return recaseCapitalisedWords(text, kind);
};

/**
 * A person's copy of a profile (a contact, which they may have edited) is read again only where the old rule left its
 * mark, every word given a capital: text they typed in lower case ('planted-corp.com') is theirs and stays.
 */
export const recaseOldTitleCase = (text: string): string =>
  everyWordCapitalised(text) ? recaseCapitalisedWords(text, 'title') : text;

const everyWordCapitalised = (text: string) => {
  const words = text.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  return words.length > 0 && words.every((word) => /^[^\p{L}]*\p{Lu}/u.test(word)) && text !== text.toLocaleUpperCase();
};

const recaseCapitalisedWords = (text: string, kind: ProfileTextKind): string => {
  return mapWords(text, (word, place) =>
    aroundPunctuation(word, (core) => {
      // only a word the old casing made (a capital, then lower case; "Women'S" after an apostrophe) is looked at again
      if (!/^\p{Lu}\p{Ll}*(?:['’]\p{Lu}?\p{Ll}*)?$/u.test(core)) return core;
      const lower = core.toLocaleLowerCase();
      return ownFormOf(lower, place, kind) ?? withApostrophe(lower);
    }),
  );
};
