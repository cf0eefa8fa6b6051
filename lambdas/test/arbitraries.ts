import fc from 'fast-check';
import * as z from 'zod/mini';

/** The part of JSON Schema that `z.toJSONSchema` writes for the route table's schemas. */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  /** values a schema names with `.meta({ examples })`: what a refinement JSON Schema cannot state takes */
  examples?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/**
 * Characters that cost several bytes each (a text at its length limit in these is the largest item a request can ask
 * to store), a NUL, and a lone surrogate (JSON carries it as `\ud800`; it is no UTF-8 at all).
 */
const hardCharacters = ['é', '€', '𝔘', '👩‍💻', '\u0000', '\ud800'];

/** Bounds of the generated values. */
type Limits = {
  /** the longest text, whatever the schema allows (a query string past ~8 KB is refused by HTTP itself) */
  maxTextLength: number;
};

/** A text of the schema's bounds: mostly ordinary, sometimes exactly at its longest and made of wide characters. */
const text = (schema: JsonSchema, limits: Limits): fc.Arbitrary<string> => {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 10_000, Math.max(limits.maxTextLength, minLength));
  if (schema.pattern) {
    // zod writes JavaScript regular expressions (flags are lost: generated text may miss a case-insensitive one)
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((value) => value.length >= minLength && value.length <= maxLength);
  }
  if (schema.format === 'uri') return fc.webUrl().filter((value) => value.length <= maxLength);
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  const atLimit = fc
    .constantFrom(...hardCharacters)
    .map((character) => character.repeat(Math.ceil(maxLength / character.length)).slice(0, maxLength));
  return fc.oneof(
    { weight: 8, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 200), unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 200), unit: 'binary' }) },
    { weight: 1, arbitrary: minLength <= maxLength ? atLimit : fc.string() },
  );
};

const number = (schema: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  if (integer) {
    return fc.integer({ min: min ?? Number.MIN_SAFE_INTEGER, max: max ?? Number.MAX_SAFE_INTEGER });
  }
  return fc.double({
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    noNaN: true,
    noDefaultInfinity: true,
  });
};

const fromJsonSchema = (schema: JsonSchema, limits: Limits): fc.Arbitrary<unknown> => {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.examples?.length) {
    const { examples, ...rest } = schema;
    return fc.oneof(fc.constantFrom(...examples), fromJsonSchema(rest, limits));
  }
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => fromJsonSchema(choice, limits)));
  if (schema.allOf?.length === 1) return fromJsonSchema(schema.allOf[0]!, limits);
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => fromJsonSchema({ ...schema, type }, limits)));
  switch (schema.type) {
    case 'string':
      return text(schema, limits);
    case 'integer':
      return number(schema, true);
    case 'number':
      return number(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items, limits) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 10, 120),
      });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0 && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(fc.string({ maxLength: 20 }), fromJsonSchema(schema.additionalProperties, limits), {
          maxKeys: 10,
        });
      }
      return fc.record(
        Object.fromEntries(properties.map(([name, property]) => [name, fromJsonSchema(property, limits)])),
        {
          requiredKeys: schema.required ?? [],
        },
      );
    }
    default:
      // z.unknown(), z.any(), and what JSON Schema cannot say (refinements, transforms): any JSON
      return fc.jsonValue();
  }
};

const jsonSchemaOf = (schema: z.ZodMiniType) =>
  // `input`: what a request carries (before defaults and transforms); what JSON Schema cannot say becomes "any"
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/**
 * Values shaped by a zod schema (through its JSON Schema): the fields, types, bounds, enums and patterns it states.
 * Refinements are not followed, so some values are still refused by the schema: what a route must answer with a 400.
 * @default limits.maxTextLength the schema's own
 */
export const arbitraryOf = (schema: z.ZodMiniType, limits: Partial<Limits> = {}): fc.Arbitrary<unknown> =>
  fromJsonSchema(jsonSchemaOf(schema), { maxTextLength: limits.maxTextLength ?? Number.POSITIVE_INFINITY });

/** The widest character per UTF-16 unit: 11 bytes of UTF-8 in 5 units. */
const widest = '👩‍💻';

const largest = (schema: JsonSchema): unknown => {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return largest(choices.find((choice) => choice.type !== 'null') ?? choices[0]!);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.pattern || schema.format)
        return fc.sample(text(schema, { maxTextLength: Infinity }), { numRuns: 1, seed: 1 })[0];
      const length = schema.maxLength ?? 10_000;
      return widest.repeat(Math.ceil(length / widest.length)).slice(0, length);
    }
    case 'integer':
    case 'number':
      return schema.maximum ?? schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.min(schema.maxItems ?? 10, 100) }, () => largest(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, largest(field)]));
    default:
      return null;
  }
};

/**
 * The largest value a schema lets through: every field present, every text at its longest in the widest characters
 * (pattern and format fields one matching value), every list at its longest. What a request can ask to store at most.
 */
export const largestOf = (schema: z.ZodMiniType): unknown => largest(jsonSchemaOf(schema));

/** The top-level field names a schema of an object names (none for other schemas). */
export const fieldsOf = (schema: z.ZodMiniType | undefined): string[] =>
  schema ? Object.keys(jsonSchemaOf(schema).properties ?? {}) : [];

/** A query string's values are text: numbers and booleans as they would be written, other values as JSON. */
export const asQuery = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).map(([name, field]) => [name, typeof field === 'string' ? field : JSON.stringify(field)]),
      )
    : {};

/** What a request body may hold that no schema takes: raw text, JSON of any type, a route's fields with wrong values. */
export const junkBody = (fields: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
    fc
      .record(Object.fromEntries(fields.map((name) => [name, fc.jsonValue()])), { requiredKeys: [] })
      .map((value) => JSON.stringify(value)),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue())
      .map(([name, value]) => JSON.stringify({ [name]: value })),
    fc.constantFrom('', '{', '{"a":', 'null', '[]', '"text"', `${'['.repeat(5000)}${']'.repeat(5000)}`),
  );

/** Query parameters no schema takes: a route's names and any others, with any text. */
export const junkQuery = (fields: string[]): fc.Arbitrary<Record<string, string>> =>
  fc.dictionary(
    fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 20 })) : fc.string(),
    fc.oneof(fc.string({ unit: 'binary', maxLength: 100 }), fc.constantFrom('', '-1', '0', '1e309', 'NaN', 'null')),
    { maxKeys: 5 },
  );
