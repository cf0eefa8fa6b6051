import { seniorityOf } from '../../shared/seniority.js';
import type { ContactItem } from './contact.js';
import type { StatsDimension } from './stats.js';

/**
 * What a contact counts under in the analytics (lambdas/data/stats.ts has the counters): its value of each dimension
 * replies are broken down by. Read by the stats aggregator that writes the counters (lambdas/dashboard) and by the
 * conversations' analytics of one contact, which must group by the same values.
 */

const maxDimensionLength = 100;
/**
 * A dimension's value: trimmed, cut to 100 characters (it is part of an attribute name), never between the halves of
 * a surrogate pair (a lone half is no valid UTF-8: the record's write would be refused on every retry); null when
 * empty.
 */
const dimensionValue = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  let end = Math.min(text.length, maxDimensionLength);
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
  const trimmed = text.slice(0, end).trim();
  return trimmed === '' ? null : trimmed;
};

/** lambdas/providers/enrichment's default for an education without a school name: not a school */
const unknownInstitution = 'Unknown Institution';

/** The school of the contact's latest education (the highest end, else start year; else the first listed). */
export const latestSchool = (contact: Pick<ContactItem, 'education'>) => {
  const schools = (contact.education ?? []).filter(
    (entry) =>
      typeof entry?.institution === 'string' && entry.institution.trim() && entry.institution !== unknownInstitution,
  );
  const year = (entry: (typeof schools)[number]) => entry.endYear ?? entry.startYear ?? Number.NEGATIVE_INFINITY;
  return schools.reduce<(typeof schools)[number] | undefined>(
    (latest, entry) => (!latest || year(entry) > year(latest) ? entry : latest),
    undefined,
  )?.institution;
};

/** The contact's values of the dimensions the analytics break replies down by (none without a contact). */
export const dimensionsOf = (contact: ContactItem | null): Partial<Record<StatsDimension, string>> => {
  if (!contact) return {};
  const role = dimensionValue(contact.jobTitle) ?? dimensionValue(contact.currentRole);
  const values: Record<StatsDimension, string | null> = {
    company: dimensionValue(contact.company),
    role,
    school: dimensionValue(latestSchool(contact)),
    seniority: seniorityOf(role),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
};
