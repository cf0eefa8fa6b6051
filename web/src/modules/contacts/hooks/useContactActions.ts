import { useApiClient } from '@/lib/http/useApiClient';
import { useRecordSlotUsed, useRefreshSlots } from '@/modules/quota/hooks/useRecordSlotUsed';
import { openContactLimitDialog } from '@/modules/quota/state/upgradeModalState';
import type { NewContact } from '../api/contactMapping';
import { createContact, deleteContact, lookupEmails } from '../api/contactsApi';
import { isContactLimitError } from '../utils/isContactLimitError';

/**
 * Adds and bulk actions that touch the contact slots: an add counts one slot (SPEC §4 'Quota'), an add over the limit
 * opens the 'Contact Limit Reached' dialog (SPEC §2) and rethrows, so callers stop.
 */
export const useContactActions = () => {
  const api = useApiClient();
  const recordSlotUsed = useRecordSlotUsed();
  const refreshSlots = useRefreshSlots();

  const add = async (contact: NewContact) => {
    try {
      const created = await createContact(api, contact);
      recordSlotUsed();
      return created;
    } catch (error) {
      if (isContactLimitError(error)) openContactLimitDialog();
      throw error;
    }
  };

  /** Deletes one after another; answers the ids that could not be deleted. */
  const removeMany = async (ids: readonly string[]) => {
    const failed: string[] = [];
    for (const id of ids) {
      try {
        await deleteContact(api, id);
      } catch {
        failed.push(id);
      }
    }
    if (failed.length < ids.length) refreshSlots();
    return failed;
  };

  /** POST /api/contacts/lookup-email takes 100 ids a call. */
  const findEmails = async (ids: readonly string[]) => {
    const queued: string[] = [];
    const skipped: string[] = [];
    for (let start = 0; start < ids.length; start += 100) {
      const answer = await lookupEmails(api, ids.slice(start, start + 100));
      queued.push(...answer.queued);
      skipped.push(...answer.skipped);
    }
    return { queued, skipped };
  };

  return { add, removeMany, findEmails };
};
