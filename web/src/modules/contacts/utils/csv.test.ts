import { describe, expect, it } from 'vitest';
import { neutraliseFormula, parseCsv, writeCsv } from './csv';

describe('parseCsv', () => {
  it('splits plain fields and records with LF or CRLF', () => {
    expect(parseCsv('a,b,c\n1,2,3\r\n4,5,6')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(parseCsv('name,notes\r\n"Hopper, Grace","said ""hi""\r\nthen left"\r\n')).toEqual([
      ['name', 'notes'],
      ['Hopper, Grace', 'said "hi"\r\nthen left'],
    ]);
  });

  it('drops a leading byte-order mark and blank lines', () => {
    expect(parseCsv('\uFEFFname\n\nAda\n\n')).toEqual([['name'], ['Ada']]);
  });

  it('keeps empty fields, also at the end of a record', () => {
    expect(parseCsv('a,,c,\n,,,')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('keeps a quoted empty field on its own line as a record', () => {
    expect(parseCsv('a\n""\nb')).toEqual([['a'], [''], ['b']]);
  });

  it('reads a record without a final line break', () => {
    expect(parseCsv('x,"y"')).toEqual([['x', 'y']]);
  });
});

describe('writeCsv', () => {
  it('quotes only the fields that need it and ends lines with CRLF after a BOM', () => {
    expect(writeCsv([['a', 'b,c', 'say "hi"', 'two\nlines', ' padded']])).toBe(
      '\uFEFFa,"b,c","say ""hi""","two\nlines"," padded"\r\n',
    );
  });

  it('round-trips through parseCsv', () => {
    const rows = [
      ['LinkedIn URL', 'Name', 'Notes'],
      ['https://www.linkedin.com/in/grace-hopper-1906', 'Grace "Amazing" Hopper', 'Met at a conference,\r\nfollow up'],
      ['', 'Ada Lovelace', ''],
    ];
    expect(parseCsv(writeCsv(rows))).toEqual(rows);
    expect(parseCsv(writeCsv(rows, { bom: false }))).toEqual(rows);
  });
});

describe('formula cells (CSV injection)', () => {
  it('writes a cell a spreadsheet would run as text, and reads it back as it was', () => {
    const rows = [['=HYPERLINK("http://evil","Open")', '+1 555 0100', '-x', '@SUM(A1)', 'Ada']];
    const csv = writeCsv(rows, { bom: false });
    expect(csv).toBe(`"'=HYPERLINK(""http://evil"",""Open"")",'+1 555 0100,'-x,'@SUM(A1),Ada\r\n`);
    expect(parseCsv(csv)).toEqual(rows);
  });

  it('leaves ordinary text and numbers as they are', () => {
    for (const cell of ['Initech', '12', '42.5%', 'Tue, Nov 3', 'a=b', 'x-y', '', "'quoted"])
      expect(neutraliseFormula(cell)).toBe(cell);
  });
});
