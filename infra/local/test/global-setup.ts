import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureKeyFile } from '../../../lambdas/providers/crypto/key-file.js';
import { startDynamoDbLocal, type DynamoDbLocal } from '../dynamodb.js';
import { applyEnvironment, lambdaEnvironment } from '../lambda-env.js';
import { freePorts } from '../net.js';
import { localNames } from '../ports.js';
import { startS3Local, type S3Local } from '../s3.js';
import { startWatchdog } from '../watchdog.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the environment integration tests run with (also on `process.env` of every test worker) */
    localEnv: Record<string, string>;
  }
}

/**
 * Global setup of the `int` project: DynamoDB Local (in memory) and s3rver (temporary folder) once per run, on free
 * ports so a running `npm start` is untouched. The Lambda environment goes on `process.env` here, before Vitest forks
 * its workers, which inherit it; `inject('localEnv')` gives the same values.
 */
export default async function setup(project: TestProject) {
  const [dynamodbPort, s3Port] = (await freePorts(2)) as [number, number];
  const tableName = `${localNames.table}-test`;
  const bucket = `${localNames.bucket}-test`;
  // ends the JVM should this run be killed before its teardown
  const watchdog = startWatchdog();
  const [startedDynamoDb, startedS3] = await Promise.allSettled([
    startDynamoDbLocal({ port: dynamodbPort, tableName, onSpawn: watchdog.watch }),
    startS3Local({ port: s3Port, bucket, corsOrigins: ['*'] }),
  ]);
  if (startedDynamoDb.status === 'rejected' || startedS3.status === 'rejected') {
    await Promise.all([
      startedDynamoDb.status === 'fulfilled' && startedDynamoDb.value.stop(),
      startedS3.status === 'fulfilled' && startedS3.value.stop(),
    ]);
    watchdog.stop();
    throw startedDynamoDb.status === 'rejected' ? startedDynamoDb.reason : (startedS3 as PromiseRejectedResult).reason;
  }
  const dynamodb: DynamoDbLocal = startedDynamoDb.value;
  const s3: S3Local = startedS3.value;
  // the master key of token encryption, as the local stack keeps under `.local/` (DESIGN §6)
  const keyDir = mkdtempSync(join(tmpdir(), 'int-token-key-'));
  const env = lambdaEnvironment({
    tableName,
    bucket,
    webOrigin: 'http://localhost:5173',
    dynamodbEndpoint: dynamodb.endpoint,
    s3Endpoint: s3.endpoint,
    tokenKeyFile: ensureKeyFile(join(keyDir, 'token.key')),
    logLevel: process.env.LOG_LEVEL ?? 'SILENT',
  });
  const restore = applyEnvironment(env);
  project.provide('localEnv', env);

  return async () => {
    restore();
    await Promise.all([dynamodb.stop(), s3.stop()]);
    rmSync(keyDir, { recursive: true, force: true });
    watchdog.stop();
  };
}
