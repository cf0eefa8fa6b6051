import type { ConfigProviderProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { defaultLanguage, firstLanguage, noteSpokenLanguage, toLanguage } from './boot';
import { i18n, loadCatalogue } from './index';

/** antd's own texts (pagination, empty states, date pickers) in a language. */
export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/**
 * antd's and dayjs's texts of each offered language but English (their default), each in its own chunk. Every
 * language with a catalogue needs its pair here (the catalogue test checks it).
 */
export const libraryLocales: Record<string, { antd: () => Promise<AntdLocale>; dayjs: () => Promise<unknown> }> = {
  de: { antd: async () => (await import('antd/locale/de_DE')).default, dayjs: () => import('dayjs/locale/de') },
  es: { antd: async () => (await import('antd/locale/es_ES')).default, dayjs: () => import('dayjs/locale/es') },
  fr: { antd: async () => (await import('antd/locale/fr_FR')).default, dayjs: () => import('dayjs/locale/fr') },
};

const antdLocales = new Map<string, AntdLocale>();

/** The language the interface was last asked to speak: a slower earlier switch must not win over it. */
let wanted = defaultLanguage;

/**
 * Speaks `code` (a setting such as 'de' or 'en-GB'; an unknown one reads English) in the whole interface: the
 * catalogues, antd's texts, dayjs's month and day names, and `<html lang>` (screen readers, hyphenation). Resolves
 * once the interface has switched; nothing is reloaded.
 */
export const setLanguage = async (code: string | null | undefined) => {
  const language = toLanguage(code);
  wanted = language;
  const locales = libraryLocales[language];
  const [antd] = await Promise.all([locales?.antd(), locales?.dayjs(), loadCatalogue(language)]);
  if (wanted !== language) return;
  if (antd) antdLocales.set(language, antd);
  dayjs.locale(language);
  if (globalThis.document) document.documentElement.lang = language;
  await i18n.changeLanguage(language);
  noteSpokenLanguage(language);
};

/** antd's locale for the interface's language (undefined: antd's own English); re-renders when it changes. */
export const useAntdLocale = (): AntdLocale | undefined => {
  const { i18n: current } = useTranslation();
  return antdLocales.get(current.language);
};

export { readStoredLanguage, storeLanguage } from './boot';

/** The language of a page load before the settings are read: this browser's copy of the setting, else its own. */
export const startLanguage = () => setLanguage(firstLanguage());
