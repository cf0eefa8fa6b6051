import { useContext, useEffect } from 'react';
import useSWR from 'swr';
import type { Settings } from '@shared/schemas/profile';
import { readStoredThemePreference, storeThemePreference, type ThemePreference } from '@/ui/theme/themePreference';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { getSettings, settingsKey } from '../api/settingsApi';

/**
 * The appearance of the signed-in app: the settings' theme (the server's truth) once they are in the cache, this
 * browser's copy of it before (so the first paint is right), light without either. It never fetches by itself: the
 * settings are loaded after sign-in and by the settings page, and a change there shows at once (its optimistic
 * update). It still names the real fetcher, because SWR revalidates a key (the settings page's Try Again) through the
 * fetcher of the first hook mounted on it, and this one mounts first.
 */
export const useThemePreference = (): ThemePreference => {
  const api = useContext(ApiClientContext);
  const { data } = useSWR<Settings>(settingsKey, api ? () => getSettings(api) : null, {
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const theme = data?.theme;
  // the copy follows the truth, for the next visit's first paint
  useEffect(() => {
    if (theme) storeThemePreference(theme);
  }, [theme]);
  return theme ?? readStoredThemePreference();
};
