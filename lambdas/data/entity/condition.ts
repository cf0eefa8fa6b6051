/**
 * The one reading of a failed condition for a single write (a transaction's come back as its outcome, see
 * `transaction.ts`): services call `writtenIf` and never look at SDK errors.
 */

/**
 * A conditional write whose condition did not hold, as the SDK reports it; `Item` is the item as it stood when the
 * write asked for it (`ReturnValuesOnConditionCheckFailure: 'ALL_OLD'`).
 */
export const isConditionFailed = (error: unknown): error is Error & { Item?: Record<string, unknown> } =>
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
