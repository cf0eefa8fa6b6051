import * as z from 'zod/mini';
import type { DomainSecret, DomainSetting } from '../../shared/bindings.js';
import type { Domain } from '../../shared/routes.js';
import { boundSecret, lambdaExtensionSecret, type SecretReader } from './secrets.js';

const text = () => z.string().check(z.minLength(1));

/**
 * What every Lambda reads from its environment, validated once at cold start, with zod/mini as every schema of the
 * Lambdas and of shared/: classic zod is ~85 KiB no bundler can shake (each schema type carries every method), some
 * 15 ms of every cold start (infra/constructs/cold-start.test.ts).
 */
const envSchema = z.object({
  TABLE_NAME: text(),
  BUCKET_NAME: z.optional(text()),
  STAGE: z._default(text(), 'local'),
  /** the web origin allowed by CORS, e.g. https://d123.cloudfront.net or http://localhost:5173 */
  CORS_ORIGIN: z._default(text(), '*'),
  APP_VERSION: z._default(z.string(), 'dev'),
});

export type Config = {
  tableName: string;
  bucketName: string | undefined;
  stage: string;
  corsOrigin: string;
  version: string;
};

/** The variables envSchema reads: a Config is the same for every environment with the same values of these. */
const names = ['TABLE_NAME', 'BUCKET_NAME', 'STAGE', 'CORS_ORIGIN', 'APP_VERSION'] as const;

let last: { values: (string | undefined)[]; config: Config } | undefined;

/**
 * The Lambda's settings. Parsed once per process: a Lambda's module and its deps each ask at import (2-4 times), and
 * the first zod run costs ~1-3 ms of the cold start; the answer is kept with the values it was parsed from, so an
 * environment whose values changed since (tests) is parsed again.
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const values = names.map((name) => env[name]);
  if (last?.values.every((value, index) => value === values[index])) return last.config;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Lambda environment is incomplete: ${names}`);
  }
  const config: Config = {
    tableName: parsed.data.TABLE_NAME,
    bucketName: parsed.data.BUCKET_NAME,
    stage: parsed.data.STAGE,
    corsOrigin: parsed.data.CORS_ORIGIN,
    version: parsed.data.APP_VERSION,
  };
  last = { values, config };
  return config;
};

/**
 * A domain's config reader: what every Lambda reads (`readConfig`), and the settings and secrets shared/bindings.ts
 * binds to the domain's functions, by names typed from it (a name the domain is not bound to does not compile). A
 * secret is its local value or a reader of the Secrets Manager secret (lambdas/core/secrets.ts `boundSecret`); a
 * function reading one it is not bound to fails at cold start, naming the variables.
 */
export const domainConfig = <D extends Domain>(
  _domain: D,
  env: NodeJS.ProcessEnv = process.env,
  readSecret: SecretReader = lambdaExtensionSecret,
) => ({
  ...readConfig(env),
  setting: (name: DomainSetting<D>): string | undefined => env[name] || undefined,
  secret: (name: DomainSecret<D>) => boundSecret(name, env, readSecret),
});
