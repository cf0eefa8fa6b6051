import type { DocumentKind } from '@shared/schemas/documents';
import type { Profile } from '@shared/schemas/profile';
import { i18n } from '@/i18n';

export type StoredDocument = { fileName: string; fileSize: number; fileUrl: string; lastUpdated: string | null };

export type DocumentKindSpec = {
  kind: DocumentKind;
  /**
   * the kind's texts in the catalogue, `documents:kind.<textKey>.*`: its title, its sentences (one per kind, as each
   * language declines the noun its own way), SPEC §5's 'Invalid response received from {name} processing endpoint.'
   * and SPEC §8's failed-processing text
   */
  textKey: 'resume' | 'coverLetter' | 'background';
  /** SPEC §5: résumé and cover letter only warn on an unexpected type and leave it to the server */
  strictType: boolean;
  /** the profile field the extracted text goes to */
  contentField: 'resumeContent' | 'coverLetterContent' | 'background';
  /** the stored file as the profile describes it (links freshly signed on every read) */
  stored: (profile: Profile) => StoredDocument;
};

export const documentKindSpecs: Record<DocumentKind, DocumentKindSpec> = {
  resume: {
    kind: 'resume',
    textKey: 'resume',
    strictType: false,
    contentField: 'resumeContent',
    stored: (profile) => ({
      fileName: profile.resumeFileName,
      fileSize: profile.resumeFileSize,
      fileUrl: profile.resumeFileURL,
      lastUpdated: profile.resumeLastUpdated,
    }),
  },
  'cover-letter': {
    kind: 'cover-letter',
    textKey: 'coverLetter',
    strictType: false,
    contentField: 'coverLetterContent',
    stored: (profile) => ({
      fileName: profile.coverLetterFileName,
      fileSize: profile.coverLetterFileSize,
      fileUrl: profile.coverLetterFileURL,
      lastUpdated: profile.coverLetterLastUpdated,
    }),
  },
  background: {
    kind: 'background',
    textKey: 'background',
    strictType: true,
    contentField: 'background',
    stored: (profile) => ({
      fileName: profile.backgroundFileName,
      fileSize: profile.backgroundFileSize,
      fileUrl: profile.backgroundFileURL,
      lastUpdated: profile.backgroundLastUpdated,
    }),
  },
};

/** One of the kind's texts in the interface's language ('documents:kind.resume.title'). */
export const documentText = (spec: Pick<DocumentKindSpec, 'textKey'>, key: string, values?: Record<string, unknown>) =>
  i18n.t(`documents:kind.${spec.textKey}.${key}`, values ?? {});
