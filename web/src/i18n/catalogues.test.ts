import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { interfaceLanguages } from '@shared/languages';
import { languages, namespaces } from './index';
import { libraryLocales } from './language';

/**
 * A language is offered only when its catalogue is complete (SPEC §3 `language`): this test is what makes a folder
 * under locales/ mean that. Each namespace of English must exist in every language with the same keys, each text
 * non-empty and with the same `{{variables}}` and `<tags>` (what `<Trans>` fills); a plural needs the language's
 * `_one` and `_other` (i18next reads `_other` for the forms a language has beyond them, such as French `_many`).
 */
const localesDir = fileURLToPath(new URL('./locales', import.meta.url));

type Catalogue = Record<string, string>;

const flatten = (value: unknown, prefix = '', into: Catalogue = {}): Catalogue => {
  if (typeof value === 'string') into[prefix] = value;
  else if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  else into[prefix] = `<not a text: ${JSON.stringify(value)}>`;
  return into;
};

const read = (language: string, namespace: string): Catalogue | null => {
  try {
    return flatten(JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')));
  } catch {
    return null;
  }
};

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(pluralSuffix, '');
const isPluralKey = (key: string) => pluralSuffix.test(key);

/** `{{name}}`, `{{count, number}}`, `$t(ns:key)` and `<0>`/`<strong>` of a text, sorted. */
const placeholders = (text: string) =>
  [
    ...[...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((match) => `{{${match[1]}}}`),
    ...[...text.matchAll(/\$t\(([^)]+)\)/g)].map((match) => `$t(${match[1]})`),
    ...[...text.matchAll(/<\/?([\w]+)\s*\/?>/g)].map((match) => `<${match[1]}>`),
  ].sort();

/** Every way `other` differs from `english`: missing, empty or extra texts, other placeholders. */
const differences = (language: string, namespace: string, english: Catalogue, other: Catalogue | null) => {
  if (!other) return [`${language}/${namespace}.json is missing`];
  const problems: string[] = [];
  const categories = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
  const englishPlurals = new Set(Object.keys(english).filter(isPluralKey).map(pluralBase));
  const expected = new Set(
    Object.keys(english).flatMap((key) =>
      isPluralKey(key) ? [`${pluralBase(key)}_one`, `${pluralBase(key)}_other`] : [key],
    ),
  );
  for (const key of expected) {
    const text = other[key];
    if (text === undefined) problems.push(`${language}/${namespace}: '${key}' is missing`);
    else if (!text.trim()) problems.push(`${language}/${namespace}: '${key}' is empty`);
  }
  for (const [key, text] of Object.entries(other)) {
    const isExtraPluralForm =
      isPluralKey(key) &&
      englishPlurals.has(pluralBase(key)) &&
      categories.has(key.match(pluralSuffix)?.[1] as Intl.LDMLPluralRule);
    if (!expected.has(key) && !isExtraPluralForm) {
      problems.push(`${language}/${namespace}: '${key}' is not in English`);
      continue;
    }
    const englishText = english[key] ?? english[`${pluralBase(key)}_other`] ?? '';
    // a singular may say 'one' where English says {{count}}; every other variable and tag must be the same
    const ignoreCount = (list: string[]) => (isPluralKey(key) ? list.filter((item) => item !== '{{count}}') : list);
    if (ignoreCount(placeholders(text)).join() !== ignoreCount(placeholders(englishText)).join())
      problems.push(
        `${language}/${namespace}: '${key}' has ${placeholders(text).join(' ') || 'no placeholders'}, English ${placeholders(englishText).join(' ') || 'none'}`,
      );
  }
  return problems;
};

describe('the interface catalogues', () => {
  it('offers English, German, French and Spanish, English first', () => {
    expect(languages[0]).toBe('en');
    expect([...languages].sort()).toEqual(expect.arrayContaining(['de', 'en', 'es', 'fr']));
  });

  it('has the common namespace and a folder per language with nothing but JSON namespaces of English', () => {
    expect(namespaces).toContain('common');
    const folders = readdirSync(localesDir);
    expect(folders.sort()).toEqual([...languages].sort());
    for (const language of folders)
      expect(
        readdirSync(join(localesDir, language)).filter((file) => !namespaces.includes(file.replace(/\.json$/, ''))),
      ).toEqual([]);
  });

  it('has every English text in every language, non-empty, with the same placeholders and no extra keys', () => {
    const problems = languages
      .filter((language) => language !== 'en')
      .flatMap((language) =>
        namespaces.flatMap((namespace) =>
          differences(language, namespace, read('en', namespace) ?? {}, read(language, namespace)),
        ),
      );
    expect(problems).toEqual([]);
  });

  it('has no empty English text and only English plurals with both _one and _other', () => {
    const problems = namespaces.flatMap((namespace) => {
      const english = read('en', namespace) ?? {};
      return Object.entries(english).flatMap(([key, text]) => [
        ...(text.trim() ? [] : [`en/${namespace}: '${key}' is empty`]),
        ...(isPluralKey(key) && !(`${pluralBase(key)}_one` in english && `${pluralBase(key)}_other` in english)
          ? [`en/${namespace}: '${key}' needs both _one and _other`]
          : []),
      ]);
    });
    expect(problems).toEqual([]);
  });

  it('tells the server the same languages (the AI e-mails are in an offered one)', () => {
    expect([...interfaceLanguages].sort()).toEqual([...languages].sort());
  });

  it("gives every offered language antd's and dayjs's texts", () => {
    expect(Object.keys(libraryLocales).sort()).toEqual(languages.filter((language) => language !== 'en').sort());
  });

  it('sees a missing or extra key, an empty text, a changed placeholder and a missing plural form', () => {
    // the checker itself, on a made-up pair: what a half-translated catalogue looks like
    const english = { a: 'Hello {{name}}', b_one: '{{count}} contact', b_other: '{{count}} contacts', c: 'x', e: 'y' };
    const german = { a: 'Hallo {{nom}}', b_one: 'ein Kontakt', c: ' ', d: 'extra', e: 'y' };
    expect(differences('de', 'test', english, german)).toEqual([
      "de/test: 'b_other' is missing",
      "de/test: 'c' is empty",
      "de/test: 'a' has {{nom}}, English {{name}}",
      "de/test: 'd' is not in English",
    ]);
    // French has a many form, German does not; a singular may spell out the count
    expect(
      differences('fr', 'test', english, { ...english, b_many: '{{count}} de contacts', b_one: 'un contact' }),
    ).toEqual([]);
    expect(differences('de', 'test', english, { ...english, b_many: '{{count}} Kontakte' })).toEqual([
      "de/test: 'b_many' is not in English",
    ]);
  });
});
