import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { escapeRegExp } from '@/lib/escapeRegExp';
import { showErrorTextsWith } from '@/lib/http/ApiError';
import { defaultLanguage, languages } from './boot';

/**
 * The interface's languages (SPEC §3 `language`). One catalogue per language: `locales/<language>/<namespace>.json`,
 * a namespace per module or page folder plus `common`. English is in the app's chunk and ready synchronously (tests
 * and the first render read it); another language's namespaces arrive in their own chunks when it is chosen, so the
 * app's first load does not carry three languages. The public pages import none of this.
 */
const englishFiles = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', {
  eager: true,
  import: 'default',
});
// `boot` is left out: boot.ts has every language's in the first bundle already, and reads it from there
const otherFiles = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/*.json', '!./locales/en/*.json', '!./locales/*/boot.json'],
  { import: 'default' },
);

const fileParts = (path: string) => {
  const [, language = '', namespace = ''] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { language, namespace };
};

const english: ResourceLanguage = Object.fromEntries(
  Object.entries(englishFiles).map(([path, catalogue]) => [fileParts(path).namespace, catalogue]),
);

/** The namespaces English has: every language must have the same (the catalogue test checks it). */
export const namespaces = Object.keys(english).sort();

export { browserLanguage, defaultLanguage, languages, toLanguage } from './boot';

/** A language's name in that language, as a chooser lists it: 'Deutsch', 'Français', 'Español', 'English'. */
export const languageName = (language: string) => {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  load: 'languageOnly',
  ns: namespaces,
  defaultNS: 'common',
  resources: { en: english } satisfies Resource,
  // the other languages are added when chosen (loadLanguage)
  partialBundledLanguages: true,
  // English is here already: init finishes before this module's importers run, so `t` works at once
  initAsync: false,
  // React escapes what it renders
  interpolation: { escapeValue: false },
  returnNull: false,
  // a language's namespaces are all loaded before it is switched to, so nothing waits on a Suspense boundary
  react: { useSuspense: false },
});

const loads = new Map<string, Promise<void>>();

/** Adds a language's namespaces to i18n (once); English is always there. */
export const loadCatalogue = (language: string): Promise<void> => {
  if (language === defaultLanguage) return Promise.resolve();
  let load = loads.get(language);
  if (!load) {
    const files = Object.entries(otherFiles).filter(([path]) => fileParts(path).language === language);
    load = Promise.all(
      files.map(async ([path, importFile]) => {
        i18n.addResourceBundle(language, fileParts(path).namespace, await importFile(), true, true);
      }),
    ).then(() => undefined);
    // a failed chunk (a deploy replaced it) may be fetched again next time
    load.catch(() => loads.delete(language));
    loads.set(language, load);
  }
  return load;
};

/**
 * The texts the server answers with (SPEC §8, shared/messages.ts and the domains' message tables) in the interface's
 * language. The server speaks English; its texts are found by their English wording in the `server` catalogue
 * (server.test.ts keeps that catalogue equal to the server's texts). A text the server builds with values ('ada@… is
 * on your do-not-contact list') is filed with `{{p0}}`, `{{p1}}` where the values go, found by that pattern, and shown
 * with the values the server wrote. A text found neither way is shown as the server wrote it.
 */
const serverKeys = new Map<string, string>();
const serverPatterns: { pattern: RegExp; key: string }[] = [];
// where a value goes in a filed text, `{{p0}}`, with the value's name captured (no `g`: `test` keeps no state)
const valueSlot = /\{\{(p\d)\}\}/;
const indexServerTexts = (value: unknown, path: string) => {
  if (typeof value === 'string') {
    if (!valueSlot.test(value)) {
      if (!serverKeys.has(value)) serverKeys.set(value, path);
      return;
    }
    const source = value
      .split(valueSlot)
      .map((part, index) => (index % 2 === 1 ? `(?<${part}>.+?)` : escapeRegExp(part)))
      .join('');
    serverPatterns.push({ pattern: new RegExp(`^${source}$`, 's'), key: path });
  } else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) indexServerTexts(inner, path ? `${path}.${key}` : key);
};
indexServerTexts(english.server, '');

export const serverText = (text: string) => {
  if (i18n.language === defaultLanguage) return text;
  const key = serverKeys.get(text);
  if (key) return i18n.t(key, { ns: 'server', defaultValue: text });
  for (const { pattern, key: patternKey } of serverPatterns) {
    const values = pattern.exec(text)?.groups;
    if (values) return i18n.t(patternKey, { ns: 'server', defaultValue: text, ...values });
  }
  return text;
};
showErrorTextsWith(serverText);
