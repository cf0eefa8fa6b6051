// @vitest-environment happy-dom
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { browserLanguage, i18n, languageName, languages, toLanguage } from './index';
import { setLanguage } from './language';

afterEach(async () => {
  await setLanguage('en');
});

describe('the interface language', () => {
  it("reads a setting's code as an offered language, English for one no catalogue serves", () => {
    expect(toLanguage('de')).toBe('de');
    expect(toLanguage('de-AT')).toBe('de');
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage('pt-BR')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });

  it("starts in the first of the browser's languages the app speaks, else English", () => {
    expect(browserLanguage(['nl-NL', 'fr-CA', 'de'])).toBe('fr');
    expect(browserLanguage(['en-GB', 'de'])).toBe('en');
    expect(browserLanguage(['pt-BR', 'ja'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('names each language in itself', () => {
    expect(languages.map(languageName)).toEqual(expect.arrayContaining(['English', 'Deutsch', 'Français', 'Español']));
  });

  it('switches the texts, dayjs and <html lang> to a chosen language, and back', async () => {
    await setLanguage('de');
    expect(i18n.t('common:cancel')).toBe('Abbrechen');
    expect(document.documentElement.lang).toBe('de');
    expect(dayjs(new Date(2026, 2, 1)).format('MMMM')).toBe('März');
    await setLanguage('pt');
    expect(i18n.t('common:cancel')).toBe('Cancel');
    expect(document.documentElement.lang).toBe('en');
  });

  it('keeps the last choice when an earlier one arrives later', async () => {
    const slow = setLanguage('fr');
    await setLanguage('es');
    await slow;
    expect(i18n.language).toBe('es');
  });
});
