import type { TrackBody, TrackResponse } from '../../shared/schemas/tracking.js';
import { countPageVisits } from '../data/page-visits.js';
import type { DashboardDeps } from './deps.js';

/**
 * POST /api/track (SPEC §2 'tracking'): the batch, already checked by its schema (known event names, app paths, at
 * most 20 events, no other field), counted on the day it arrives (the browser's `at` is not trusted with the day: a
 * forged one would rewrite past days). The same event and path twice in a batch is one update of 2.
 */
export const recordPageVisits = async (
  deps: Pick<DashboardDeps, 'db' | 'now'>,
  body: TrackBody,
): Promise<TrackResponse> => {
  const day = deps.now().toISOString().slice(0, 10);
  const amounts = new Map<string, { name: TrackBody['events'][number]['name']; path: string; amount: number }>();
  for (const { name, path } of body.events) {
    const key = `${name}#${path}`;
    const entry = amounts.get(key);
    if (entry) entry.amount += 1;
    else amounts.set(key, { name, path, amount: 1 });
  }
  const counts = await countPageVisits(deps.db, day, [...amounts.values()]);
  return { accepted: body.events.length, day, counts };
};
