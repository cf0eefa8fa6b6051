import type { SkippedContact } from '@shared/schemas/ai';
import { useSWRConfig } from 'swr';
import { errorText } from '@/lib/http/errorText';
import { useApiClient } from '@/lib/http/useApiClient';
import { activityKey } from '@/modules/activity/api/activityApi';
import { createDraft, generateEmail, outreachKey, renderTemplate, startGenerationBatch } from '../api/outreachApi';
import { generationState, markContactDone, markContactStarted, startBatch, startRetry } from '../state/generationState';

/** POST /api/outreach/generate takes up to 100 contacts. */
export const maxBatchSize = 100;

/**
 * What the Outreach page starts: a batch written by the AI in the background, a template filled in for each contact
 * (rendered, then saved as the contact's primary draft), and a retry of one contact.
 */
export const useOutreachActions = () => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();

  /**
   * A batch written by the AI: the server skips the contacts without an address it sends to unless
   * `includeUnverified` (DESIGN §9); the batch followed is of the contacts it writes for, so it ends when they are.
   */
  const generate = async (
    contactIds: readonly string[],
    options: { templateId?: string; instructions?: string; includeUnverified?: boolean },
  ) => {
    const { batchId, skipped } = await startGenerationBatch(api, {
      contactIds: [...contactIds],
      ...(options.templateId ? { templateId: options.templateId } : {}),
      ...(options.instructions ? { instructions: options.instructions } : {}),
      ...(options.includeUnverified ? { includeUnverified: true } : {}),
    });
    const left = new Set(skipped.map((item) => item.contactId));
    startBatch(
      batchId,
      contactIds.filter((contactId) => !left.has(contactId)),
      'ai',
      Date.now(),
      options.templateId,
      skipped,
    );
    // the server recorded the batch's activity action: the sidebar shows it without waiting for the live channel
    void mutate(activityKey);
    return { batchId, skipped };
  };

  const fillTemplate = async (contactId: string, templateId: string) => {
    const rendered = await renderTemplate(api, templateId, contactId);
    const draft = await createDraft(api, {
      contactId,
      subject: rendered.subject,
      body: rendered.body,
      createdFromTemplate: true,
      isPrimary: true,
    });
    return draft.id;
  };

  /**
   * One contact after another, so the bar shows who is being written; a failure does not stop the rest. The contacts
   * `skipped` (no address that is sent to, DESIGN §9) are not written for, as a batch of the AI skips them.
   */
  const applyTemplate = async (
    contactIds: readonly string[],
    templateId: string,
    skipped: readonly SkippedContact[] = [],
  ) => {
    startBatch(null, contactIds, 'template', Date.now(), templateId, skipped);
    for (const contactId of contactIds) {
      markContactStarted(contactId, Date.now());
      try {
        markContactDone(contactId, { draftId: await fillTemplate(contactId, templateId) }, Date.now());
      } catch (error) {
        markContactDone(contactId, { error: errorText(error) }, Date.now());
      }
      void mutate(outreachKey);
    }
  };

  /** Writes one contact's e-mail again, the way it was first written (AI, or its template). */
  const retry = async (contactId: string) => {
    const previous = generationState.contacts[contactId];
    startRetry(contactId, Date.now());
    try {
      const draftId =
        previous?.type === 'template' && previous.templateId
          ? await fillTemplate(contactId, previous.templateId)
          : ((await generateEmail(api, contactId, previous?.templateId)).draftId ?? '');
      markContactDone(contactId, { draftId }, Date.now());
    } catch (error) {
      markContactDone(contactId, { error: errorText(error) }, Date.now());
    }
    void mutate(outreachKey);
  };

  return { generate, applyTemplate, retry };
};
