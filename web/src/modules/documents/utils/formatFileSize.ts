import { i18n } from '@/i18n';

/** 532 -> '532 B', 48_213 -> '47 KB', 1_572_864 -> '1.5 MB' ('1,5 MB' in German: the interface's number format). */
export const formatFileSize = (bytes: number) => {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      value,
    );
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${number(Math.round(bytes / 1024), 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
};
