import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { maxListedIssues, parseOrThrow } from './validation.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected a refusal');
};

describe('request validation', () => {
  it('lists at most 20 failing fields, and says how many more failed', () => {
    const schema = z.strictObject({ tags: z.array(z.string()).optional() });
    const unknown = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`extra${index}`, index]));
    const error = refusal(() => parseOrThrow('body', schema, { ...unknown, tags: Array(25).fill(1) }));

    expect(maxListedIssues).toBe(20);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.details).toHaveLength(20);
    expect(error.message).toMatch(/; and 35 more$/);
    expect(error.message.split('; ')).toHaveLength(21);
  });

  it('lists every failing field when there are 20 or fewer', () => {
    const schema = z.strictObject({ name: z.string(), age: z.number() });
    const error = refusal(() => parseOrThrow('body', schema, { name: 1, age: 'x' }));
    expect(error.details).toEqual([
      { field: 'body.name', message: expect.any(String) },
      { field: 'body.age', message: expect.any(String) },
    ]);
    expect(error.message).not.toContain('more');
  });
});
