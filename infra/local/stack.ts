import { join, resolve } from 'node:path';
import type { QueueSpec } from '../../shared/queues.js';
import type { ScheduleSpec } from '../../shared/schedules.js';
import type { StreamConsumerSpec } from '../../shared/streams.js';
import type { WebConfig } from '../../shared/web-config.js';
import { ensureKeyFile } from '../../lambdas/providers/crypto/key-file.js';
import { createLocalAuthorizer } from './authorizer.js';
import { startCognitoLocal } from './cognito/emulator.js';
import { startCognitoShim } from './cognito/shim.js';
import { startDynamoDbLocal } from './dynamodb.js';
import { localAwsEndpoint, newLocalSecret, startGateway, type LambdaModule } from './gateway.js';
import {
  applyEnvironment,
  lambdaEnvironment,
  localGmailPush,
  localMailWebhooks,
  localStripe,
  localZoom,
} from './lambda-env.js';
import { createLocalLive, livePath } from './live.js';
import { acquireLock } from './lock.js';
import { assertPortsFree, freePorts } from './net.js';
import { startWatchdog } from './watchdog.js';
import { localDir as defaultLocalDir, localNames, localPorts } from './ports.js';
import { startQueueRunner, type QueueRunner } from './queue-runner.js';
import { startS3Local } from './s3.js';
import { startSandbox } from './sandbox/server.js';
import { startScheduler, type Scheduler } from './scheduler.js';
import { startLocalClock, type LocalClock } from './clock.js';
import { createSqsApi } from './sqs-api.js';
import { startStreamRunner, type StreamRunner } from './streams.js';
import { startWeb, webModeOf, type WebMode } from './web.js';

export type LocalPorts = typeof localPorts;

/** A free port for every part, for a stack started beside `npm start` (tests, Playwright). */
export const freeStackPorts = async (): Promise<LocalPorts> => {
  const names = Object.keys(localPorts) as (keyof LocalPorts)[];
  const ports = await freePorts(names.length);
  return Object.fromEntries(names.map((name, index) => [name, ports[index]!])) as LocalPorts;
};

export type LocalStackOptions = {
  /** @default ports.ts (LOCAL_*_PORT or 5173, 3001, ...) */
  ports?: Partial<LocalPorts>;
  /** where data is kept between runs @default LOCAL_DIR or `.local` */
  localDir?: string;
  /** start the web on its port; `configFile` for another Vite config @default true */
  web?: boolean | { configFile: string };
  /** the dev server, or a production build (web.ts) @default env LOCAL_WEB ('built') or 'dev' */
  webMode?: WebMode;
  /** @default shared/queues.ts */
  queues?: Record<string, QueueSpec>;
  /** @default shared/schedules.ts */
  schedules?: Record<string, ScheduleSpec>;
  /** the table stream's consumers @default shared/streams.ts */
  streams?: Record<string, StreamConsumerSpec>;
  /** @default env LOCAL_QUEUE_SPEED or 1 */
  queueSpeed?: number;
  /** @default env LOCAL_SCHEDULE_SPEED or 1 */
  scheduleSpeed?: number;
  /** @default console.log */
  log?: (line: string) => void;
  /**
   * Where DynamoDB Local keeps the table. 'disk' (under `localDir`) survives restarts; 'memory' is for benches of the
   * product's own cost: on disk, DynamoDB Local waits for the disk on every write call (its SQLite file) and serialises
   * writes, which DynamoDB's service does not, so a write-heavy bench there measures this machine's disk. 'memory' also
   * gives the JVM both compilers (slower start, faster once warm). @default 'disk'
   */
  database?: 'disk' | 'memory';
};

export type LocalUrls = {
  web: string;
  api: string;
  /** the Cognito endpoint of the web and the SDKs (the token-refresh shim) */
  cognito: string;
  /** cognito-local itself */
  cognitoEmulator: string;
  dynamodb: string;
  s3: string;
  sandbox: string;
  /** the SQS endpoint (`AWS_ENDPOINT_URL_SQS`): the gateway, under the run's secret path (`localAwsEndpoint`) */
  sqs: string;
};

export type LocalStack = {
  urls: LocalUrls;
  localDir: string;
  webConfig: WebConfig;
  /** the Lambdas' environment, also applied to `process.env` while the stack runs */
  env: Record<string, string>;
  queues: QueueRunner;
  scheduler: Scheduler;
  /** the product's time (DESIGN §9 "Local clock", clock.ts) */
  clock: LocalClock;
  /** the table stream's consumers; `streams.drained()` waits until what was written before has reached them */
  streams: StreamRunner;
  /** ms from the call to ready */
  readyMs: number;
  /** ms from the call until each part was up */
  timings: Record<string, number>;
  /** rejects never; resolves with the reason if an emulator dies while the stack runs */
  failed: Promise<Error>;
  stop: () => Promise<void>;
};

