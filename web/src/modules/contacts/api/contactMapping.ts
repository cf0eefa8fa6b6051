import type * as z from 'zod';
import type {
  ContactWire,
  contactPreviewSchema,
  createContactBody,
  educationSchema,
  experienceSchema,
  updateContactBody,
} from '@shared/schemas/contacts';

/** `first_name` -> `firstName` at the type level. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
/** `firstName` -> `first_name` at the type level. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Uppercase<Head> ? (Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`) : Head}${SnakeCase<Tail>}`
  : S;
type Camelized<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] };

export type Education = Camelized<z.infer<typeof educationSchema>>;
export type Experience = Camelized<z.infer<typeof experienceSchema>>;

/** SPEC §3 'Contact' as the web holds it: camelCase, unique facts as `uniqueInsights`. */
export type Contact = Omit<
  Camelized<ContactWire>,
  'uniquePerplexityFacts' | 'perplexitySearchedAt' | 'education' | 'experiences'
> & {
  /** server: unique_perplexity_facts */
  uniqueInsights: string[];
  /** server: perplexity_searched_at */
  uniqueInsightsTimestamp: string | null;
  education: Education[];
  experiences: Experience[];
  /** SPEC §3: seen on contact payloads in the client, never sent to the server */
  generatedEmail?: string;
  generatedAt?: string;
};

export type ContactPreview = Omit<Camelized<z.infer<typeof contactPreviewSchema>>, 'education' | 'experiences'> & {
  education: Education[];
  experiences: Experience[];
};

export type NewContact = Camelized<z.input<typeof createContactBody>>;
export type ContactUpdate = Omit<
  Camelized<z.input<typeof updateContactBody>>,
  'uniquePerplexityFacts' | 'perplexitySearchedAt'
> & {
  uniqueInsights?: string[];
  uniqueInsightsTimestamp?: string | null;
};

/** SPEC §3: the two fields whose client names are not the camelCase of the server's. */
const renamedToClient: Record<string, string> = {
  unique_perplexity_facts: 'uniqueInsights',
  perplexity_searched_at: 'uniqueInsightsTimestamp',
};
const renamedToServer: Record<string, string> = Object.fromEntries(
  Object.entries(renamedToClient).map(([server, client]) => [client, server]),
);
/** SPEC §3: client-only fields dropped on the way to the server. */
const clientOnly = new Set(['generatedEmail', 'generatedAt']);

const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Renames the keys of one level, and of the education and experience entries inside. */
const mapKeys = (record: Record<string, unknown>, rename: (key: string) => string | undefined) => {
  const mapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const name = rename(key);
    if (name === undefined) continue;
    mapped[name] =
      (key === 'education' || key === 'experiences') && Array.isArray(value)
        ? value.map((entry) => (isPlainObject(entry) ? mapKeys(entry, rename) : entry))
        : value;
  }
  return mapped;
};

const toClientKey = (key: string) => renamedToClient[key] ?? camelCase(key);
const toServerKey = (key: string) => (clientOnly.has(key) ? undefined : (renamedToServer[key] ?? snakeCase(key)));

/** A contact of the API (snake_case) as the web holds it (SPEC §3). `linkedin_data` stays as the server sent it. */
export const toContact = (wire: ContactWire): Contact => mapKeys(wire, toClientKey) as Contact;

export const toContactPreview = (wire: z.infer<typeof contactPreviewSchema>): ContactPreview =>
  mapKeys(wire, toClientKey) as ContactPreview;

/**
 * SPEC §3 'reverse mapping': client fields as the server names them; `uniqueInsights` as `unique_perplexity_facts`,
 * `uniqueInsightsTimestamp` as `perplexity_searched_at`, `generatedEmail` and `generatedAt` dropped, undefined
 * fields left out.
 */
export const toContactWire = <T extends Record<string, unknown>>(contact: T) =>
  mapKeys(Object.fromEntries(Object.entries(contact).filter(([, value]) => value !== undefined)), toServerKey) as {
    [K in keyof T as K extends 'generatedEmail' | 'generatedAt' ? never : K extends string ? ServerKey<K> : K]: T[K];
  };

type ServerKey<K extends string> = K extends 'uniqueInsights'
  ? 'unique_perplexity_facts'
  : K extends 'uniqueInsightsTimestamp'
    ? 'perplexity_searched_at'
    : SnakeCase<K>;
