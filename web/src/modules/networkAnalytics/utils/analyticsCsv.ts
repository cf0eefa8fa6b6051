import { writeCsv } from '@/modules/contacts/utils/csv';
import type { AnalyticsTable } from './analyticsTables';

/** A spreadsheet reads a cell starting with one of these as a formula (OWASP 'CSV injection'). */
const formulaStart = /^[=+\-@\t\r]/;

/** The cell as text a spreadsheet shows and never runs: a leading formula character gets a `'` before it. */
export const neutraliseFormula = (cell: string) => (formulaStart.test(cell) ? `'${cell}` : cell);

/** The table as the app's CSV (RFC 4180, UTF-8 with a byte-order mark): its headers, then its rows as shown. */
export const analyticsTableCsv = (table: AnalyticsTable) =>
  writeCsv([table.columns.map((column) => column.title), ...table.rows].map((row) => row.map(neutraliseFormula)));

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `outreach-analytics-<table>-<period>-YYYY-MM-DD.csv`, dated in the person's own time zone. */
export const analyticsCsvFileName = (table: AnalyticsTable, period: string, now = new Date()) =>
  `outreach-analytics-${table.id}-${period}-${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}.csv`;
