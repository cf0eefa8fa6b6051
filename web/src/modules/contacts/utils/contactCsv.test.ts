import { describe, expect, it } from 'vitest';
import { toContact } from '../api/contactMapping';
import { wireContact } from '@/test/contactFixtures';
import {
  contactsToCsv,
  detectMapping,
  hasHeaderRow,
  linkedinSlug,
  readImportFile,
  rowToNewContact,
  withoutPreamble,
} from './contactCsv';
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
    const contact = toContact(
      wireContact({ notes: 'Met at "Expo", 2025\nfollow up', connected_at: '2023-12-06T00:00:00.000Z' }),
    );
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
      connectedAt: '2023-12-06',
    });
  });
});

describe("LinkedIn's Connections.csv", () => {
  // the export's own shape: a note above the header row, the date each connection was made as '06 Dec 2023'
  const connectionsCsv = [
    'Notes:',
    '"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address using this setting https://www.linkedin.com/psettings/privacy/email. You can learn more here https://www.linkedin.com/help/linkedin/answer/261"',
    '',
    'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
    'Grace,Hopper,https://www.linkedin.com/in/grace-hopper-1906,,US Navy,Rear Admiral,06 Dec 2023',
    'Ada,Lovelace,https://www.linkedin.com/in/ada-lovelace,ada@example.com,Analytical Engines Ltd,Analyst,1 Mar 2019',
  ].join('\r\n');

  it('imports each connection with the day it was made as its connectedAt, the note above the header left out', () => {
    const { rows, noteRows, headerRow, mapping } = readImportFile(connectionsCsv);
    expect({ noteRows, headerRow }).toEqual({ noteRows: 2, headerRow: true });
    expect(mapping).toEqual(['firstName', 'lastName', 'linkedinUrl', 'email', 'company', 'jobTitle', 'connectedAt']);
    expect(rows.slice(1).map((row) => rowToNewContact(row, mapping))).toEqual([
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        linkedinUrl: 'https://www.linkedin.com/in/grace-hopper-1906',
        company: 'US Navy',
        jobTitle: 'Rear Admiral',
        connectedAt: '2023-12-06',
      },
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines Ltd',
        jobTitle: 'Analyst',
        connectedAt: '2019-03-01',
      },
    ]);
  });

  it('reads a date written as ISO or in words, and hands an unreadable one on as written for the server to refuse', () => {
    const date = (cell: string) => rowToNewContact([cell], ['connectedAt']).connectedAt;
    expect(date('2023-12-06')).toBe('2023-12-06');
    expect(date('2023-12-06T09:30:00Z')).toBe('2023-12-06T09:30:00Z');
    expect(date('December 6, 2023')).toBe('2023-12-06');
    expect(date('6 sept 2021')).toBe('2021-09-06');
    expect(date('31 Feb 2023')).toBe('31 Feb 2023');
    expect(date('last week')).toBe('last week');
  });

  it('leaves a file without such a note as it is', () => {
    const rows = parseCsv('Name,Company\r\nAda Lovelace,Analytical Engines Ltd');
    expect(withoutPreamble(rows)).toEqual({ rows, skipped: 0 });
    const noHeader = parseCsv('https://www.linkedin.com/in/ada,Ada');
    expect(withoutPreamble(noHeader)).toEqual({ rows: noHeader, skipped: 0 });
  });
});

describe('linkedinSlug', () => {
  it('names one person however the URL is written', () => {
    expect(linkedinSlug('https://www.linkedin.com/in/Grace-Hopper-1906/?utm=x')).toBe('grace-hopper-1906');
    expect(linkedinSlug('linkedin.com/in/grace-hopper-1906')).toBe('grace-hopper-1906');
    expect(linkedinSlug('https://example.com/grace')).toBeNull();
  });
});
