import { isApiError } from '../../api/ApiError';

export type FieldError<N extends string = string> = { name: N; errors: string[] };

const isIssue = (value: unknown): value is { field: string; message: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { field?: unknown }).field === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';

/**
 * The per-field messages of a 400 answer (`details: [{field: 'body.bio', message}]`, DESIGN §1 "Envelope and
 * errors"), for the fields `known` to the form; one entry per field, its messages in order.
 */
export const fieldErrors = <N extends string>(error: unknown, known: readonly N[]): FieldError<N>[] => {
  if (!isApiError(error) || !Array.isArray(error.details)) return [];
  const byField = new Map<N, string[]>();
  for (const issue of error.details.filter(isIssue)) {
    const name = known.find((field) => field === (issue.field.replace(/^body\./, '').split('.')[0] ?? ''));
    if (!name) continue;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
};
