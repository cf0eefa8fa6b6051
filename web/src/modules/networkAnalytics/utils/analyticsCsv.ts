import { writeCsv } from '@/modules/contacts/utils/csv';
import type { AnalyticsTable } from './analyticsTables';

/**
 * The table as the app's CSV (RFC 4180, UTF-8 with a byte-order mark, formula cells written as text): its headers,
 * then its rows as shown.
 */
export const analyticsTableCsv = (table: AnalyticsTable) =>
  writeCsv([table.columns.map((column) => column.title), ...table.rows]);

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `outreach-analytics-<table>-<period>-YYYY-MM-DD.csv`, dated in the person's own time zone. */
export const analyticsCsvFileName = (table: AnalyticsTable, period: string, now = new Date()) =>
  `outreach-analytics-${table.id}-${period}-${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}.csv`;
