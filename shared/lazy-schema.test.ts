import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { routeEntries } from './routes.js';
import { createContactBody } from './schemas/contacts.js';
import { lazySchema } from './lazy-schema.js';

/** A definition with what the shared schemas use: nesting, optional and nullable fields, enums, checks, refinements. */
const definition = () =>
  z.strictObject({
    name: z.string().trim().min(1).max(5),
    kind: z.enum(['a', 'b']),
    when: z.iso.datetime({ offset: true }).nullable().optional(),
    tags: z.array(z.string().max(3)).max(2).default([]),
    child: lazySchema(() => z.object({ n: z.number().int().nonnegative() })).optional(),
  });

const inputs: unknown[] = [
  { name: ' ok ', kind: 'a' },
  { name: 'x', kind: 'b', when: '2026-01-01T00:00:00Z', tags: ['t'], child: { n: 1 } },
  {},
  null,
  'text',
  { name: '', kind: 'c', when: 'yesterday', tags: ['long', 'x', 'y'], child: { n: -1.5 }, extra: true },
  { name: 'toolong', kind: 'a', child: {} },
];

const outcome = (result: { success: boolean; data?: unknown; error?: z.ZodError }) =>
  result.success ? { data: result.data } : { issues: result.error!.issues, message: result.error!.message };

describe('lazySchema', () => {
  it('builds nothing until the schema is first read, then builds it once', () => {
    const build = vi.fn(definition);
    const schema = lazySchema(build);
    const parent = lazySchema(() => z.object({ inner: schema }));
    expect(build).not.toHaveBeenCalled();
    schema.safeParse({ name: 'a', kind: 'a' });
    schema.parse({ name: 'b', kind: 'b' });
    expect(parent.safeParse({ inner: { name: 'c', kind: 'a' } }).success).toBe(true);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('answers what the schema built at once answers: the same data and the same issues and messages', () => {
    const eager = definition();
    const lazy = lazySchema(definition);
    for (const input of inputs) {
      expect(outcome(lazy.safeParse(input))).toEqual(outcome(eager.safeParse(input)));
    }
    // a failure carries at least a refused field, so the comparison above cannot pass on two empty answers
    expect(lazy.safeParse(inputs[5]).error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      eager.safeParse(inputs[5]).error?.issues.map((issue) => issue.path.join('.')),
    );
    expect(() => lazy.parse(null)).toThrow(z.ZodError);
  });

  it('composes, derives and describes itself as the schema does', () => {
    const eager = definition();
    const lazy = lazySchema(definition);
    expect(lazy).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(lazy.shape)).toEqual(Object.keys(eager.shape));
    expect(z.toJSONSchema(lazy)).toEqual(z.toJSONSchema(eager));
    // an optional lazy field may be left out of an object, a required one may not
    const holder = z.object({ maybe: lazySchema(() => z.string().optional()), must: lazySchema(() => z.string()) });
    expect(holder.safeParse({ must: 'x' }).success).toBe(true);
    expect(holder.safeParse({ maybe: 'x' }).error?.issues.map((issue) => issue.path)).toEqual([['must']]);
    const extended = lazy.extend({ more: z.boolean() });
    expect(extended.safeParse({ name: 'a', kind: 'a', more: true }).success).toBe(true);
    expect(extended.safeParse({ name: 'a', kind: 'a' }).success).toBe(false);
    expect(lazy.partial().safeParse({}).success).toBe(true);
  });

  it('describes itself in JSON Schema as the schema does: its metadata, and wrapper types held by another schema', () => {
    const timeZone = () =>
      z
        .string()
        .min(1)
        .meta({ examples: ['UTC'] });
    const fields = () => ({ subject: z.string().max(3).optional(), when: z.iso.datetime().nullable().optional() });
    const eager = z.strictObject({ zone: timeZone(), ...fields(), list: z.array(z.string()).default([]) });
    const lazyFields = Object.fromEntries(
      Object.entries(fields()).map(([key, field]) => [key, lazySchema(() => field)]),
    );
    const lazy = z.strictObject({
      zone: lazySchema(timeZone),
      ...lazyFields,
      list: lazySchema(() => z.array(z.string()).default([])),
    });
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(lazy, { io })).toEqual(z.toJSONSchema(eager, { io }));
      expect(
        z.toJSONSchema(
          lazySchema(() => eager),
          { io },
        ),
      ).toEqual(z.toJSONSchema(eager, { io }));
    }
    expect(JSON.stringify(z.toJSONSchema(lazy))).toContain('"examples":["UTC"]');
    expect(z.globalRegistry.get(lazySchema(timeZone))).toEqual({ examples: ['UTC'] });
  });

  it('keeps a shared schema refusing bad input with the messages a user reads', () => {
    const refused = createContactBody.safeParse({ linkedin_url: 'not a profile', unknown_field: 1 });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.length).toBeGreaterThan(0);
    for (const issue of refused.error!.issues) expect(issue.message).not.toBe('');
  });

  it('leaves every route schema usable through the route table', () => {
    for (const route of routeEntries()) {
      for (const part of ['body', 'query', 'params', 'response'] as const) {
        const schema = route[part];
        if (!schema) continue;
        expect(typeof schema.safeParse).toBe('function');
        // every schema decides (accepts or refuses) an arbitrary value without throwing
        expect(typeof schema.safeParse({ unexpected: [1, 'two'] }).success).toBe('boolean');
      }
    }
  });
});
