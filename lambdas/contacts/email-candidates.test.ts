import { describe, expect, it } from 'vitest';
import { emailCandidates, emailPatterns, normaliseDomain, normaliseName } from './email-candidates.js';

describe('emailCandidates', () => {
  it('lists the common patterns in order, each with its pattern name', () => {
    expect(emailCandidates({ firstName: 'Ada', lastName: 'Lovelace', domain: 'analytical.io' })).toEqual([
      { email: 'ada.lovelace@analytical.io', pattern: 'first.last' },
      { email: 'alovelace@analytical.io', pattern: 'flast' },
      { email: 'ada@analytical.io', pattern: 'first' },
      { email: 'adalovelace@analytical.io', pattern: 'firstlast' },
      { email: 'ada_lovelace@analytical.io', pattern: 'first_last' },
      { email: 'a.lovelace@analytical.io', pattern: 'f.last' },
      { email: 'lovelace.ada@analytical.io', pattern: 'last.first' },
      { email: 'lovelacea@analytical.io', pattern: 'lastf' },
      { email: 'adal@analytical.io', pattern: 'firstl' },
      { email: 'lovelace@analytical.io', pattern: 'last' },
    ]);
  });

  it('strips accents, apostrophes and spaces from names', () => {
    const [firstLast] = emailCandidates({ firstName: 'Zoë', lastName: "O'Brien", domain: 'acme.com' });
    expect(firstLast).toEqual({ email: 'zoe.obrien@acme.com', pattern: 'first.last' });
    const [spaced] = emailCandidates({ firstName: 'Mary Ann', lastName: 'van der Berg', domain: 'acme.com' });
    expect(spaced!.email).toBe('maryann.vanderberg@acme.com');
  });

  it('joins a hyphenated last name, and takes its initial from the first part', () => {
    const candidates = emailCandidates({ firstName: 'José', lastName: 'García-Márquez', domain: 'acme.com' });
    expect(candidates.map((candidate) => candidate.email)).toContain('jose.garciamarquez@acme.com');
    expect(candidates.find((candidate) => candidate.pattern === 'firstl')!.email).toBe('joseg@acme.com');
  });

  it('takes the bare host of a website as the domain', () => {
    const [candidate] = emailCandidates({
      firstName: 'Ada',
      lastName: 'Lovelace',
      domain: 'https://www.Acme.com/about',
    });
    expect(candidate!.email).toBe('ada.lovelace@acme.com');
  });

  it('offers the one name alone when only one name is known', () => {
    expect(emailCandidates({ firstName: 'Cher', lastName: '', domain: 'acme.com' })).toEqual([
      { email: 'cher@acme.com', pattern: 'first' },
    ]);
    expect(emailCandidates({ firstName: '', lastName: 'Prince', domain: 'acme.com' })).toEqual([
      { email: 'prince@acme.com', pattern: 'last' },
    ]);
  });

  it('offers nothing without a usable domain or name', () => {
    expect(emailCandidates({ firstName: 'Ada', lastName: 'Lovelace', domain: '' })).toEqual([]);
    expect(emailCandidates({ firstName: 'Ada', lastName: 'Lovelace', domain: 'not a domain' })).toEqual([]);
    expect(emailCandidates({ firstName: '—', lastName: '!!', domain: 'acme.com' })).toEqual([]);
  });

  it('never repeats an address when two patterns give the same one', () => {
    const candidates = emailCandidates({ firstName: 'Li', lastName: 'Li', domain: 'acme.com' });
    expect(new Set(candidates.map((candidate) => candidate.email)).size).toBe(candidates.length);
    expect(candidates.length).toBeLessThan(emailPatterns.length);
  });
});

describe('normaliseName', () => {
  it('folds letters without a decomposition', () => {
    expect(normaliseName('Søren Łukasz Straße')).toBe('sorenlukaszstrasse');
  });
});

describe('normaliseDomain', () => {
  it('reads a domain from a website, an address or a bare host', () => {
    expect(normaliseDomain('http://acme.co.uk/')).toBe('acme.co.uk');
    expect(normaliseDomain('jobs@acme.com')).toBe('acme.com');
    expect(normaliseDomain('ACME.com.')).toBe('acme.com');
    expect(normaliseDomain('localhost')).toBeUndefined();
    expect(normaliseDomain(undefined)).toBeUndefined();
  });
});
