import { changedTenant, type StreamChange, streamConsumer } from '../core/stream.js';
import {
  applyStatsGroup,
  changesNothing,
  fitsOneTransaction,
  isMergeable,
  type StatsChange,
  type StatsGroupOutcome,
  type StatsOutcome,
  statsGroupWrites,
} from '../data/stats.js';
import { type ContactItem, getContact } from '../data/contact.js';
import { deletedAccounts } from '../data/deleted-account.js';
import type { DashboardDeps } from './deps.js';
import { applyDelta, type PendingValues, planOf } from './stats-apply.js';
import { type StatsDelta, statsDeltaOf } from './stats-delta.js';
import { applyFactChanges, factChangeOf } from './task-sources.js';

/** Users of a batch worked on side by side (each user's records in order). */
const usersAtOnce = 8;
/** A user's contacts read ahead side by side. */
const contactReadsAtOnce = 8;

/** A record of the batch that changes counters: its place in the batch, its event id and its delta. */
type Work = { index: number; eventId: string; delta: StatsDelta };

/** The conversations whose cohort item the record's change may write. */
const cohortIdsOf = ({ delta }: Work) =>
  [
    delta.started?.conversationId,
    delta.replied?.conversationId,
    delta.change.conversation && 'remove' in delta.change.conversation
      ? delta.change.conversation.remove.conversationId
      : undefined,
  ].filter((id): id is string => id !== undefined);

/** A record applied on its own (a meeting: its plan reads STATS; its SET/REMOVE cannot be summed). */
const goesAlone = ({ delta }: Work) => delta.meetingTouched !== undefined || !isMergeable(delta.change);

/**
 * The stats aggregator's batch (shared/streams.ts `stats`): each record's delta from its old and new image
 * (stats-delta.ts), applied once. A user's records run in their order (so each item's records too); different users
 * side by side (their counts only ADD, which commutes). A user's consecutive records are planned one after the other
 * (each plan sees what its predecessors count: the day's dimension values) and written together in ONE
 * TransactWriteItems (lambdas/data/stats.ts `applyStatsGroup`: every record's claim, the summed ADDs per item, the
 * cohort items), closed before a record whose writes would pass a transaction's limits or that writes a cohort the
 * group already writes (its plan reads it). A refused group (a record applied before, a condition, a conflict, an
 * outage) is applied again record by record (stats-apply.ts `applyDelta`, one transaction each), which handles each
 * case. Meetings go record by record. Once a record fails, it and every record after it in the batch are reported
 * (`batchItemFailures` by sequence number), so the stream delivers them again in order: what of them was applied is
 * skipped then by its claim. The changes of deleted accounts are dropped first (one BatchGetItem of their marks,
 * lambdas/data/deleted-account.ts). Before the counters, the batch keeps the pending tasks' facts (task-sources.ts).
 * Afterwards `stats.changed` reaches each user whose counts or facts changed (best effort: pages poll the summary too).
 */
