import { useSWRConfig } from 'swr';
import { useApiClient } from '@/lib/http/useApiClient';
import { activityKey, startActivity, type UpdateActivity, updateActivity } from '../api/activityApi';

/** The counts of contacts being added: rows done (added, or skipped as already there), of which added, and failed. */
export type AddContactsCounts = { completed: number; added: number; failed: number };

export type ActivityReport = {
  /** the counts so far; sent one request at a time, the latest counts winning over those not sent yet */
  progress: (counts: AddContactsCounts) => void;
  /** the end: completed, or failed with why (the server cuts it to 50 characters) */
  finish: (counts: AddContactsCounts, failure?: string) => Promise<void>;
};

const countsBody = ({ completed, added, failed }: AddContactsCounts): UpdateActivity => ({
  completedCount: completed,
  fetchedCount: added,
  failedCount: failed,
});

/**
 * Reports contacts the browser adds itself (a CSV file, a list of URLs) to the server's activity log (SPEC §3
 * 'Activity action'), which the sidebar shows. Reporting is best effort: a refused or failed report never stops the
 * adding; without a started action (POST refused) nothing more is sent.
 */
export const useActivityReport = () => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();

  const start = (profileCount: number): ActivityReport => {
    const started = startActivity(api, { actionType: 'add_contacts', profileCount }).then(
      (action) => {
        void mutate(activityKey);
        return action.id;
      },
      () => null,
    );
    // the requests one after another, so the end is never overtaken by a count (a finished action refuses them)
    let queue: Promise<unknown> = started;
    let waiting: UpdateActivity | null = null;
    const send = (body: UpdateActivity) =>
      started.then(async (id) => {
        if (!id) return;
        try {
          await updateActivity(api, id, body);
        } catch {
          // a count that did not land is replaced by the next one; the end is still sent
        }
      });

    return {
      progress: (counts) => {
        const pending = waiting !== null;
        waiting = countsBody(counts);
        if (pending) return;
        queue = queue.then(() => {
          const body = waiting;
          waiting = null;
          return body ? send(body) : undefined;
        });
      },
      finish: async (counts, failure) => {
        waiting = null;
        queue = queue.then(() =>
          send({
            ...countsBody(counts),
            ...(failure === undefined
              ? { status: 'completed' }
              : { status: 'failed', error: failure.trim().slice(0, 2000) || 'Failed' }),
          }),
        );
        await queue;
        void mutate(activityKey);
      },
    };
  };

  return { start };
};
