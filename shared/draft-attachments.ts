import type { Draft } from './schemas/drafts.js';

/**
 * The user's documents an e-mail can carry, by the `source` a draft's attachment names: the profile's résumé and
 * cover letter (the send path attaches nothing else).
 */
export const attachableSources = ['resume', 'cover_letter'] as const;
export type AttachableSource = (typeof attachableSources)[number];

/**
 * Which of the user's documents a draft's e-mail carries, in one place for the send path and the draft editor alike.
 * Once the person chose in the editor, the draft's own `attachments` say it (an empty list: none). Until then, SPEC §3
 * App settings `includeResume` attaches the résumé to the first e-mail of a conversation only (an initial outreach):
 * a reply or a follow-up goes in a thread that already carries it, so it takes none unless the person adds it.
 */
export const attachedSources = (
  draft: Pick<Draft, 'draftType' | 'attachments'>,
  includeResume: boolean,
): AttachableSource[] => {
  if (draft.attachments !== undefined) {
    const named = new Set(draft.attachments.map((attachment) => attachment.source));
    return attachableSources.filter((source) => named.has(source));
  }
  return includeResume && draft.draftType === 'initial_outreach' ? ['resume'] : [];
};
