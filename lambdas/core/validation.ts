import type * as z from 'zod';
import { validationFailed, type FieldIssue } from './errors.js';

/** Names the failing field of each zod issue, prefixed by the part of the request (`body.theme`). */
export const fieldIssues = (part: string, error: z.ZodError): FieldIssue[] =>
  error.issues.flatMap((issue) => {
    const base = [part, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: `${base}.${key}`, message: 'Unknown field' }));
    }
    return [{ field: base, message: issue.message }];
  });

/** Parses `value` with `schema` or throws a 400 naming the failing fields. */
export const parseOrThrow = <S extends z.ZodType>(part: string, schema: S, value: unknown): z.infer<S> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationFailed(fieldIssues(part, parsed.error));
  return parsed.data;
};
