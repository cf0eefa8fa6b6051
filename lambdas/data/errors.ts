/**
 * The one helper that recognises a failed condition (STYLE: services never look at raw SDK errors): a conditional
 * write whose condition did not hold, as the SDK reports it for a single write.
 */
export const isConditionFailed = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

/** A conditional write: true when it was written, false when its condition did not hold (nothing was written). */
export const writtenIf = async (write: Promise<unknown>): Promise<boolean> => {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
};

/**
 * Why a transaction was refused, one code per write in order (`ConditionalCheckFailed`, `TransactionConflict`,
 * `None`...); null when `error` is not a cancelled transaction.
 */
export const cancellationReasons = (error: unknown): string[] | null => {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
};
