import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { settingsDefaults, type Profile, type Settings } from '@shared/schemas/profile';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { i18n } from '@/i18n';
import { profileKey } from '@/modules/profile/hooks/useProfile';
import { getSettings, putSettings, settingsKey } from '../api/settingsApi';

/** SPEC §8 'Settings': an update that failed (already rolled back). */
export class SettingsUpdateError extends Error {
  override readonly name = 'SettingsUpdateError';
  constructor(cause: unknown) {
    super(i18n.t('settings:updateFailed'), { cause });
  }
}

/**
 * The person's profile and app settings (SPEC §3): the defaults while they load and when loading failed (SPEC §8
 * 'Failed to load settings'). `update` applies a change at once, sends it, and on failure rolls it back, reads the
 * settings again and throws 'Failed to update settings'.
 */
export const useSettings = () => {
  const api = useApiClient();
  const { mutate: mutateCache } = useSWRConfig();
  const [pending, setPending] = useState(0);
  const { data, error, isLoading, mutate } = useSWR<Settings, ApiError>(settingsKey, () => getSettings(api), {
    revalidateIfStale: false,
    revalidateOnFocus: false,
  });

  const update = async (changes: Partial<Settings>) => {
    setPending((count) => count + 1);
    try {
      const saved = await mutate(putSettings(api, changes), {
        optimisticData: (current) => ({ ...(current ?? settingsDefaults), ...changes }),
        rollbackOnError: true,
        populateCache: true,
        revalidate: false,
      });
      // the profile carries the settings too (the dashboard's overview shows them)
      if (saved)
        void mutateCache<Profile>(profileKey, (profile) => (profile ? { ...profile, settings: saved } : profile), {
          revalidate: false,
        });
      return saved;
    } catch (cause) {
      void mutate();
      throw new SettingsUpdateError(cause);
    } finally {
      setPending((count) => count - 1);
    }
  };

  return {
    settings: data ?? settingsDefaults,
    /** SPEC §8: loading failed; the defaults are shown */
    loadFailed: !data && Boolean(error),
    isLoading: !data && !error && isLoading,
    saving: pending > 0,
    update,
    reload: () => mutate(),
  };
};
