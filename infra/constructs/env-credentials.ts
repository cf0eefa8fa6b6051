import { fromEnv, type FromEnvInit } from '@aws-sdk/credential-provider-env';

/**
 * What the house bundling (function.ts) puts in place of `@aws-sdk/credential-provider-node` in every Lambda bundle.
 *
 * Every AWS SDK client defaults to that package's chain: environment, SSO, INI files, web identity, ECS and EC2
 * metadata, each with its nested STS/SSO clients. In Lambda the runtime always gives the function's role credentials
 * in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so the chain's first link always
 * answers and the rest is dead weight: about 130 KiB and 20 ms of cold start in a one-file bundle; with code
 * splitting the links are lazy chunks already, and what the chain still adds to a cold start is about 40 KiB (the
 * health Lambda: 346 -> 309 KiB) plus a chunk on the first request. The clients memoize what this answers, as they do
 * the chain's. Tests and the local stack run the sources unbundled and keep the full chain.
 * @link https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-runtime
 */
export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);
