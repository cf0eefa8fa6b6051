import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { kmsKeyEnvName } from '../../lambdas/providers/crypto/data-keys.js';
import {
  type Bindings,
  functionBindings,
  type SecretName,
  type SettingName,
  secretNameVariable,
} from '../../shared/bindings.js';
import { domains, type Domain } from '../../shared/routes.js';
import type { AppFunction, DomainAccess } from './function.js';

/** What the stack binds functions to (shared/bindings.ts names them). */
export type BindingResources = {
  table: dynamodb.ITable;
  uploads: s3.IBucket;
  /**
   * the KMS key that seals tokens and sign-in verifiers, and each sealing domain's purposes
   * (lambdas/data/connection-purposes.ts), or one function's as `<domain>/<handler>` where it differs from its domain's
   */
  sealing: { key: kms.IKey; purposes: Partial<Record<Domain | `${Domain}/${string}`, readonly string[]>> };
  /** read when a function that deletes users is bound (the user pool is made after the first functions) */
  userPool: () => cognito.IUserPool;
  /** a secret the stage has; undefined when it is not configured (the function then goes without it) */
  secrets: Record<SecretName, secretsmanager.ISecret | undefined>;
  /** the stage's SES sender identity (`-c notificationSender=`); undefined: no function may send notification e-mails */
  notificationSender: string | undefined;
  /** a setting's value, read when bound; undefined when the stage does not configure it */
  settings: Record<SettingName, () => string | undefined>;
};

/**
 * Binds `fn` to what shared/bindings.ts says its domain and its handler need: grants and the matching environment.
 * Queues and the live channel are bound once they exist (`bindProducers`, and infra/stack.ts's live channel).
 */
export const bindFunction = (fn: AppFunction, bindings: Bindings, resources: BindingResources) => {
  if (bindings.table) fn.bindTable(resources.table, bindings.table);
  if (bindings.uploads === 'readWriteAll') {
    fn.bindBucket(resources.uploads, 'readWrite', { versions: true }).bindBucketListing(resources.uploads, 'users/', {
      versions: true,
    });
  } else if (bindings.uploads) fn.bindBucket(resources.uploads, bindings.uploads);
  if (bindings.sealing) {
    const { purposes: all } = resources.sealing;
    const purposes = all[`${fn.service as Domain}/${fn.handler}`] ?? all[fn.service as Domain];
    if (!purposes?.length) throw new Error(`${fn.service} seals data but has no sealed purposes`);
    fn.bindDataKeys(resources.sealing.key, kmsKeyEnvName, purposes);
  }
  if (bindings.notificationMail && resources.notificationSender) fn.bindEmailSending(resources.notificationSender);
  if (bindings.deletesUsers) resources.userPool().grant(fn.role, 'cognito-idp:AdminDeleteUser');
  for (const name of bindings.settings ?? []) {
    const value = resources.settings[name]();
    if (value !== undefined) fn.addEnvironment(name, value);
  }
  for (const name of bindings.secrets ?? []) {
    const secret = resources.secrets[name];
    if (secret) fn.bindSecret(secret, secretNameVariable(name));
  }
  return fn;
};

/** The bindings of every domain's functions, as the constructs that make them (API, workers, jobs, streams) apply them. */
export const domainAccess = (resources: BindingResources) =>
  Object.fromEntries(
    domains.map((domain) => [
      domain,
      (fn: AppFunction) => bindFunction(fn, functionBindings(domain, fn.handler), resources),
    ]),
  ) as Record<Domain, (fn: AppFunction) => AppFunction> satisfies DomainAccess;

/** The bindings of a function of ours, when its service is one of the domains (the live channel's own function is not). */
export const bindingsOf = (fn: AppFunction): Bindings | undefined =>
  (domains as readonly string[]).includes(fn.service) ? functionBindings(fn.service as Domain, fn.handler) : undefined;