/** Lambda names cognito-local invokes for its triggers (the CDK stack wires the same triggers to its functions). */
export const cognitoTriggerFunctions = {
  PreSignUp: 'outreach-local-pre-sign-up',
  PostConfirmation: 'outreach-local-post-confirmation',
} as const;

const triggerModules: Record<string, () => Promise<LambdaModule>> = {
  // local only: confirm sign-ups at once (DESIGN §2)
  [cognitoTriggerFunctions.PreSignUp]: () => import('./cognito/pre-sign-up.js'),
  [cognitoTriggerFunctions.PostConfirmation]: () => import('../../lambdas/profiles/post-confirmation.js'),
};

/** The outside services of DESIGN §5: locally every one is the sandbox. */
export const localProviders = ['gmail', 'outlook', 'ai', 'meetings', 'billing', 'enrichment', 'verification'] as const;

/** The web's `/config.json` locally (shared/web-config.ts): Cognito through the shim, every provider the sandbox. */
export const localWebConfig = (urls: LocalUrls, cognito: { userPoolId: string; clientId: string }): WebConfig => ({
  stage: 'local',
  apiUrl: urls.api,
  liveUrl: `${urls.api.replace(/^http/, 'ws')}${livePath}`,
  region: localNames.region,
  userPoolId: cognito.userPoolId,
  userPoolClientId: cognito.clientId,
  cognitoEndpoint: urls.cognito,
  authFlowType: 'USER_PASSWORD_AUTH',
  identityProviders: [],
  providers: Object.fromEntries(localProviders.map((provider) => [provider, 'sandbox' as const])),
});

/**
 * The whole system on one machine (DESIGN §7): DynamoDB Local, s3rver, cognito-local behind its token-refresh shim,
 * the gateway serving the route table with the same handlers, the queue runner, the scheduler, the sandbox and the
 * web. Independent parts start in parallel. `npm start` runs it with the defaults; tests and Playwright start another
 * one on free ports and a temporary `localDir`.
 */
