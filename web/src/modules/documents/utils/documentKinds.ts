import type { DocumentKind } from '@shared/schemas/documents';
import { messages } from '@shared/messages';
import type { Profile } from '@shared/schemas/profile';

export type StoredDocument = { fileName: string; fileSize: number; fileUrl: string; lastUpdated: string | null };

export type DocumentKindSpec = {
  kind: DocumentKind;
  /** the card's title */
  title: string;
  /** in a sentence: 'your résumé' */
  noun: string;
  /** SPEC §5: the name in 'Invalid response received from {name} processing endpoint.' */
  endpointName: 'resume' | 'cover letter' | 'background file';
  /** SPEC §8 'Other': what a failed processing says */
  failedMessage: string;
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
    title: 'Résumé',
    noun: 'your résumé',
    endpointName: 'resume',
    failedMessage: messages.documents.resumeFailed,
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
    title: 'Cover letter',
    noun: 'your cover letter',
    endpointName: 'cover letter',
    failedMessage: messages.documents.coverLetterFailed,
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
    title: 'Background file',
    noun: 'your background file',
    endpointName: 'background file',
    failedMessage: messages.documents.backgroundFailed,
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
