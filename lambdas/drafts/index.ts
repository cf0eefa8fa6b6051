import type { Draft } from '../../shared/schemas/drafts.js';
import type { DataClient } from '../data/client.js';
import { createDraft, newDraftId, primaryDraft as primaryDraftOf } from './service.js';

export type { Draft };

/**
 * What other domains use of drafts (the AI's generation worker, issue 11): an AI-written e-mail saved as the
 * contact's primary `initial_outreach` draft (SPEC §4/§5: at most one primary per contact, even under concurrency).
 * It replaces the contact's unsent primary initial outreach (a regenerated e-mail), else demotes the previous
 * primary. Throws an HttpError 404 when the contact is not the user's (or was deleted meanwhile), 400 when too large.
 */
export const saveGeneratedDraft = (
  db: DataClient,
  uid: string,
  input: {
    contactId: string;
    subject: string;
    body: string;
    placeholderAlternatives?: Record<string, string[]>;
    createdFromTemplate?: boolean;
    /** the angle the e-mail took (SPEC §3 Contact aiStrategy), set on the contact in the same write */
    aiStrategy?: string;
  },
  now: Date,
): Promise<Draft> =>
  createDraft(
    { db, now: () => now, newId: newDraftId },
    uid,
    {
      contactId: input.contactId,
      draftType: 'initial_outreach',
      isPrimary: true,
      subject: input.subject,
      body: input.body,
      createdFromTemplate: input.createdFromTemplate ?? false,
      ...(input.placeholderAlternatives ? { placeholderAlternatives: input.placeholderAlternatives } : {}),
    },
    input.aiStrategy ? { contactSet: { aiStrategy: input.aiStrategy } } : {},
  );

/** The contact's primary draft, or null (none, or the contact is not the user's). */
export const primaryDraft = (db: DataClient, uid: string, contactId: string): Promise<Draft | null> =>
  primaryDraftOf(db, uid, contactId);
