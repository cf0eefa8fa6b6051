import { useEffect } from 'react';
import useSWR from 'swr';
import type { Settings } from '@shared/schemas/profile';
import { readStoredThemePreference, storeThemePreference, type ThemePreference } from '@/ui/theme/themePreference';
import { settingsKey } from '../api/settingsApi';

/**
 * The appearance of the signed-in app: the settings' theme (the server's truth) once they are in the cache, this
 * browser's copy of it before (so the first paint is right), light without either. Reads the cache only: the settings
 * are loaded after sign-in and by the settings page, and a change there shows at once (its optimistic update).
 */
export const useThemePreference = (): ThemePreference => {
  const { data } = useSWR<Settings>(settingsKey, null);
  const theme = data?.theme;
  // the copy follows the truth, for the next visit's first paint
  useEffect(() => {
    if (theme) storeThemePreference(theme);
  }, [theme]);
  return theme ?? readStoredThemePreference();
};
