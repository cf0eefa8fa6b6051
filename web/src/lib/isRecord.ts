/** Whether `value` is an object whose fields can be read (not null, not an array): the first check of untrusted JSON. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
