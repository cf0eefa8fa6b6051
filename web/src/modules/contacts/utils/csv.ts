/** One parsed CSV file: rows of fields, the header row included. */
export type CsvRows = string[][];

const byteOrderMark = '\uFEFF';

/** A spreadsheet runs a cell starting with one of these as a formula (OWASP 'CSV injection'). */
const formulaStart = /^[=+\-@\t\r]/;

/** The cell as text a spreadsheet shows and never runs: a leading formula character gets a `'` before it. */
export const neutraliseFormula = (cell: string) => (formulaStart.test(cell) ? `'${cell}` : cell);

/** What `neutraliseFormula` wrote, read back as the cell it was (so a file this app wrote imports unchanged). */
const restoreFormula = (cell: string) =>
  cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell;

/**
 * Parses RFC 4180 CSV: fields separated by commas, records by CRLF or LF (a lone CR too), fields in double quotes may
 * hold commas, quotes (doubled) and line breaks. A leading byte-order mark is dropped (spreadsheets write one), and
 * so are blank lines, which spreadsheets leave at the end.
 */
export const parseCsv = (input: string): CsvRows => {
  const text = input.startsWith(byteOrderMark) ? input.slice(1) : input;
  const rows: CsvRows = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  /** the current field began with a quote, so text after its closing quote is kept as is */
  let wasQuoted = false;

  const endField = () => {
    row.push(restoreFormula(field));
    field = '';
    wasQuoted = false;
  };
  const endRow = () => {
    const blank = row.length === 0 && field === '' && !wasQuoted;
    endField();
    if (!blank) rows.push(row);
    row = [];
  };

  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0 || wasQuoted) endRow();
  return rows;
};

const needsQuotes = /[",\r\n]|^\s|\s$/;

/** One field, quoted when it holds a comma, quote, line break or edge space (RFC 4180 §2.6, §2.7). */
const writeField = (value: string) => (needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * Writes RFC 4180 CSV with CRLF line ends and a byte-order mark, so spreadsheet programs read UTF-8 names right. A
 * cell a spreadsheet would run as a formula is written as text (`neutraliseFormula`): a contact's name or company
 * comes from outside (a profile, an imported file), and opening an export must never run what someone planted there.
 * @param bom @default true
 */
export const writeCsv = (rows: readonly (readonly string[])[], { bom = true }: { bom?: boolean } = {}) =>
  `${bom ? byteOrderMark : ''}${rows.map((row) => row.map((cell) => writeField(neutraliseFormula(cell))).join(',')).join('\r\n')}\r\n`;
