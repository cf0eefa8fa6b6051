import type { Draft } from '@shared/schemas/drafts';

export type DraftAttachment = NonNullable<Draft['attachments']>[number];

/** The `source` naming the user's résumé among a draft's attachments. */
export const resumeSource = 'resume';

/** The user's résumé as an attachment, or null when none was uploaded. */
export const resumeAttachment = (profile: { resumeFileName: string; resumeFileSize: number } | undefined) =>
  profile?.resumeFileName
    ? ({ name: profile.resumeFileName, source: resumeSource, size: profile.resumeFileSize } satisfies DraftAttachment)
    : null;

/**
 * Whether the editor starts with the résumé attached: as the draft says once it was saved with attachments, else as
 * the settings' `includeResume` says (when there is a résumé to attach).
 */
export const startsWithResume = (draft: Pick<Draft, 'attachments'>, includeResume: boolean, hasResume: boolean) =>
  draft.attachments !== undefined
    ? draft.attachments.some((attachment) => attachment.source === resumeSource)
    : includeResume && hasResume;

/** The draft's attachments with the résumé added or taken out; other files stay. */
export const withResume = (
  attachments: readonly DraftAttachment[] | undefined,
  resume: DraftAttachment | null,
  attach: boolean,
): DraftAttachment[] => [
  ...(attachments ?? []).filter((attachment) => attachment.source !== resumeSource),
  ...(attach && resume ? [resume] : []),
];
