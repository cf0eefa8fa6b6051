import { isApiError } from './ApiError';

export type FieldError<N extends string = string> = { name: N; errors: string[] };

const isIssue = (value: unknown): value is { field: string; message: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { field?: unknown }).field === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';

/**
 * The per-field messages of a 400 answer (`details: [{field: 'body.bio', message}]`, DESIGN §1 "Envelope and
 * errors") for a form's fields; one entry per field, its messages in order. `known` lists the form's fields when
 * they are named as on the wire, or maps wire names to form names (e.g. `{job_title: 'jobTitle'}`).
 */
export const fieldErrors = <N extends string>(
  error: unknown,
  known: readonly N[] | Readonly<Record<string, N>>,
): FieldError<N>[] => {
  if (!isApiError(error) || !Array.isArray(error.details)) return [];
  const formName = (wire: string): N | undefined =>
    Array.isArray(known) ? known.find((field) => field === wire) : (known as Readonly<Record<string, N>>)[wire];
  const byField = new Map<N, string[]>();
  for (const issue of error.details.filter(isIssue)) {
    const name = formName(issue.field.replace(/^body\./, '').split('.')[0] ?? '');
    if (!name) continue;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
};
