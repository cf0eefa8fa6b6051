import type englishBoot from './locales/en/boot.json';

/** The texts of the screens that may show before the catalogues arrive, or instead of them. */
export type BootTexts = typeof englishBoot;

/**
 * What a page load knows of the languages before the catalogues (./index.ts) arrive: the languages offered, the one
 * this load speaks, and the `boot` namespace: the few texts of the screens that can show first or instead (the first
 * load's 'Loading...', the route error, the configuration error). Every language's `boot` is in the first bundle (a few
 * hundred bytes each), so those screens speak the person's language without waiting for a chunk that may not come.
 */
const bootFiles = import.meta.glob<BootTexts>('./locales/*/boot.json', { eager: true, import: 'default' });

const bootByLanguage: Record<string, BootTexts> = Object.fromEntries(
  Object.entries(bootFiles).map(([path, texts]) => [/^\.\/locales\/([^/]+)\//.exec(path)?.[1] ?? '', texts]),
);

export const defaultLanguage = 'en';

/**
 * The languages the app offers: those with a catalogue. Only complete catalogues are committed (the catalogue test
 * fails on a missing namespace, key or folder), so a folder here is a language the whole interface speaks. English
 * first.
 */
export const languages: readonly string[] = [
  defaultLanguage,
  ...Object.keys(bootByLanguage)
    .filter((language) => language !== defaultLanguage)
    .sort(),
];

/**
 * The offered language a code asks for: 'de-AT' reads German, 'en-GB' English; a code no catalogue serves (a stored
 * 'pt' of the time when more languages were listed) reads English.
 */
export const toLanguage = (code: string | null | undefined): string => {
  const base = (code ?? '').toLowerCase().split('-')[0] ?? '';
  return languages.includes(base) ? base : defaultLanguage;
};

/** Before sign-in: the first of the browser's languages that the app speaks ('de-AT' reads German), else English. */
export const browserLanguage = (preferred: readonly string[] = globalThis.navigator?.languages ?? []): string => {
  const spoken = preferred.find((code) => languages.includes(code.toLowerCase().split('-')[0] ?? ''));
  return spoken ? toLanguage(spoken) : defaultLanguage;
};

/**
 * This browser's copy of the language setting. The settings are the truth; the copy lets the next visit's first
 * screen (and the sign-in page) speak it before they are read.
 */
const storageKey = 'outreach.language';

export const readStoredLanguage = (): string | null => {
  try {
    return globalThis.localStorage?.getItem(storageKey) ?? null;
  } catch {
    return null;
  }
};

export const storeLanguage = (language: string) => {
  try {
    globalThis.localStorage?.setItem(storageKey, language);
  } catch {
    // storage full or blocked: the next visit starts in the browser's language until the settings are read
  }
};

/** The language of a page load before the settings are read: this browser's copy of the setting, else its own. */
export const firstLanguage = () => toLanguage(readStoredLanguage() ?? browserLanguage());

/** The language the interface switched to last (language.ts `setLanguage`); null before the app's pages started. */
let spokenLanguage: string | null = null;

export const noteSpokenLanguage = (language: string) => {
  spokenLanguage = language;
};

/** The `boot` texts in the language the interface speaks, or (before it speaks one) the one it is about to. */
export const bootTexts = (): BootTexts =>
  bootByLanguage[spokenLanguage ?? firstLanguage()] ?? (bootByLanguage[defaultLanguage] as BootTexts);
