import * as z from 'zod/mini';
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
