import { sameCompany, sameTitle } from '@shared/companies';
import { isApiError } from '@/lib/http/ApiError';
import type { Contact, NewContact } from '../api/contactMapping';
import { isContactLimitError } from './isContactLimitError';
import { i18n } from '@/i18n';
import { contactCsvColumns, csvFieldLabel, linkedinSlug, type ContactCsvField } from './contactCsv';

export const importRowStatuses = ['added', 'skipped', 'failed', 'not_imported'] as const;
export type ImportRowStatus = (typeof importRowStatuses)[number];

export type ImportRow = {
  /** the row's number in the file as a spreadsheet shows it (the header is row 1) */
  rowNumber: number;
  contact: NewContact;
};

/** A job as a contact holds it. */
export type JobValues = { company: string; jobTitle: string };

/**
 * A row's job as the file gives it and as the person's LinkedIn profile has it now, when they disagree. The contact
 * keeps the file's until the person picks LinkedIn's: they wrote the file, and it may know better (a profile not
 * brought up to date); the e-mail lookup works at the company the contact keeps.
 */
export type ProfileDisagreement = { file: JobValues; linkedin: JobValues };
export type ImportChoice = keyof ProfileDisagreement;

export type ImportRowResult = ImportRow & {
  status: ImportRowStatus;
  message: string;
  /** the contact an added row made */
  contactId?: string;
  disagreement?: ProfileDisagreement;
};

/** What the import knows of the user's contacts, to skip people already there. */
export type ExistingContacts = { slugs: Set<string>; emails: Set<string>; names: Set<string> };

const nameKey = (name: string, company: string) => `${name.trim().toLowerCase()}|${company.trim().toLowerCase()}`;
const fullName = (contact: NewContact) =>
  contact.name ?? [contact.firstName, contact.lastName].filter(Boolean).join(' ');

export const indexContacts = (
  contacts: readonly Pick<Contact, 'linkedinUrl' | 'canonicalLinkedinUrl' | 'email' | 'name' | 'company'>[],
) => {
  const index: ExistingContacts = { slugs: new Set(), emails: new Set(), names: new Set() };
  for (const contact of contacts) remember(index, contact);
  return index;
};

const remember = (
  index: ExistingContacts,
  contact: Partial<Pick<Contact, 'linkedinUrl' | 'canonicalLinkedinUrl' | 'email' | 'name' | 'company'>>,
) => {
  const slug = linkedinSlug(contact.canonicalLinkedinUrl || contact.linkedinUrl || '');
  if (slug) index.slugs.add(slug);
  else if (contact.name) index.names.add(nameKey(contact.name, contact.company ?? ''));
  if (contact.email) index.emails.add(contact.email.toLowerCase());
};

/**
 * Why a row is a duplicate, or null: the same LinkedIn profile; for a row without one, the same e-mail, or the same
 * name at the same company among contacts added by hand.
 */
export const duplicateReason = (contact: NewContact, index: ExistingContacts) => {
  const slug = contact.linkedinUrl ? linkedinSlug(contact.linkedinUrl) : null;
  if (slug) return index.slugs.has(slug) ? i18n.t('contacts:import.duplicateProfile') : null;
  if (contact.email && index.emails.has(contact.email.toLowerCase())) return i18n.t('contacts:import.duplicateEmail');
  const name = fullName(contact);
  if (name && index.names.has(nameKey(name, contact.company ?? ''))) return i18n.t('contacts:import.duplicateName');
  return null;
};

/** the CSV field of each wire field name (`job_title` is `jobTitle`) */
const wireFields: Record<string, ContactCsvField> = Object.fromEntries(
  (Object.keys(contactCsvColumns) as ContactCsvField[]).map((field) => [
    field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    field,
  ]),
);

