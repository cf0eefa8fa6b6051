import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { Profile } from '@shared/schemas/profile';
import { useApiClient } from '@/lib/http/useApiClient';
import { isApiError } from '@/lib/http/ApiError';
import { getProfile } from '@/modules/profile/api/profileApi';
import { profileKey } from '@/modules/profile/hooks/useProfile';
import { useProfileUpdate } from '@/modules/profile/hooks/useProfileUpdate';
import { useToast } from '@/ui/toast/useToast';
import { removeDocument } from '../api/documentsApi';
import { type DocumentKindSpec, documentText } from '../utils/documentKinds';

/** View and Remove of a stored document. */
export const useDocumentActions = (spec: DocumentKindSpec) => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const { normalize } = useProfileUpdate();
  const toast = useToast();
  const [removing, setRemoving] = useState(false);

  const readProfile = () => mutate<Profile>(profileKey, getProfile(api), { revalidate: false });

  /**
   * Opens the file in a new tab. Its link is signed for minutes only, so the profile is read again first; the tab is
   * opened at once (while the click still counts as the person's) and pointed at the fresh link when it arrives.
   */
  const view = async () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const profile = await readProfile();
      const url = profile ? spec.stored(profile).fileUrl : '';
      if (!url) throw new Error(documentText(spec, 'gone'));
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      toast.error(documentText(spec, 'viewFailed'), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await removeDocument(api, spec.kind);
      await readProfile().catch(() => mutate(profileKey));
      toast.success(documentText(spec, 'removed'));
      // the résumé's and cover letter's texts go with their files; the background text stays (it is the person's own)
      if (spec.contentField !== 'background') void normalize();
      return true;
    } catch (error) {
      toast.error(documentText(spec, 'removeFailed'), { description: isApiError(error) ? error.message : undefined });
      return false;
    } finally {
      setRemoving(false);
    }
  };

  return { view, remove, removing };
};
