import * as z from 'zod/mini';
import { type RetryPolicy, retryingFetch, type RetryingFetchOptions } from '../retry.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { vendorLimits } from '../vendor-limits.js';
import { VerificationFailure, type Verdict, type Verifier } from './port.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/**
 * Where the QuickEmailVerification adapter points and with which key, from the Lambda's environment. Locally the
 * base URL is the sandbox and the key a dummy (infra/local/lambda-env.ts); in AWS the key is a Secrets Manager secret
 * whose NAME is in `VERIFICATION_API_KEY_SECRET`, so the key itself never sits in the function's configuration.
 * zod/mini, as every schema of the Lambdas (lambdas/core/config.ts).
 */
const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** @default https://api.quickemailverification.com/v1 */
    VERIFICATION_BASE_URL: z._default(z.url(), 'https://api.quickemailverification.com/v1'),
    VERIFICATION_API_KEY: z.optional(z.string().check(z.minLength(1))),
    VERIFICATION_API_KEY_SECRET: z.optional(z.string().check(z.minLength(1))),
  }),
);

export type VerificationSettings = {
  baseUrl: string;
  apiKey: string | undefined;
  apiKeySecret: string | undefined;
};

export const readVerificationSettings = (env: NodeJS.ProcessEnv = process.env): VerificationSettings => {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Verification settings are invalid: ${names}`);
  }
  return {
    baseUrl: parsed.data.VERIFICATION_BASE_URL.replace(/\/+$/, ''),
    apiKey: parsed.data.VERIFICATION_API_KEY,
    apiKeySecret: parsed.data.VERIFICATION_API_KEY_SECRET,
  };
};

/**
 * What we read of a verification: `result` valid | invalid | unknown, `accept_all` 'true' | 'false' (strings, as the
 * API sends them), `reason` (accepted_email, rejected_email, invalid_domain, timeout, ...). Other fields (disposable,
 * role, free, mx_record, safe_to_send, did_you_mean, ...) are ignored.
 * @link https://docs.quickemailverification.com/email-verification-api/verify-an-email-address
 */
export const qevResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    result: z.enum(['valid', 'invalid', 'unknown']),
    reason: z._default(z.string(), ''),
    accept_all: z._default(z.enum(['true', 'false']), 'false'),
    email: z.optional(z.string()),
  }),
);
export type QevResponse = z.infer<typeof qevResponseSchema>;

/** The error body the API answers with a 4xx. */
const qevErrorSchema = /* @__PURE__ */ lazySchema(() => z.looseObject({ message: z.optional(z.string()) }));

/** An accept-all domain says every address exists, so a 'valid' there proves nothing: risky. */
export const verdictOf = (answer: QevResponse): Verdict => {
  if (answer.result !== 'invalid' && answer.accept_all === 'true')
    return { status: 'accept_all', reason: answer.reason || 'accept_all' };
  return { status: answer.result, reason: answer.reason };
};

export type QuickEmailVerificationOptions = {
  /** @default fetch */
  fetcher?: typeof fetch;
  /** @default reads `apiKeySecret` through the Lambda secrets extension */
  readSecret?: (name: string) => () => Promise<string>;
  /** each verification's time limit and retries @default vendorLimits.verification */
  policy?: RetryPolicy;
} & Omit<RetryingFetchOptions, 'fetch'>;

/**
 * The verification port over QuickEmailVerification's single-address API (DESIGN §5). Rate limits, outages and
 * timeouts are retried under `policy` (retry.ts) before the verification fails as busy.
 */
export const quickEmailVerification = (
  settings: VerificationSettings,
  options: QuickEmailVerificationOptions = {},
): Verifier => {
  const fetcher = retryingFetch(options.policy ?? vendorLimits.verification, {
    fetch: options.fetcher,
    random: options.random,
    sleep: options.sleep,
  });
  const secretKey = settings.apiKeySecret
    ? (options.readSecret ?? lambdaExtensionSecret)(settings.apiKeySecret)
    : undefined;
  const apiKey = async () => {
    if (settings.apiKey) return settings.apiKey;
    if (secretKey) return secretKey();
    throw new VerificationFailure(
      'refused',
      'No verification API key: set VERIFICATION_API_KEY or VERIFICATION_API_KEY_SECRET',
    );
  };

  return {
    verify: async (email) => {
      const url = new URL(`${settings.baseUrl}/verify`);
      url.searchParams.set('email', email);
      url.searchParams.set('apikey', await apiKey());
      let response: Response;
      try {
        response = await fetcher(url);
      } catch (error) {
        throw new VerificationFailure('busy', `QuickEmailVerification did not answer (${(error as Error).name})`, {
          cause: error,
        });
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        // the URL carries the key: only the status and the vendor's message go into the error
        const message = qevErrorSchema.safeParse(body).data?.message ?? 'no message';
        const kind = response.status === 429 || response.status >= 500 ? 'busy' : 'refused';
        throw new VerificationFailure(kind, `QuickEmailVerification answered ${response.status}: ${message}`);
      }
      const parsed = qevResponseSchema.safeParse(body);
      if (!parsed.success) {
        throw new VerificationFailure('refused', 'QuickEmailVerification answered an unexpected shape', {
          cause: parsed.error,
        });
      }
      return verdictOf(parsed.data);
    },
  };
};
