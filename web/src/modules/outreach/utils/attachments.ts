import { type AttachableSource, attachableSources } from '@shared/draft-attachments';
import type { Draft } from '@shared/schemas/drafts';
import type { Profile } from '@shared/schemas/profile';
import { i18n } from '@/i18n';

export type DraftAttachment = NonNullable<Draft['attachments']>[number];

/** One of the user's documents as a draft's attachments name it. */
export type DocumentAttachment = DraftAttachment & { source: AttachableSource };

/** The user's uploaded documents a draft can attach, by source; a document not uploaded is absent. */
export type AttachableDocuments = Partial<Record<AttachableSource, DocumentAttachment>>;

/** The résumé and cover letter the profile holds, as a draft's attachments name them. */
export const attachableDocuments = (
  profile:
    | Pick<Profile, 'resumeFileName' | 'resumeFileSize' | 'coverLetterFileName' | 'coverLetterFileSize'>
    | undefined,
): AttachableDocuments => ({
  ...(profile?.resumeFileName && {
    resume: { name: profile.resumeFileName, source: 'resume', size: profile.resumeFileSize },
  }),
  ...(profile?.coverLetterFileName && {
    cover_letter: { name: profile.coverLetterFileName, source: 'cover_letter', size: profile.coverLetterFileSize },
  }),
});

/**
 * The files an e-mail carries: `sources` (the person's choice, else the send path's rule, `attachedSources`) as the
 * profile names them now; a document not uploaded is not sent, so it is not listed.
 */
export const attachmentsOf = (
  sources: readonly AttachableSource[],
  documents: AttachableDocuments,
): DocumentAttachment[] =>
  attachableSources.flatMap((source) => {
    const document = documents[source];
    return document && sources.includes(source) ? [document] : [];
  });

/** What the editor offers to add with its button: 'Attach my résumé'. */
export const attachLabel = (source: AttachableSource) =>
  i18n.t(source === 'resume' ? 'outreach:editor.attachResume' : 'outreach:editor.attachCoverLetter');
