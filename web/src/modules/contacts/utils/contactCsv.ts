import type { Contact, NewContact } from '../api/contactMapping';
import { writeCsv, type CsvRows } from './csv';

export const contactCsvFields = [
  'linkedinUrl',
  'firstName',
  'lastName',
  'name',
  'company',
  'jobTitle',
  'email',
  'notes',
] as const;
/** A contact field a CSV column can fill. */
export type ContactCsvField = (typeof contactCsvFields)[number];

/** Each field's header in an export, and the headers an import recognises for it (compared without case or punctuation). */
export const contactCsvColumns: Record<ContactCsvField, { header: string; aliases: readonly string[] }> = {
  linkedinUrl: {
    header: 'LinkedIn URL',
    aliases: ['linkedin', 'linkedin profile', 'profile url', 'linkedin link', 'url'],
  },
  firstName: { header: 'First name', aliases: ['given name', 'first'] },
  lastName: { header: 'Last name', aliases: ['surname', 'family name', 'last'] },
  name: { header: 'Name', aliases: ['full name', 'contact name', 'contact'] },
  company: { header: 'Company', aliases: ['company name', 'organization', 'organisation', 'employer', 'account'] },
  jobTitle: { header: 'Job title', aliases: ['title', 'role', 'position', 'current role', 'job'] },
  email: { header: 'E-mail', aliases: ['email address', 'e-mail address', 'mail', 'work email'] },
  notes: { header: 'Notes', aliases: ['note', 'comments', 'comment'] },
};

/** The field each column of the file fills, by column index; null: the column is ignored. */
export type ColumnMapping = (ContactCsvField | null)[];

const normalize = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const aliasIndex = new Map<string, ContactCsvField>(
  contactCsvFields.flatMap((field) =>
    [field, contactCsvColumns[field].header, ...contactCsvColumns[field].aliases].map(
      (alias) => [normalize(alias), field] as const,
    ),
  ),
);

/** The field each header names, each field taken by its first column only. */
export const detectMapping = (headers: readonly string[]): ColumnMapping => {
  const taken = new Set<ContactCsvField>();
  return headers.map((header) => {
    const field = aliasIndex.get(normalize(header));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
};

/** Whether the first row is a header row: it names at least one known field and holds no LinkedIn URL. */
export const hasHeaderRow = (rows: CsvRows) => {
  const first = rows[0];
  if (!first) return false;
  return detectMapping(first).some(Boolean) && !first.some((cell) => /linkedin\.com\/in\//i.test(cell));
};

/** One row as the body of POST /api/contacts: trimmed, empty cells left out. */
export const rowToNewContact = (row: readonly string[], mapping: ColumnMapping): NewContact => {
  const contact: Partial<Record<ContactCsvField, string>> = {};
  mapping.forEach((field, index) => {
    const value = row[index]?.trim();
    if (field && value && contact[field] === undefined) contact[field] = value;
  });
  return contact;
};

/** The contacts as CSV, with the headers {@link detectMapping} reads back, so export then import round-trips. */
export const contactsToCsv = (contacts: readonly Contact[]) =>
  writeCsv([
    contactCsvFields.map((field) => contactCsvColumns[field].header),
    ...contacts.map((contact) => [
      contact.linkedinUrl || contact.canonicalLinkedinUrl,
      contact.firstName,
      contact.lastName,
      contact.name,
      contact.company,
      contact.jobTitle,
      contact.email,
      contact.notes,
    ]),
  ]);

/** `https://www.linkedin.com/in/Grace-Hopper/?x=1` -> `grace-hopper`: one person however the URL is written. */
export const linkedinSlug = (url: string) => {
  const match = /linkedin\.com\/in\/([^/?#\s]+)/i.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).toLowerCase();
  } catch {
    return match[1].toLowerCase();
  }
};
