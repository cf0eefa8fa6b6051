/**
 * The one reading of a failed condition for a single write (a transaction's come back as its outcome, see
 * `transaction.ts`): services call `writtenIf` and never look at SDK errors.
 */

/**
 * A conditional write whose condition did not hold, as the SDK reports it; `Item` is the item as it stood when the
 * write asked for it (`ReturnValuesOnConditionCheckFailure: 'ALL_OLD'`): plain values from the document client, or
 * attribute values (`{ S: ... }`) when the write went through the low-level client (say so as `Item`).
 */
export const isConditionFailed = <Item = Record<string, unknown>>(error: unknown): error is Error & { Item?: Item } =>
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
