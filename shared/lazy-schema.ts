import { type $ZodType, config, globalConfig, globalRegistry } from 'zod/v4/core';
import english from 'zod/v4/locales/en.js';

/**
 * A schema built on first use: `lazySchema(() => z.object({...}))` stands for the schema `build` returns, and builds it
 * once, when something first reads it (parses with it, reads its shape, composes it into another schema).
 *
 * Why: zod 4 builds a schema's objects when its `z.*` calls run, and importing a schema module runs them all.
 * A Lambda imports several such modules through its services (a worker's whole domain, the domains it calls), yet
 * parses with a few of their schemas: the replies and meetings Lambdas and the send worker built about 1,500 zod
 * objects at import, some 15-25 ms of CPU of their cold start on the bench machine. So every module-level schema
 * (shared/schemas, the route tables, the vendor responses in lambdas/providers) is defined through this, and called
 * `/* @__PURE__ *\/ lazySchema(...)`: a bundler (the house bundling, Vite) then drops every schema the bundle's code
 * cannot reach, and zod itself when none is left (the Cognito trigger; infra/constructs/cold-start.test.ts). Without
 * the mark, the call would keep each schema module's code, and the modules it imports, in every bundle that imports
 * anything from it.
 *
 * The stand-in is a Proxy that forwards every operation to the built schema, with the schema itself as the receiver,
 * so its methods (`parse`, `safeParse`, `extend`, `optional`...) run on it and answer exactly what it answers. Its
 * own identity is stable (one stand-in per definition), so composing it into other schemas and comparing it work.
 */
export const lazySchema = <T extends object>(build: () => T): T => {
  let built: T | undefined;
  const schema = () => {
    if (!built) {
      // zod/mini, which the schemas are written with, sets no language for its messages (classic zod set English on
      // its first schema): a failing field's message reaches the user (lambdas/core/validation.ts), so English it is
      if (!globalConfig.localeError) config(english());
      built = build();
      // zod keeps what `.meta()` and `.describe()` say in a registry keyed by the schema object (read by
      // z.toJSONSchema, the contract suite's generated values): the stand-in is registered with the same
      const meta = globalRegistry.get(built as unknown as $ZodType);
      if (meta) globalRegistry.add(stand as unknown as $ZodType, meta);
    }
    return built;
  };
  // z.toJSONSchema files each schema it meets under the object it meets (here the stand-in), and the processors of
  // zod's wrapper types (optional, nullable, default...) look their entry up under the schema itself: so the schema's
  // internals, read through the stand-in, file the entry under the schema too before it is processed
  let internals: object | undefined;
  const internalsOf = (target: T) => {
    internals ??= new Proxy((target as unknown as { _zod: object })._zod, {
      get: (zod, key) => {
        const value = Reflect.get(zod, key, zod);
        if (key !== 'processJSONSchema' || typeof value !== 'function') return value;
        return (context: { seen: Map<unknown, unknown> }, ...rest: unknown[]) => {
          if (!context.seen.has(target) && context.seen.has(stand)) context.seen.set(target, context.seen.get(stand));
          return value(context, ...rest);
        };
      },
    });
    return internals;
  };
  // an empty target: the Proxy invariants then allow every answer the built schema gives (non-configurable own
  // properties of the schema, such as zod's `_zod`, are reported configurable: the stand-in does not own them)
  const stand: T = new Proxy({} as T, {
    get: (_target, key) => (key === '_zod' ? internalsOf(schema()) : Reflect.get(schema(), key, schema())),
    set: (_target, key, value) => Reflect.set(schema(), key, value, schema()),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
  return stand;
};