/** The server's reason a row failed, its field errors named by their column ('LinkedIn URL: Expected ...'). */
export const failureReason = (error: unknown) => {
  if (isApiError(error) && Array.isArray(error.details)) {
    const issues = (error.details as unknown[]).filter(
      (issue): issue is { field: string; message: string } =>
        typeof issue === 'object' && issue !== null && 'field' in issue && 'message' in issue,
    );
    if (issues.length) {
      return issues
        .map(({ field, message }) => {
          const key = field.replace(/^body\./, '').split('.')[0] ?? '';
          const csvField = wireFields[key];
          return `${csvField ? csvFieldLabel(csvField) : key}: ${message}`;
        })
        .join('; ');
    }
  }
  // a LinkedIn profile the enrichment does not know: the server's own words say what to do, not the generic 404 text
  if (isApiError(error) && error.code === 'profile_not_found' && error.serverMessage) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
};

export type ImportContactsOptions = {
  rows: readonly ImportRow[];
  existing: ExistingContacts;
  create: (contact: NewContact) => Promise<Contact>;
  /** after each row, with the results so far */
  onProgress?: (results: ImportRowResult[]) => void;
  /** the server answered 402: the import stops there (SPEC §2 'Contact-limit dialog') */
  onLimitReached?: () => void;
};

/** The job the contact's LinkedIn profile names as current (its current entry, else its latest). */
export const profileJob = (contact: Pick<Contact, 'experiences' | 'currentRole'>): JobValues => {
  const current = contact.experiences.find((experience) => experience.isCurrent) ?? contact.experiences[0];
  return { company: current?.company ?? '', jobTitle: contact.currentRole || current?.title || '' };
};

/**
 * Where a row's company or job title disagrees with the profile the add fetched (case, spacing and legal forms aside:
 * 'Fabrikam' is 'fabrikam inc.'), or null. A value the file leaves blank takes the profile's and disagrees with nothing.
 */
export const profileDisagreement = (
  row: NewContact,
  contact: Pick<Contact, 'company' | 'jobTitle' | 'experiences' | 'currentRole'>,
): ProfileDisagreement | null => {
  const linkedin = profileJob(contact);
  const companyDiffers = Boolean(row.company && linkedin.company && !sameCompany(row.company, linkedin.company));
  const titleDiffers = Boolean(row.jobTitle && linkedin.jobTitle && !sameTitle(row.jobTitle, linkedin.jobTitle));
  if (!companyDiffers && !titleDiffers) return null;
  return {
    file: { company: contact.company, jobTitle: contact.jobTitle },
    linkedin: { company: linkedin.company || contact.company, jobTitle: linkedin.jobTitle || contact.jobTitle },
  };
};

/** 'Head of Data at Deezer', or whichever of the two there is. */
export const jobLine = ({ company, jobTitle }: JobValues) =>
  jobTitle && company
    ? i18n.t('contacts:import.jobAtCompany', { jobTitle, company })
    : jobTitle || company || i18n.t('contacts:import.nothing');

export const duplicateMessage = () => i18n.t('contacts:import.duplicate');
export const limitReachedMessage = () => i18n.t('contacts:import.limitReached');

/** Creates the rows one after another, skipping duplicates, reporting each row; stops at the contact limit. */
export const importContacts = async ({ rows, existing, create, onProgress, onLimitReached }: ImportContactsOptions) => {
  const results: ImportRowResult[] = [];
  for (const [position, row] of rows.entries()) {
    const duplicate = duplicateReason(row.contact, existing);
    if (duplicate) {
      results.push({ ...row, status: 'skipped', message: duplicate });
    } else {
      try {
        const created = await create(row.contact);
        remember(existing, created);
        const disagreement = profileDisagreement(row.contact, created);
        results.push({
          ...row,
          status: 'added',
          message: created.name || fullName(row.contact),
          contactId: created.id,
          ...(disagreement ? { disagreement } : {}),
        });
      } catch (error) {
        if (isContactLimitError(error)) {
          results.push(
            ...rows
              .slice(position)
              .map((rest) => ({ ...rest, status: 'not_imported' as const, message: limitReachedMessage() })),
          );
          onProgress?.([...results]);
          onLimitReached?.();
          return results;
        }
        // the server knows better than the index (another tab may have added the person meanwhile)
        if (isApiError(error) && error.status === 409)
          results.push({ ...row, status: 'skipped', message: duplicateMessage() });
        else results.push({ ...row, status: 'failed', message: failureReason(error) });
      }
    }
    onProgress?.([...results]);
  }
  return results;
};
