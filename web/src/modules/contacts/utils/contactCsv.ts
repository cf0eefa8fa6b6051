import type { Contact, NewContact } from '../api/contactMapping';
import { parseCsv, writeCsv, type CsvRows } from './csv';
import { i18n } from '@/i18n';

export const contactCsvFields = [
  'linkedinUrl',
  'firstName',
  'lastName',
  'name',
  'company',
  'jobTitle',
  'email',
  'notes',
  'connectedAt',
] as const;
/** A contact field a CSV column can fill. */
export type ContactCsvField = (typeof contactCsvFields)[number];

/** A field as the import's mapping names it, in the interface's language (the file's headers stay as exported). */
export const csvFieldLabel = (field: ContactCsvField) => i18n.t(`contacts:csv.fields.${field}`);

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
  // LinkedIn's Connections.csv names the day a connection was made 'Connected On' (SPEC §3 Contact `connectedAt`)
  connectedAt: { header: 'Connected On', aliases: ['connected', 'connected at', 'connection date', 'date connected'] },
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

/**
 * LinkedIn's Connections.csv starts with a note ('Notes:', which reads as a header of its own, and a paragraph about
 * missing e-mail addresses) above its header row. Lines of one cell above a row naming two fields or more, among the
 * first few, are such a note and are left out; `skipped` says how many.
 */
export const withoutPreamble = (rows: CsvRows): { rows: CsvRows; skipped: number } => {
  const header = rows.slice(0, 5).findIndex((row) => detectMapping(row).filter(Boolean).length >= 2);
  const noteAbove = rows.slice(0, Math.max(header, 0)).every((row) => row.filter((cell) => cell.trim()).length <= 1);
  return header > 0 && noteAbove && hasHeaderRow(rows.slice(header))
    ? { rows: rows.slice(header), skipped: header }
    : { rows, skipped: 0 };
};

/** A file as the import reads it: its rows, whether the first is a header row, and the field of each column. */
export type CsvImportFile = {
  /** the file's rows, a note above its header row left out */
  rows: CsvRows;
  /** how many rows of such a note were left out */
  noteRows: number;
  headerRow: boolean;
  mapping: ColumnMapping;
};

/** Reads an import's file: the columns its header row names are mapped, the others (and those of a file without one) ignored. */
export const readImportFile = (text: string): CsvImportFile => {
  const { rows, skipped } = withoutPreamble(parseCsv(text));
  const headerRow = hasHeaderRow(rows);
  const width = Math.max(0, ...rows.map((row) => row.length));
  const named = headerRow ? detectMapping(rows[0] ?? []) : [];
  return {
    rows,
    noteRows: skipped,
    headerRow,
    mapping: [...named, ...Array<null>(Math.max(0, width - named.length)).fill(null)],
  };
};

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** 'Dec', 'dec.', 'Sept', 'December': the month's number (1-12), or 0. */
const monthOf = (word: string) => {
  const name = word.toLowerCase().replace(/\.$/, '');
  return name.length >= 3 ? months.findIndex((month) => month.startsWith(name)) + 1 : 0;
};

/**
 * A day as the contacts API takes it (`2023-12-06`) from how a file writes it: LinkedIn's Connections.csv writes
 * '06 Dec 2023'; 'December 6, 2023' and ISO dates are read too. Null when it names no real day.
 */
export const csvDay = (text: string): string | null => {
  if (/^\d{4}-\d{2}-\d{2}(T\S+)?$/.test(text)) return text;
  const dayFirst = /^(\d{1,2})[\s-]+([A-Za-z]+\.?)[\s-]+(\d{4})$/.exec(text);
  const monthFirst = /^([A-Za-z]+\.?)\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  const [day, month, year] = dayFirst
    ? [Number(dayFirst[1]), monthOf(dayFirst[2] ?? ''), Number(dayFirst[3])]
    : monthFirst
      ? [Number(monthFirst[2]), monthOf(monthFirst[1] ?? ''), Number(monthFirst[3])]
      : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 31 Feb is no day (Date would roll it over into March)
  if (!month || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
};

/**
 * One row as the body of POST /api/contacts: trimmed, empty cells left out; a date the import cannot read is handed
 * on as written, so the server's refusal names its column in the row's report.
 */
export const rowToNewContact = (row: readonly string[], mapping: ColumnMapping): NewContact => {
  const contact: Partial<Record<ContactCsvField, string>> = {};
  mapping.forEach((field, index) => {
    const value = row[index]?.trim();
    if (field && value && contact[field] === undefined)
      contact[field] = field === 'connectedAt' ? (csvDay(value) ?? value) : value;
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
      contact.connectedAt?.slice(0, 10) ?? '',
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
