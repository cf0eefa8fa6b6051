import type * as z from 'zod/mini';
import { validationFailed, type FieldIssue } from './errors.js';

/** Names the failing field of each zod issue, prefixed by the part of the request (`body.theme`). */
export const fieldIssues = (part: string, error: z.core.$ZodError): FieldIssue[] =>
  error.issues.flatMap((issue) => {
    const base = [part, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: `${base}.${key}`, message: 'Unknown field' }));
    }
    return [{ field: base, message: issue.message }];
  });

/**
 * How many failing fields a 400 lists at most, so a body with thousands of wrong or unknown fields answers a short
 * error instead of one that grows with whatever was sent; the message counts the rest.
 */
export const maxListedIssues = 20;

/** Parses `value` with `schema` or throws a 400 naming the failing fields (at most `maxListedIssues` of them). */
export const parseOrThrow = <S extends z.ZodMiniType>(part: string, schema: S, value: unknown): z.infer<S> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = fieldIssues(part, parsed.error);
    throw validationFailed(issues.slice(0, maxListedIssues), Math.max(0, issues.length - maxListedIssues));
  }
  return parsed.data;
};
