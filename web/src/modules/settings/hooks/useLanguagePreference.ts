import { useContext, useEffect } from 'react';
import useSWR from 'swr';
import type { Settings } from '@shared/schemas/profile';
import { setLanguage, storeLanguage } from '@/i18n/language';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { getSettings, settingsKey } from '../api/settingsApi';

/**
 * The interface speaks the settings' language (SPEC §3 `language`) once they are in the cache: a change in Settings
 * applies at once (its optimistic update), without a reload. Before that, the language the page load started in
 * (this browser's copy, else the browser's languages) stays. Like the theme, it never fetches by itself.
 */
export const useLanguagePreference = () => {
  const api = useContext(ApiClientContext);
  const { data } = useSWR<Settings>(settingsKey, api ? () => getSettings(api) : null, {
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const language = data?.language;
  useEffect(() => {
    if (!language) return;
    storeLanguage(language);
    // a language that fails to arrive (offline) leaves the interface in the one it speaks
    setLanguage(language).catch(() => undefined);
  }, [language]);
};
