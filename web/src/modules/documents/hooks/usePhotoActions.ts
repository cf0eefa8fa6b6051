import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { Profile } from '@shared/schemas/profile';
import { isApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { getProfile } from '@/modules/profile/api/profileApi';
import { profileKey } from '@/modules/profile/hooks/useProfile';
import { useToast } from '@/ui/toast/useToast';
import { processPhoto, removePhoto, requestUpload, sendToStorage, StorageUploadError } from '../api/documentsApi';
import { checkPhotoFile, squarePhoto } from '../utils/squarePhoto';

/** What the photo's Upload and Remove are doing now. */
export type PhotoBusy = 'uploading' | 'removing' | undefined;

/**
 * The profile photo (SPEC §3 photoURL) through the upload flow of DESIGN §6: checked, squared and scaled in the
 * browser (utils/squarePhoto.ts), a presigned POST, the upload, the server's check of its bytes, then the profile read
 * again so every avatar shows the new link. Failures are toasts in the server's words.
 */
export const usePhotoActions = () => {
  const { t } = useTranslation('documents');
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const [busy, setBusy] = useState<PhotoBusy>();

  const readProfile = () =>
    mutate<Profile>(profileKey, getProfile(api), { revalidate: false }).catch(() => mutate(profileKey));

  const upload = async (file: File) => {
    const check = checkPhotoFile(file);
    if (!check.ok) {
      toast.error(t('photo.uploadFailed'), { description: check.error });
      return;
    }
    setBusy('uploading');
    try {
      const photo = await squarePhoto(file);
      if (!photo) {
        toast.error(t('photo.uploadFailed'), { description: t('photo.unreadable') });
        return;
      }
      const ticket = await requestUpload(api, {
        purpose: 'photo',
        fileName: 'photo.jpg',
        contentType: photo.type,
        size: photo.size,
      });
      await sendToStorage(ticket, photo);
      await processPhoto(api, ticket.key);
      await readProfile();
      toast.success(t('photo.uploaded'));
    } catch (error) {
      const description = isApiError(error) || error instanceof StorageUploadError ? error.message : undefined;
      toast.error(t('photo.uploadFailed'), { description });
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async () => {
    setBusy('removing');
    try {
      await removePhoto(api);
      await readProfile();
      toast.success(t('photo.removed'));
    } catch (error) {
      toast.error(t('photo.removeFailed'), { description: isApiError(error) ? error.message : undefined });
    } finally {
      setBusy(undefined);
    }
  };

  return { upload, remove, busy };
};
