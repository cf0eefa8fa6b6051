/**
 * Why a transaction was refused, one code per write in order (`ConditionalCheckFailed`, `TransactionConflict`,
 * `None`...); null when `error` is not a cancelled transaction.
 * @deprecated the entity layer's `transact` (entity/transaction.ts) answers by the writes' names; this goes once the
 * last hand-written transaction does.
 */
export const cancellationReasons = (error: unknown): string[] | null => {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
};
