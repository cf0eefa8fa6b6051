import { describe, expect, it } from 'vitest';
import { collationKey } from './contact.js';

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** How the list sorted names before the indexes (in memory): lower-cased, then `localeCompare`. */
const byLocale = (a: string, b: string) => a.toLocaleLowerCase().localeCompare(b.toLocaleLowerCase());

describe('collationKey', () => {
  it('orders names as localeCompare did, by code units (the order DynamoDB keeps a sort key in)', () => {
    const names = [
      'Ada Lovelace',
      'ada lovelace-king',
      'Ada',
      'Adam',
      'Émile Durand',
      'Emile Zola',
      'eric',
      'Zoë Baker',
      'Zoe Adams',
      "Conan O'Brien",
      'Conan Obrien',
      'Søren Kierkegaard',
      'Soren',
      'Person 10',
      'Person 9',
      'Person 100',
      'anne-marie',
      'anne marie',
      'annemarie',
      'J. Smith',
      'J Smith',
      '',
      'Łukasz',
      'Lukas',
      'María',
      'Mario',
      'Chen Wu',
      'chen wu',
    ];
    const expected = [...names].sort(byLocale);
    const actual = [...names].sort((a, b) => byCodeUnits(collationKey(a), collationKey(b)));
    // ties at the first level (case, or only an accent apart) may fall either way in localeCompare's tie-breaks;
    // compare what localeCompare tells apart
    const firstLevel = (name: string) => name.toLocaleLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
    expect(actual.map(firstLevel)).toEqual(expected.map(firstLevel));
  });

  it('puts a name before its longer continuations and the unaccented before the accented', () => {
    expect(byCodeUnits(collationKey('Ann'), collationKey('Ann Baker'))).toBe(-1);
    expect(byCodeUnits(collationKey('Ann Baker'), collationKey('Anna'))).toBe(-1);
    expect(byCodeUnits(collationKey('elan'), collationKey('élan'))).toBe(-1);
    expect(byCodeUnits(collationKey('élan'), collationKey('elana'))).toBe(-1);
  });
});
