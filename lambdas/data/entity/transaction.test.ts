import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { DataClient } from '../client.js';
import { type TransactionWrite, transact, worthRetrying } from './transaction.js';

/**
 * A conflict cannot be provoked on DynamoDB Local, which runs one transaction at a time (the integration test covers
 * the rest on it): here DynamoDB's answer is given as the SDK hands it over, one code per write sent, in order.
 */
const answering = (codes: string[]) => {
  const sent: unknown[] = [];
  const db = {
    table: 'T',
    documents: {
      send: async (command: { input: { TransactItems: unknown[] } }) => {
        sent.push(...command.input.TransactItems);
        throw new TransactionCanceledException({
          message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`,
          $metadata: {},
          CancellationReasons: codes.map((Code) => ({ Code })),
        });
      },
    },
  } as unknown as DataClient;
  return { db, sent };
};
const check = (sk: string): TransactionWrite => ({
  ConditionCheck: { TableName: 'T', Key: { pk: 'P', sk }, ConditionExpression: 'attribute_exists(pk)' },
});

describe("the entity layer's transaction, cancelled by a conflict", () => {
  it('names the writes another transaction was writing, and is worth trying again', async () => {
    const { db, sent } = answering(['None', 'None', 'TransactionConflict', 'None']);
    const outcome = await transact(db, {
      contact: check('A'),
      skipped: [],
      directory: [check('B'), check('C')],
      quota: check('D'),
    });
    expect(sent).toHaveLength(4);
    expect(outcome.done).toBe(false);
    if (outcome.done) return;
    expect(outcome.conflict).toBe(true);
    expect([...outcome.conflicted]).toEqual(['directory']);
    expect([...outcome.stoppedBy]).toEqual(['directory']);
    expect(outcome.refused.size).toBe(0);
    expect(outcome.refusedAt('directory')).toEqual([]);
    expect(worthRetrying(outcome)).toBe(true);
    expect(outcome.summary).toBe('contact: None, directory: None, directory: TransactionConflict, quota: None');
  });

  it('is not worth trying again when a write was throttled', async () => {
    const { db } = answering(['ThrottlingError', 'None']);
    const outcome = await transact(db, { quota: check('A'), contact: check('B') });
    expect(outcome.done).toBe(false);
    if (outcome.done) return;
    expect([...outcome.stoppedBy]).toEqual(['quota']);
    expect(outcome.conflict).toBe(false);
    expect(worthRetrying(outcome)).toBe(false);
  });
});
