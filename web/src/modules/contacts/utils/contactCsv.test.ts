import { describe, expect, it } from 'vitest';
import { toContact } from '../api/contactMapping';
import { wireContact } from '@/test/contactFixtures';
import { contactsToCsv, detectMapping, hasHeaderRow, linkedinSlug, rowToNewContact } from './contactCsv';
import { parseCsv } from './csv';

describe('detectMapping', () => {
  it('recognises common headers whatever their case and punctuation', () => {
    expect(
      detectMapping([
        'LinkedIn URL',
        'first_name',
        'Last Name',
        'Full name',
        'Organization',
        'Title',
        'Email Address',
        'Notes',
        'Phone',
      ]),
    ).toEqual(['linkedinUrl', 'firstName', 'lastName', 'name', 'company', 'jobTitle', 'email', 'notes', null]);
  });

  it('maps each field to its first column only', () => {
    expect(detectMapping(['Email', 'E-mail'])).toEqual(['email', null]);
  });
});

describe('hasHeaderRow', () => {
  it('is true for named columns and false for a first row of data', () => {
    expect(hasHeaderRow([['Name', 'Company']])).toBe(true);
    expect(hasHeaderRow([['https://www.linkedin.com/in/ada', 'Ada']])).toBe(false);
    expect(hasHeaderRow([['Ada Lovelace', 'Analytical Engines']])).toBe(false);
  });
});

describe('rowToNewContact', () => {
  it('fills the mapped fields with trimmed values and leaves empty cells and ignored columns out', () => {
    expect(rowToNewContact([' Ada ', '', 'x', 'ada@example.com'], ['name', 'company', null, 'email'])).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
    });
  });
});

describe('contactsToCsv', () => {
  it('exports with headers an import maps back to the same fields', () => {
    const contact = toContact(wireContact({ notes: 'Met at "Expo", 2025\nfollow up' }));
    const rows = parseCsv(contactsToCsv([contact]));
    const mapping = detectMapping(rows[0] ?? []);
    expect(hasHeaderRow(rows)).toBe(true);
    expect(rowToNewContact(rows[1] ?? [], mapping)).toEqual({
      linkedinUrl: 'https://www.linkedin.com/in/grace-hopper-1906/',
      firstName: 'Grace',
      lastName: 'Hopper',
      name: 'Grace Hopper',
      company: 'US Navy',
      jobTitle: 'Rear Admiral',
      email: 'grace.hopper@navy.mil',
      notes: 'Met at "Expo", 2025\nfollow up',
    });
  });
});

describe('linkedinSlug', () => {
  it('names one person however the URL is written', () => {
    expect(linkedinSlug('https://www.linkedin.com/in/Grace-Hopper-1906/?utm=x')).toBe('grace-hopper-1906');
    expect(linkedinSlug('linkedin.com/in/grace-hopper-1906')).toBe('grace-hopper-1906');
    expect(linkedinSlug('https://example.com/grace')).toBeNull();
  });
});
