/** What one run of a renewal job did; `left`: due, not started before the run's time was up (the next run takes them). */
export type RenewalSummary = {
  due: number;
  renewed: number;
  expired: number;
  skipped: number;
  failed: number;
  left: number;
};

export type RenewalOutcome = keyof Omit<RenewalSummary, 'due' | 'left'>;

/**
 * The loop of a scheduled renewal job (DESIGN §4: the mailboxes' and Zoom's token refresh): the due items in
 * `concurrency` lanes, each `renewOne` answering what it did. A failure is counted and told to `onFailure`, and does
 * not stop the others. No renewal starts once `canStart` says there is no time left for its worst case; what was not
 * started is `left` for the next run.
 */
export const renewDue = async <T>(
  due: readonly T[],
  options: {
    concurrency: number;
    /** whether there is time left to renew `next` (the item about to start) */
    canStart: (next: T) => boolean;
    renewOne: (item: T) => Promise<RenewalOutcome>;
    onFailure: (item: T, error: unknown) => void;
  },
): Promise<RenewalSummary> => {
  const summary: RenewalSummary = { due: due.length, renewed: 0, expired: 0, skipped: 0, failed: 0, left: 0 };
  let next = 0;
  const lane = async () => {
    while (next < due.length && options.canStart(due[next]!)) {
      const item = due[next++]!;
      try {
        summary[await options.renewOne(item)] += 1;
      } catch (error) {
        summary.failed += 1;
        options.onFailure(item, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, due.length) }, lane));
  summary.left = due.length - next;
  return summary;
};
