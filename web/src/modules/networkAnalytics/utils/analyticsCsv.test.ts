import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/modules/contacts/utils/csv';
import { analyticsCsvFileName, analyticsTableCsv, neutraliseFormula } from './analyticsCsv';
import type { AnalyticsTable } from './analyticsTables';

const table = (rows: string[][]): AnalyticsTable => ({
  id: 'replies-by-company',
  caption: 'Replies by company',
  columns: [
    { title: 'Company', numeric: false },
    { title: 'E-mails sent', numeric: true },
  ],
  rows,
});

describe('analyticsTableCsv', () => {
  it('writes the headers then the rows, CRLF ends, a byte-order mark first', () => {
    expect(analyticsTableCsv(table([['Initech', '12']]))).toBe('\uFEFFCompany,E-mails sent\r\nInitech,12\r\n');
  });

  it('quotes cells holding commas, quotes or line breaks, so they read back whole', () => {
    const cells = ['Hopper, Grace & Co', 'The "Best" Ltd', 'Two\nlines', 'Carriage\r\nreturn'];
    const csv = analyticsTableCsv(table(cells.map((cell) => [cell, '1'])));
    expect(csv).toContain('"Hopper, Grace & Co",1\r\n');
    expect(csv).toContain('"The ""Best"" Ltd",1\r\n');
    expect(parseCsv(csv).slice(1)).toEqual(cells.map((cell) => [cell, '1']));
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const cells = ['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
    const read = parseCsv(analyticsTableCsv(table(cells.map((cell) => [cell, '3'])))).slice(1);
    expect(read.map(([cell]) => cell)).toEqual(cells.map((cell) => `'${cell}`));
    expect(read.every(([cell]) => !/^[=+\-@\t\r]/.test(cell ?? ''))).toBe(true);
  });
});

describe('neutraliseFormula', () => {
  it('leaves ordinary text and numbers as they are', () => {
    for (const cell of ['Initech', '12', '42.5%', 'Tue, Nov 3', 'a=b', 'x-y', ''])
      expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('analyticsCsvFileName', () => {
  it('names the table, the period and the day', () => {
    expect(analyticsCsvFileName(table([]), 'quarter', new Date(2026, 10, 4, 12))).toBe(
      'outreach-analytics-replies-by-company-quarter-2026-11-04.csv',
    );
  });
});
