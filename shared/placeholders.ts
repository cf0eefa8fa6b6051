/**
 * The placeholders a template may use (DESIGN §8 'Templates'): `{{name}}`, spaces inside the braces allowed. The
 * contact's values come from the contact, the `my*` ones from the user's profile. Anything else in double braces is
 * an unknown placeholder (a 400 naming it); a known one without a value is reported as missing, never left blank.
 */
export const placeholders = [
  'firstName',
  'lastName',
  'fullName',
  'company',
  'jobTitle',
  'school',
  'myFirstName',
  'myName',
  'myCompany',
  'myJobTitle',
] as const;
export type Placeholder = (typeof placeholders)[number];

/** What each placeholder stands for (the editor's insertion buttons). */
export const placeholderLabels: Record<Placeholder, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  company: 'Company',
  jobTitle: 'Job title',
  school: 'School',
  myFirstName: 'My first name',
  myName: 'My name',
  myCompany: 'My company',
  myJobTitle: 'My job title',
};

/** A placeholder as written in a template. */
export const placeholderToken = (name: Placeholder) => `{{${name}}}`;

const known: ReadonlySet<string> = new Set(placeholders);
export const isPlaceholder = (name: string): name is Placeholder => known.has(name);

/** `{{ anything but braces }}`: the name inside, trimmed, is group 1. */
const tokenPattern = () => /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a text uses, in order of first use, once each (known and unknown alike). */
export const placeholdersIn = (text: string): string[] => [
  ...new Set(Array.from(text.matchAll(tokenPattern()), (match) => match[1] ?? '')),
];

/** The names in double braces that are not placeholders, once each, in order of first use. */
export const unknownPlaceholders = (...texts: string[]): string[] => [
  ...new Set(texts.flatMap(placeholdersIn).filter((name) => !isPlaceholder(name))),
];

/** The message of a 400 for unknown placeholders, naming them as written. */
export const unknownPlaceholdersMessage = (names: readonly string[]) =>
  `Unknown placeholder${names.length === 1 ? '' : 's'}: ${names.map((name) => `{{${name}}}`).join(', ')}. Use one of: ${placeholders.map(placeholderToken).join(', ')}.`;

/** Values for the placeholders; an absent or blank value is missing. */
export type PlaceholderValues = Partial<Record<Placeholder, string | null | undefined>>;

/**
 * Fills a text's placeholders. A placeholder without a value stays as written (`{{company}}`) and is named in
 * `missing`, so a reader sees the gap instead of a silent blank; unknown names are left as written too (the routes
 * refuse them before this runs).
 */
export const fillPlaceholders = (text: string, values: PlaceholderValues): { text: string; missing: Placeholder[] } => {
  const missing = new Set<Placeholder>();
  const filled = text.replace(tokenPattern(), (token, name: string) => {
    if (!isPlaceholder(name)) return token;
    const value = values[name]?.trim();
    if (!value) {
      missing.add(name);
      return token;
    }
    return value;
  });
  return { text: filled, missing: [...missing] };
};
