import { recaseOldTitleCase, recaseStoredText } from '../../shared/profile-case.js';
import type { EducationEntry, ExperienceEntry } from '../providers/enrichment/port.js';

/** The profile texts a shared profile and a contact's copy of it hold. */
export type ProfileTexts = {
  currentRole?: string;
  jobTitle?: string;
  company?: string;
  education?: EducationEntry[];
  experiences?: ExperienceEntry[];
};

/**
 * A profile (or a contact's copy of it) stored before the enrichment's texts were cased as people write them
 * (shared/profile-case.ts) holds 'Master Of Business Administration' and 'Ux Designer': its titles, companies,
 * schools, degrees, fields and places are read with the same rule, so old items read as new ones do, in the table as
 * in the e-mails the AI writes from them (names are left as stored: a particle's capital may be the person's own).
 * Cheap, and nothing is rewritten until the item is next written.
 */
const casedWith =
  (recase: (text: string) => string) =>
  <T extends ProfileTexts>(item: T): T => {
    const recased = (text: string | undefined) => (text === undefined ? undefined : recase(text));
    return {
      ...item,
      ...(item.currentRole !== undefined && { currentRole: recase(item.currentRole) }),
      ...(item.jobTitle !== undefined && { jobTitle: recase(item.jobTitle) }),
      ...(item.company !== undefined && { company: recase(item.company) }),
      ...(item.education && {
        education: item.education.map((entry) => ({
          ...entry,
          institution: recase(entry.institution),
          ...(entry.degree !== undefined && { degree: recased(entry.degree) }),
          ...(entry.fieldOfStudy !== undefined && { fieldOfStudy: recased(entry.fieldOfStudy) }),
        })),
      }),
      ...(item.experiences && {
        experiences: item.experiences.map((entry) => ({
          ...entry,
          title: recase(entry.title),
          company: recase(entry.company),
          ...(entry.location !== undefined && { location: recased(entry.location) }),
        })),
      }),
    };
  };

export const asCasedNow = casedWith(recaseStoredText);

/**
 * A contact's copy, which the person may have edited: only what the old rule made ('Ux Designer') is read again; text
 * they typed in lower case ('planted-corp.com') stays theirs.
 */
export const contactAsCasedNow = casedWith(recaseOldTitleCase);