export const startLocalStack = async (options: LocalStackOptions = {}): Promise<LocalStack> => {
  const started = performance.now();
  const ports = { ...localPorts, ...options.ports };
  const localDir = resolve(options.localDir ?? defaultLocalDir);
  const log = options.log ?? ((line: string) => console.log(line));
  const webOrigin = `http://localhost:${ports.web}`;
  // the gateway's Lambda-Invoke and SQS endpoints answer only under this run's secret (gateway.ts)
  const localSecret = newLocalSecret();
  const urls: LocalUrls = {
    web: webOrigin,
    api: `http://localhost:${ports.api}`,
    cognito: `http://localhost:${ports.cognito}`,
    cognitoEmulator: `http://localhost:${ports.cognitoEmulator}`,
    dynamodb: `http://localhost:${ports.dynamodb}`,
    s3: `http://localhost:${ports.s3}`,
    sandbox: `http://localhost:${ports.sandbox}`,
    sqs: localAwsEndpoint(`http://localhost:${ports.api}`, localSecret),
  };

  const timings: Record<string, number> = {};
  const timed = <T>(name: string, promise: Promise<T>) =>
    promise.then((value) => {
      timings[name] = Math.round(performance.now() - started);
      return value;
    });
  const lock = await acquireLock(localDir);
  const stops: (() => Promise<void>)[] = [];
  let restoreEnv = () => {};
  let stopping = false;
  let reportFailure: (error: Error) => void = () => {};
  const failed = new Promise<Error>((resolveFailure) => (reportFailure = resolveFailure));
  // the web's `/_local/compiled` (web.ts) answers once every part is up; a stack that fails to start never is
  let reportReady: () => void = () => {};
  const ready = new Promise<void>((resolveReady) => (reportReady = resolveReady));

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // Latest first: the web and the gateway stop taking requests before what they call goes away.
    for (const stopOne of stops.reverse()) {
      await stopOne().catch((error: unknown) => log(`while stopping: ${(error as Error).message}`));
    }
    restoreEnv();
    lock.release();
  };

  try {
    await assertPortsFree([
      ...(options.web === false ? [] : [{ name: 'web', port: ports.web, env: 'LOCAL_WEB_PORT' }]),
      { name: 'API gateway', port: ports.api, env: 'LOCAL_API_PORT' },
      { name: 'DynamoDB Local', port: ports.dynamodb, env: 'LOCAL_DYNAMODB_PORT' },
      { name: 's3rver', port: ports.s3, env: 'LOCAL_S3_PORT' },
      { name: 'Cognito (token-refresh shim)', port: ports.cognito, env: 'LOCAL_COGNITO_PORT' },
      { name: 'cognito-local', port: ports.cognitoEmulator, env: 'LOCAL_COGNITO_EMULATOR_PORT' },
      { name: 'sandbox', port: ports.sandbox, env: 'LOCAL_SANDBOX_PORT' },
    ]);

    const cognitoEmulatorEndpoint = `http://127.0.0.1:${ports.cognitoEmulator}`;
    // what the SDKs of this process (queue port) and cognito-local's Lambda client call: the gateway, with the secret
    const gatewayAwsEndpoint = localAwsEndpoint(`http://127.0.0.1:${ports.api}`, localSecret);
    const env = lambdaEnvironment({
      tableName: localNames.table,
      bucket: localNames.bucket,
      webOrigin,
      dynamodbEndpoint: `http://127.0.0.1:${ports.dynamodb}`,
      s3Endpoint: `http://127.0.0.1:${ports.s3}`,
      sqsEndpoint: gatewayAwsEndpoint,
      cognitoEndpoint: cognitoEmulatorEndpoint,
      sandboxEndpoint: `http://127.0.0.1:${ports.sandbox}`,
      apiUrl: urls.api,
      // DESIGN §6: mailbox tokens are sealed under a key kept with the run's data (0600, made on first start)
      tokenKeyFile: ensureKeyFile(join(localDir, 'token.key')),
    });
    // Before any handler module is imported: they read their configuration at cold start.
    restoreEnv = applyEnvironment(env);

    const watch = (name: string, exited: Promise<number | NodeJS.Signals | null>) =>
      void exited.then((code) => {
        const how = typeof code === 'number' ? `code ${code}` : code;
        if (!stopping) reportFailure(new Error(`${name} exited unexpectedly (${how})`));
      });

    const children: number[] = [];
    const watchdog = startWatchdog();
    stops.push(async () => watchdog.stop());
    const spawned = (pid: number | undefined) => {
      watchdog.watch(pid);
      if (pid) children.push(pid);
      lock.update({ children });
    };
    const startDynamoDb = async () => {
      const dynamodb = await startDynamoDbLocal({
        port: ports.dynamodb,
        ...(options.database === 'memory' ? { jit: 'steady' as const } : { dataDir: join(localDir, 'dynamodb') }),
        tableName: localNames.table,
        onSpawn: spawned,
      });
      stops.push(dynamodb.stop);
      watch('DynamoDB Local', dynamodb.exited);
    };
    const startS3 = async () => {
      const s3 = await startS3Local({
        port: ports.s3,
        bucket: localNames.bucket,
        corsOrigins: [webOrigin],
        dataDir: join(localDir, 's3'),
      });
      stops.push(s3.stop);
    };
    const startCognito = async () => {
      const cognito = await startCognitoLocal({
        port: ports.cognitoEmulator,
        dataDir: join(localDir, 'cognito'),
        issuerOrigin: urls.cognito,
        lambdaEndpoint: gatewayAwsEndpoint,
        triggers: cognitoTriggerFunctions,
        // cognito-local mails nothing: its codes (forgot-password) are shown here
        onCode: ({ action, destination, code }) => log(`cognito ${action}: code ${code} for ${destination}`),
        onSpawn: spawned,
      });
      stops.push(cognito.stop);
      watch('cognito-local', cognito.exited);
      const shim = await startCognitoShim({ port: ports.cognito, target: cognito.endpoint, webOrigin });
      stops.push(shim.stop);
      return cognito;
    };
    const startSandboxServer = async () => {
      // Gmail push goes to the gateway's webhook, as a Pub/Sub push subscription would
      const gmailWebhook = localMailWebhooks(urls.api).gmail;
      const sandbox = await startSandbox({
        port: ports.sandbox,
        log,
        dataDir: join(localDir, 'sandbox'),
        gmailPush: { endpoint: gmailWebhook, audience: gmailWebhook, ...localGmailPush },
        // Zoom's events (app_deauthorized) go to the gateway's webhook, signed with the secret the Lambdas check
        zoomWebhook: { endpoint: localZoom.webhook(urls.api), secret: localZoom.webhookSecret },
        // Stripe's events go to the gateway's webhook, signed with the endpoint secret the billing Lambda checks
        stripeWebhook: { endpoint: localStripe.webhook(urls.api), secret: localStripe.webhookSecret },
      });
      stops.push(sandbox.stop);
    };
    const startWebServer = async (config: Promise<WebConfig>) => {
      if (options.web === false) return;
      const web = await startWeb({
        port: ports.web,
        config,
        ...(typeof options.web === 'object' ? { configFile: options.web.configFile } : {}),
        // as web/vite.config.ts does for LOCAL_DIR: a second stack keeps its own dependency cache
        ...(options.localDir ? { cacheDir: join(localDir, 'vite') } : {}),
        ready,
        mode: options.webMode ?? webModeOf(process.env.LOCAL_WEB),
        outDir: join(localDir, 'web'),
      });
      stops.push(web.stop);
    };

    // DynamoDB first: its JVM takes longest, the rest loads while it boots.
    const dynamoDbReady = timed('DynamoDB', startDynamoDb());
    const cognitoReady = timed('Cognito', startCognito());
    const webConfig = cognitoReady.then((cognito) => localWebConfig(urls, cognito));
    webConfig.catch(() => {});
    // allSettled: when one part fails, the others have finished starting (and registered their stop) before teardown.
    const parts = await Promise.allSettled([
      dynamoDbReady,
      cognitoReady,
      timed('S3', startS3()),
      timed('sandbox', startSandboxServer()),
      timed('web', startWebServer(webConfig)),
    ]);
    const failure = parts.find((part) => part.status === 'rejected');
    if (failure) throw failure.reason;

    const cognito = await cognitoReady;
    const restoreBaseEnv = restoreEnv;
    // the live channel (DESIGN §8): $connect checks ID tokens of the pool itself, publishers post through the gateway
    const poolEnv = {
      USER_POOL_ID: cognito.userPoolId,
      ID_TOKEN_ISSUER: cognito.issuer,
      ID_TOKEN_AUDIENCE: cognito.clientId,
      ID_TOKEN_JWKS_URI: cognito.jwksUri,
      LIVE_ENDPOINT: gatewayAwsEndpoint,
    };
    Object.assign(env, poolEnv);
    const restorePoolEnv = applyEnvironment(poolEnv);
    restoreEnv = () => {
      restorePoolEnv();
      restoreBaseEnv();
    };

    // the moved time a run left (clock.json) before the queues and the scheduler read it
    const clock = startLocalClock({
      file: join(localDir, 'clock.json'),
      catchUp: () => scheduler.catchUp(),
      drained: () => queues.drained(),
      log,
    });
    stops.push(async () => clock.stop());
    const queues = startQueueRunner({
      dir: join(localDir, 'queues'),
      ...(options.queues ? { table: options.queues } : {}),
      ...(options.queueSpeed ? { speed: options.queueSpeed } : {}),
      log,
    });
    stops.push(() => queues.stop());
    const scheduler = startScheduler({
      ...(options.schedules ? { table: options.schedules } : {}),
      ...(options.scheduleSpeed ? { speed: options.scheduleSpeed } : {}),
      log,
    });
    stops.push(() => scheduler.stop());
    // the table's stream to its consumers, as Lambda's event source mapping in AWS (before the gateway takes writes)
    const streams = await startStreamRunner({
      endpoint: `http://127.0.0.1:${ports.dynamodb}`,
      tableName: localNames.table,
      dir: join(localDir, 'streams'),
      ...(options.streams ? { consumers: options.streams } : {}),
      log,
    });
    stops.push(() => streams.stop());
    const gateway = await startGateway({
      port: ports.api,
      webOrigin,
      authorize: createLocalAuthorizer({
        issuer: cognito.issuer,
        clientId: cognito.clientId,
        jwksUri: cognito.jwksUri,
      }),
      functions: triggerModules,
      sqs: createSqsApi(queues),
      live: createLocalLive({ log: (line) => log(`api ${line}`) }),
      clock: clock.serve,
      localSecret,
      log: (line) => log(`api ${line}`),
    });
    stops.push(gateway.stop);

    lock.update({ urls: { ...urls } });
    reportReady();
    return {
      urls,
      localDir,
      webConfig: await webConfig,
      env,
      queues,
      scheduler,
      clock,
      streams,
      readyMs: Math.round(performance.now() - started),
      timings,
      failed,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
