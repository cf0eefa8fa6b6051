import type { TransactWriteCommandInput } from '../dynamo.js';
import { TransactWriteCommand } from '../dynamo.js';
import type { DataClient } from '../client.js';

/**
 * The entity layer's one transaction (DESIGN §3): writes are given by name, and what became of them is read by those
 * names. Services never see DynamoDB's cancellation codes nor the position of a write in the request.
 */

/** One write of a transaction (`{Put}`, `{Update}`, `{Delete}` or `{ConditionCheck}`, with the table's name). */
export type TransactionWrite = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The writes of a transaction by name; a name may hold several writes (or none: `undefined` and `[]` are skipped). */
export type NamedWrites = Record<string, TransactionWrite | readonly TransactionWrite[] | undefined>;

/** What a transaction came to. */
export type TransactionOutcome<Name extends string = string> =
  | { readonly done: true }
  | {
      readonly done: false;
      /** the names with at least one write whose condition did not hold */
      readonly refused: ReadonlySet<Name>;
      /** another request wrote one of the items meanwhile: the same transaction may succeed when tried again */
      readonly conflict: boolean;
      /** the names with at least one write another request was writing meanwhile (what makes `conflict`) */
      readonly conflicted: ReadonlySet<Name>;
      /**
       * the names with at least one write that stopped the transaction, whatever the cause (its condition, a conflict,
       * a throttle, an invalid write); the other names' writes were fine
       */
      readonly stoppedBy: ReadonlySet<Name>;
      /** the places, within `name`'s writes, of those whose condition did not hold */
      readonly refusedAt: (name: Name) => readonly number[];
      /** one line for an error message: `quota: ConditionalCheckFailed, contact: None` */
      readonly summary: string;
    };

/** A refused transaction that is worth trying again as it stands: a condition that held no longer, or a conflict. */
export const worthRetrying = <Name extends string>(outcome: TransactionOutcome<Name>) =>
  !outcome.done && (outcome.conflict || outcome.refused.size > 0);

/** DynamoDB's code for each write of a cancelled transaction, in order; null when `error` is no cancelled transaction. */
const cancellationCodes = (error: unknown): string[] | null => {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
};

/**
 * Writes `writes` in ONE transaction (all or nothing, at most 100 writes). A cancelled transaction comes back as its
 * outcome; anything else DynamoDB answers (throttling, validation) is thrown.
 */
export const transact = async <Writes extends NamedWrites>(
  db: DataClient,
  writes: Writes,
): Promise<TransactionOutcome<Extract<keyof Writes, string>>> => {
  type Name = Extract<keyof Writes, string>;
  const places: { name: Name; index: number }[] = [];
  const items: TransactionWrite[] = [];
  for (const [name, value] of Object.entries(writes) as [Name, Writes[Name]][]) {
    const group: readonly TransactionWrite[] = value === undefined ? [] : Array.isArray(value) ? value : [value];
    group.forEach((write, index) => {
      places.push({ name, index });
      items.push(write);
    });
  }
  try {
    await db.documents.send(new TransactWriteCommand({ TransactItems: items }));
    return { done: true };
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    const namesWhere = (stopped: (code: string) => boolean) =>
      new Set(places.filter((_, at) => stopped(codes[at] ?? 'None')).map(({ name }) => name));
    const failed = places.filter((_, at) => codes[at] === 'ConditionalCheckFailed');
    const conflicted = namesWhere((code) => code === 'TransactionConflict');
    return {
      done: false,
      refused: new Set(failed.map(({ name }) => name)),
      conflict: conflicted.size > 0,
      conflicted,
      stoppedBy: namesWhere((code) => code !== 'None'),
      refusedAt: (name) => failed.filter((place) => place.name === name).map(({ index }) => index),
      summary: places.map(({ name }, at) => `${name}: ${codes[at] ?? 'None'}`).join(', '),
    };
  }
};
