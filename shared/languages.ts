/**
 * The languages of SPEC §3 `language`.
 * - The interface speaks those with a complete catalogue (web/src/i18n/locales; a web test keeps this list equal to
 *   the catalogues'). A stored setting of another language (the app once listed eleven) reads English.
 * - AI-written e-mails are in the user's interface language, or in the contact's own e-mail language when the user
 *   set one (a German-speaking contact of an English-speaking user); a model writes more languages than the
 *   interface speaks, so a contact may have any of `emailLanguages`.
 */
export const interfaceLanguages = ['en', 'de', 'es', 'fr'] as const;

export const emailLanguages = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'sv'] as const;
export type EmailLanguage = (typeof emailLanguages)[number];

const baseOf = (code: string | null | undefined) => (code ?? '').toLowerCase().split('-')[0] ?? '';

/** The interface language a setting names: 'en-GB' English, 'de' German, 'pt' (not offered) English. */
export const interfaceLanguageOf = (setting: string | null | undefined): string => {
  const base = baseOf(setting);
  return (interfaceLanguages as readonly string[]).includes(base) ? base : 'en';
};

/** The language an AI e-mail to a contact is written in: the contact's when set, else the user's interface one. */
export const emailLanguageOf = (contactLanguage: string | null | undefined, userSetting: string | null | undefined) => {
  const own = baseOf(contactLanguage);
  return (emailLanguages as readonly string[]).includes(own) ? own : interfaceLanguageOf(userSetting);
};

/** 'German' for 'de': how a prompt names a language to a model. */
export const englishLanguageName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};