export const statsBatch = (deps: DashboardDeps) =>
  streamConsumer({
    consumer: 'stats',
    logger: deps.logger,
    handle: async (all: readonly StreamChange[], batch) => {
      // a deleted account's changes count nothing: its wipe's removals, or a write that came before the wipe and
      // reaches the stream after it, would write the user's counters and facts again once the partition is empty
      let changes: readonly StreamChange[];
      try {
        const deleted = await deletedAccounts(
          deps.db,
          all.flatMap((change) => changedTenant(change) ?? []),
        );
        changes = deleted.size ? all.filter((change) => !deleted.has(changedTenant(change) ?? '')) : all;
      } catch (error) {
        batch.fail(0, error);
        return;
      }
      // the pending tasks' facts first (task-sources.ts): they hold each item's latest state, so when they fail the
      // whole batch comes again and what was applied changes nothing more
      let factsChanged: ReadonlySet<string>;
      try {
        factsChanged = await applyFactChanges(
          deps.db,
          changes.flatMap((change) => factChangeOf(change) ?? []),
        );
      } catch (error) {
        batch.fail(0, error);
        return;
      }
      const byUser = new Map<string, Work[]>();
      for (const change of changes) {
        const { index, eventId } = change;
        try {
          const delta = statsDeltaOf(change);
          if (delta) byUser.set(delta.uid, [...(byUser.get(delta.uid) ?? []), { index, eventId, delta }]);
        } catch (error) {
          batch.fail(index, error);
        }
      }
      const touched = new Set<string>();
      const told = (work: Work, outcome: StatsOutcome | StatsGroupOutcome) => {
        if (outcome === 'applied') touched.add(work.delta.uid);
        else if (outcome !== 'nothing') deps.logger.info('Stream record skipped', { eventId: work.eventId, outcome });
      };

      /** one record in its own transaction; false when it failed */
      const alone = async (work: Work) => {
        if (work.index > batch.failedFrom()) return false;
        try {
          told(work, await applyDelta(deps.db, work.eventId, work.delta, deps.now()));
          return true;
        } catch (error) {
          batch.fail(work.index, error);
          return false;
        }
      };

      const runUser = async (uid: string, works: Work[]) => {
        // the contacts of the conversations that start, read ahead side by side (the plans then run one after the other)
        const contacts = new Map<string, Promise<ContactItem | null>>();
        const toRead = [
          ...new Set(works.flatMap(({ delta }) => (delta.started?.contactId ? [delta.started.contactId] : []))),
        ];
        const contactOf = (id: string) => {
          const read = contacts.get(id) ?? getContact(deps.db, uid, id);
          contacts.set(id, read);
          return read;
        };
        const readAhead = async () => {
          for (let id = toRead.shift(); id !== undefined; id = toRead.shift())
            if (!contacts.has(id)) await contactOf(id).catch(() => null);
        };
        void Promise.all(Array.from({ length: contactReadsAtOnce }, readAhead));
        let group: { work: Work; change: StatsChange }[] = [];
        let pending: PendingValues = new Map();
        let cohorts = new Set<string>();
        /** writes the group (record by record when refused); false once a record failed */
        const flush = async () => {
          const entries = group;
          group = [];
          pending = new Map();
          cohorts = new Set();
          if (entries.length === 0) return true;
          let outcome: StatsGroupOutcome;
          try {
            outcome = await applyStatsGroup(
              deps.db,
              uid,
              entries.map(({ work, change }) => ({ eventId: work.eventId, change })),
              deps.now(),
            );
          } catch (error) {
            deps.logger.warn('Stream records applied one by one', { error });
            outcome = 'refused';
          }
          if (outcome !== 'refused') {
            for (const { work } of entries) told(work, outcome);
            return true;
          }
          for (const { work } of entries) if (!(await alone(work))) return false;
          return true;
        };
        const plan = async (work: Work) => {
          try {
            return await planOf(deps.db, work.delta, deps.now(), pending, contactOf);
          } catch (error) {
            batch.fail(work.index, error);
            return null;
          }
        };
        const planAndWrite = async () => {
          for (const work of works) {
            if (work.index > batch.failedFrom()) break;
            if (goesAlone(work)) {
              if (!(await flush()) || !(await alone(work))) return;
              continue;
            }
            const ids = cohortIdsOf(work);
            if (ids.some((id) => cohorts.has(id)) && !(await flush())) return;
            let change = await plan(work);
            if (!change) return void (await flush());
            if (changesNothing(change)) continue;
            let next = [...group, { work, change }];
            const writes = statsGroupWrites(
              deps.db,
              uid,
              next.map((entry) => ({ eventId: entry.work.eventId, change: entry.change })),
              deps.now(),
            );
            if (!fitsOneTransaction(writes)) {
              if (!(await flush())) return;
              change = await plan(work);
              if (!change) return;
              next = [{ work, change }];
            }
            group = next;
            for (const id of ids) cohorts.add(id);
          }
          await flush();
        };
        try {
          await planAndWrite();
        } finally {
          toRead.length = 0;
        }
      };

      const queue = [...byUser.entries()];
      await Promise.all(
        Array.from({ length: Math.min(usersAtOnce, queue.length) }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await runUser(...next);
        }),
      );
      await Promise.all(
        [...new Set([...touched, ...factsChanged])].map((uid) =>
          deps.live.publish(uid, { type: 'stats.changed', data: {} }).catch((error: unknown) => {
            deps.logger.warn('stats.changed was not published', { error });
          }),
        ),
      );
    },
  });
