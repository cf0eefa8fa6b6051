const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-11-21` -> '21 November 2026': the day as written, whatever the reader's time zone. */
export const formatPostDate = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
