import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webConfigSchema } from '../../shared/web-config.js';
import { runningStack } from './lock.js';
import { assertPortsFree, PortInUseError } from './net.js';
import { isLoopback, listenersOf, processTree } from './test/listeners.js';
import { localCredentials } from './ports.js';
import { freeStackPorts, startLocalStack, type LocalPorts, type LocalStack } from './stack.js';

/**
 * The stack's life: it serves /config.json, keeps its data across a restart, stops leaving no process behind,
 * refuses a second stack on the same data and a taken port, and `npm run reset` wipes it only when it is stopped.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let localDir: string;
let ports: LocalPorts;

beforeAll(async () => {
  localDir = mkdtempSync(join(tmpdir(), 'local-stack-'));
  ports = await freeStackPorts();
});
afterAll(() => rmSync(localDir, { recursive: true, force: true }));

const start = (web = false) => startLocalStack({ localDir, ports, web, log: () => {} });

const reset = (): Promise<{ code: number; output: string }> =>
  promisify(execFile)(join(repoRoot, 'node_modules/.bin/tsx'), ['infra/local/reset.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOCAL_DIR: localDir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const cognitoOf = (stack: LocalStack) =>
  new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognito,
    region: 'us-east-1',
    credentials: localCredentials,
  });

const user = { email: `keeper-${Date.now()}@example.com`, password: 'Local-passw0rd' };
const signIn = async (stack: LocalStack) => {
  const cognito = cognitoOf(stack);
  try {
    const { AuthenticationResult } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.webConfig.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    return AuthenticationResult!.IdToken!;
  } finally {
    cognito.destroy();
  }
};

describe('the local stack', () => {
  let firstRun: { userPoolId: string; uid: string };

  it('starts with the web serving /config.json, and stops leaving no process or port behind', async () => {
    const stack = await start(true);
    let children: number[] = [];
    try {
      expect(stack.readyMs).toBeLessThan(30_000);
      const config = webConfigSchema.parse(await (await fetch(`${stack.urls.web}/config.json`)).json());
      expect(config).toMatchObject({
        stage: 'local',
        apiUrl: stack.urls.api,
        region: 'us-east-1',
        cognitoEndpoint: stack.urls.cognito,
        authFlowType: 'USER_PASSWORD_AUTH',
        identityProviders: [],
      });
      expect(Object.values(config.providers).every((mode) => mode === 'sandbox')).toBe(true);
      expect(await (await fetch(`${stack.urls.sandbox}/health`)).json()).toMatchObject({ ok: true });

      const cognito = cognitoOf(stack);
      const { UserSub } = await cognito.send(
        new SignUpCommand({ ClientId: config.userPoolClientId, Username: user.email, Password: user.password }),
      );
      cognito.destroy();
      firstRun = { userPoolId: config.userPoolId, uid: UserSub! };

      children = runningStack(localDir)?.children ?? [];
      expect(children).toHaveLength(2); // DynamoDB Local (java) and cognito-local
      expect(children.every(alive)).toBe(true);
    } finally {
      await stack.stop();
    }
    expect(children.filter(alive)).toEqual([]);
    expect(runningStack(localDir)).toBeUndefined();
    await assertPortsFree(Object.entries(ports).map(([name, port]) => ({ name, port })));
  });

  it('listens on loopback only: every port its processes open, the web, the emulators and the JVM included', async () => {
    const stack = await start(true);
    try {
      // this process (gateway, S3, shim, sandbox, web) and every process it started (DynamoDB Local, cognito-local)
      const listeners = listenersOf(processTree(process.pid));
      const shown = listeners.map(({ address, port, pid }) => `${address}:${port} (pid ${pid})`);
      expect(shown.filter((_, index) => !isLoopback(listeners[index]!.address))).toEqual([]);
      // the test looked at the right sockets: each of the stack's ports is among them, and nothing else listens
      // (s3rver, behind the S3 front, on no port at all)
      expect(new Set(listeners.map(({ port }) => port))).toEqual(new Set(Object.values(ports)));
    } finally {
      await stack.stop();
    }
  });

  it('keeps users and data across a restart', async () => {
    const stack = await start();
    try {
      expect(stack.webConfig.userPoolId).toBe(firstRun.userPoolId);
      const response = await fetch(`${stack.urls.api}/api/profiles`, {
        headers: { Authorization: await signIn(stack) },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ data: { uid: firstRun.uid, email: user.email } });
    } finally {
      await stack.stop();
    }
  });

  it('refuses a second stack on the same data, and reset refuses while it runs', async () => {
    const stack = await start();
    try {
      await expect(start()).rejects.toThrow(/already using/);
      const refused = await reset();
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/The local stack is running \(pid \d+/);
      expect(existsSync(join(localDir, 'dynamodb'))).toBe(true);
    } finally {
      await stack.stop();
    }
  });

  it('names a port that is taken and starts nothing', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(ports.api, '127.0.0.1', resolve));
    try {
      const failure = await start().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PortInUseError);
      expect((failure as Error).message).toContain(
        `Port ${ports.api} (API gateway) is already in use; set LOCAL_API_PORT`,
      );
      expect(runningStack(localDir)).toBeUndefined();
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    await assertPortsFree([
      { name: 'DynamoDB Local', port: ports.dynamodb },
      { name: 'cognito-local', port: ports.cognitoEmulator },
    ]);
  });

  it('is wiped by reset once stopped', async () => {
    const wiped = await reset();
    expect(wiped.code).toBe(0);
    expect(wiped.output).toMatch(/Removed .*:\n(.|\n)*dynamodb/);
    expect(existsSync(localDir)).toBe(false);
  });

  it("keeps a bench's table in memory: nothing of it on disk, and empty after a restart", async () => {
    const benchDir = mkdtempSync(join(tmpdir(), 'local-stack-memory-'));
    const startInMemory = () =>
      startLocalStack({ localDir: benchDir, ports, web: false, database: 'memory', log: () => {} });
    try {
      const first = await startInMemory();
      try {
        const health = await fetch(`${first.urls.api}/api/health`);
        expect(health.status).toBe(200);
        const table = new DynamoDBClient({
          endpoint: first.urls.dynamodb,
          region: 'us-east-1',
          credentials: localCredentials,
        });
        try {
          await table.send(
            new PutItemCommand({ TableName: first.env.TABLE_NAME!, Item: { pk: { S: 'MEMORY' }, sk: { S: 'ONLY' } } }),
          );
        } finally {
          table.destroy();
        }
      } finally {
        await first.stop();
      }
      expect(existsSync(join(benchDir, 'dynamodb'))).toBe(false);
      const second = await startInMemory();
      const table = new DynamoDBClient({
        endpoint: second.urls.dynamodb,
        region: 'us-east-1',
        credentials: localCredentials,
      });
      try {
        const { Item } = await table.send(
          new GetItemCommand({ TableName: second.env.TABLE_NAME!, Key: { pk: { S: 'MEMORY' }, sk: { S: 'ONLY' } } }),
        );
        expect(Item).toBeUndefined();
      } finally {
        table.destroy();
        await second.stop();
      }
    } finally {
      rmSync(benchDir, { recursive: true, force: true });
    }
  });
});
