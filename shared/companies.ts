/** Legal forms that name no other company ('Fabrikam Inc.' is Fabrikam). */
const legalForms = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'bv',
  'nv',
  'plc',
  'pty',
  'srl',
  'spa',
  'ab',
  'oy',
  'as',
]);

/** A company's name as compared: lower case, accents and punctuation gone, legal forms left out. */
export const companyKey = (name: string | null | undefined) =>
  (name ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !legalForms.has(word))
    .join(' ');

/** Whether two names are one company ('Fabrikam' and 'fabrikam, inc.'); two blanks are not a company. */
export const sameCompany = (a: string | null | undefined, b: string | null | undefined) => {
  const key = companyKey(a);
  return key !== '' && key === companyKey(b);
};

/** A job title as compared: case, spacing and punctuation aside ('Head of Data' and 'head of data'). */
const titleKey = (title: string | null | undefined) =>
  (title ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

/** Whether two job titles say the same thing as written (no synonyms: 'Data Lead' is not 'Head of Data'). */
export const sameTitle = (a: string | null | undefined, b: string | null | undefined) => titleKey(a) === titleKey(b);
