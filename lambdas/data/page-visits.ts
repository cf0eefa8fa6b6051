import { UpdateCommand } from './dynamo.js';
import { type TrackedEventName, trackedDaysKept } from '../../shared/tracking.js';
import type { DataClient } from './client.js';
import { updateParams } from './expressions.js';

/**
 * Page visits and named events of the web (SPEC §2 'tracking'), counted, not logged: one item per UTC day, event and
 * path, `PAGEVISITS#<YYYY-MM-DD>` / `<event>#<path>`, holding `count` (an atomic ADD per request). No visitor is
 * identified: no user id, address, browser or time of a single visit is stored, so the counts hold no personal data.
 * Each item goes `trackedDaysKept` days after its day (`ttl`). A day's counts are one Query of its partition.
 */
export type PageVisitCount = { name: TrackedEventName; path: string; count: number };

export const pageVisitRecord = 'pageVisits';
const dayPrefix = 'PAGEVISITS#';
export const pageVisitKey = (day: string, name: TrackedEventName, path: string) => ({
  pk: `${dayPrefix}${day}`,
  sk: `${name}#${path}`,
});

const dayMs = 86_400_000;

/** Adds `amount` to the day's count of each event and path (in parallel, one UpdateItem each); answers the new counts. */
export const countPageVisits = async (
  db: DataClient,
  day: string,
  visits: readonly { name: TrackedEventName; path: string; amount: number }[],
): Promise<PageVisitCount[]> => {
  const ttl = Math.ceil((Date.parse(`${day}T00:00:00Z`) + (trackedDaysKept + 1) * dayMs) / 1000);
  return Promise.all(
    visits.map(async ({ name, path, amount }) => {
      const { Attributes } = await db.documents.send(
        new UpdateCommand({
          ...updateParams(db.table, pageVisitKey(day, name, path), {
            set: { entity: pageVisitRecord, day, name, path, ttl },
            add: { count: amount },
          }),
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { name, path, count: Number(Attributes?.count ?? amount) };
    }),
  );
};
