import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/modules/contacts/utils/csv';
import { analyticsCsvFileName, analyticsTableCsv } from './analyticsCsv';
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
    const csv = analyticsTableCsv(table(cells.map((cell) => [cell, '3'])));
    // as a spreadsheet reads the file: each such cell starts with the text mark, none with a formula character
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")",3`);
    expect(csv).toContain(`'+1+2,3`);
    expect(csv).toContain(`'-2+3,3`);
    expect(csv).toContain(`'@SUM(A1),3`);
    expect(csv).toContain(`'\t=1,3`);
    expect(csv).toContain(`"'\r=1",3`);
    expect(csv).not.toMatch(/(^|\r\n|,)"?[=+\-@]/);
  });
});

describe('analyticsCsvFileName', () => {
  it('names the table, the period and the day', () => {
    expect(analyticsCsvFileName(table([]), 'quarter', new Date(2026, 10, 4, 12))).toBe(
      'outreach-analytics-replies-by-company-quarter-2026-11-04.csv',
    );
  });
});
