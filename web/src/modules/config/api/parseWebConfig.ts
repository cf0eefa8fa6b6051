import { redditPixelIdPattern } from '@shared/tracking';
import type { WebConfig } from '@shared/web-config';
import { isRecord } from '@/lib/isRecord';

/**
 * `config.json` checked against the contract of shared/web-config.ts without zod. The check runs before the first
 * page renders, and zod's core would be the largest part of the landing page's JavaScript after React and the router
 * (`/` at most 110 KiB gzip). The schema stays the contract: the local stack parses what it serves with it,
 * the CDK tests check the deployed fields against it, and parseWebConfig.test.ts holds this check to its verdicts.
 */

const invalid = Symbol('invalid');
type Field<T> = (value: unknown) => T | typeof invalid;

const text: Field<string> = (value) => (typeof value === 'string' ? value : invalid);

// as zod's `z.url()`: trimmed, parsed by the platform's URL parser, tabs and line breaks dropped
const url: Field<string> = (value) => {
  if (typeof value !== 'string') return invalid;
  const trimmed = value.trim();
  try {
    new URL(trimmed);
  } catch {
    return invalid;
  }
  return trimmed.replace(/[\t\n\r]/g, '');
};

const matching =
  (pattern: RegExp): Field<string> =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? value : invalid;

const oneOf =
  <const V extends string>(...values: V[]): Field<V> =>
  (value) =>
    values.includes(value as V) ? (value as V) : invalid;

const optional =
  <T>(field: Field<T>): Field<T | undefined> =>
  (value) =>
    value === undefined ? undefined : field(value);

const listOf =
  <T>(item: Field<T>): Field<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return invalid;
    const items = value.map(item);
    return items.includes(invalid) ? invalid : (items as T[]);
  };

const recordOf =
  <T>(item: Field<T>): Field<Record<string, T>> =>
  (value) => {
    if (!isRecord(value)) return invalid;
    const entries = Object.entries(value).map(([key, entry]) => [key, item(entry)] as const);
    return entries.some(([, entry]) => entry === invalid)
      ? invalid
      : (Object.fromEntries(entries) as Record<string, T>);
  };

const objectOf =
  <T extends Record<string, unknown>>(fields: { [K in keyof T]: Field<T[K]> }): Field<T> =>
  (value) => {
    if (!isRecord(value)) return invalid;
    const parsed: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields) as [string, Field<unknown>][]) {
      const result = field(value[key]);
      if (result === invalid) return invalid;
      if (result !== undefined) parsed[key] = result;
    }
    return parsed as T;
  };

/** One check per field of shared/web-config.ts; `satisfies` fails the build when the schema gains or loses a field. */
const fields = {
  stage: text,
  apiUrl: url,
  liveUrl: optional(url),
  region: text,
  userPoolId: text,
  userPoolClientId: text,
  cognitoEndpoint: optional(url),
  authFlowType: oneOf('USER_SRP_AUTH', 'USER_PASSWORD_AUTH'),
  oauthDomain: optional(text),
  identityProviders: listOf(oneOf('Google', 'Microsoft')),
  providers: recordOf(oneOf('real', 'sandbox')),
  analytics: optional(objectOf<{ endpoint: string }>({ endpoint: url })),
  redditPixelId: optional(matching(redditPixelIdPattern)),
} satisfies { [K in keyof Required<WebConfig>]: Field<WebConfig[K]> };

export type WebConfigCheck = { success: true; data: WebConfig } | { success: false; invalidFields: string[] };

/** The configuration with unknown keys left out (as the schema's parse does), or the fields that are missing or malformed. */
export const parseWebConfig = (body: unknown): WebConfigCheck => {
  if (!isRecord(body)) return { success: false, invalidFields: ['(root)'] };
  const data: Record<string, unknown> = {};
  const invalidFields: string[] = [];
  for (const [key, field] of Object.entries(fields) as [string, Field<unknown>][]) {
    const result = field(body[key]);
    if (result === invalid) invalidFields.push(key);
    else if (result !== undefined) data[key] = result;
  }
  return invalidFields.length ? { success: false, invalidFields } : { success: true, data: data as WebConfig };
};
