/** 532 -> '532 B', 48_213 -> '47 KB', 1_572_864 -> '1.5 MB'. */
export const formatFileSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

/** '12 Mar 2026, 14:05' in the reader's locale; '' for a missing or unreadable date. */
export const formatUpdatedAt = (iso: string | null, locale?: string) => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};
