import * as z from 'zod/mini';
import { type SecretName, secretNameVariable } from '../../shared/bindings.js';
import { lazySchema } from '../../shared/lazy-schema.js';

/**
 * What the extension answers: the GetSecretValue response; we read its text value.
 * @link https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_GetSecretValue.html
 */
const secretValueSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ SecretString: z.string().check(z.minLength(1)) }),
);

/**
 * A reader of one Secrets Manager secret through the AWS Parameters and Secrets Lambda Extension (a layer the
 * function is given, infra/constructs/function.ts `bindSecret`): a GET on its localhost port, which caches the value
 * (5 minutes by default, so a rotated key is picked up) and needs no SDK in the bundle. The extension answers only
 * during invocations, not at cold start, so the value is read when first needed. The secret's text is the value.
 * @link https://docs.aws.amazon.com/secretsmanager/latest/userguide/retrieving-secrets_lambda.html
 */
export const lambdaExtensionSecret =
  (secretId: string, env: NodeJS.ProcessEnv = process.env, fetcher: typeof fetch = fetch) =>
  async (): Promise<string> => {
    const port = env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
    const url = `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`;
    const response = await fetcher(url, { headers: { 'X-Aws-Parameters-Secrets-Token': env.AWS_SESSION_TOKEN ?? '' } });
    // the body may echo the request; only the status and the secret's name go into the error
    if (!response.ok) throw new Error(`Secret ${secretId} could not be read (extension answered ${response.status})`);
    const parsed = secretValueSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error(`Secret ${secretId} has no text value`);
    return parsed.data.SecretString.trim();
  };

/** A reader of one secret's text, read when first needed (the extension answers only during invocations). */
export type SecretReader = (secretId: string) => () => Promise<string>;

/**
 * A secret a function is bound to (shared/bindings.ts): its value locally, where `<NAME>` holds it
 * (infra/local/lambda-env.ts), else a reader of the Secrets Manager secret `<NAME>_SECRET` names in AWS
 * (infra/stack.ts). Fails at cold start without either, naming the variables (never a value).
 */
export const boundSecret = (
  name: SecretName,
  env: NodeJS.ProcessEnv = process.env,
  readSecret: SecretReader = lambdaExtensionSecret,
): string | (() => Promise<string>) => {
  const value = env[name];
  if (value) return value;
  const secretId = env[secretNameVariable(name)];
  if (secretId) return readSecret(secretId);
  throw new Error(`Lambda environment is incomplete: ${name} or ${secretNameVariable(name)}`);
};
