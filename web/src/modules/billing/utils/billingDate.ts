/** A renewal or refresh date as the plans page shows it: 'Dec 24, 2026' in the reader's locale. */
export const billingDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
