import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { z } from 'zod';
import { localCredentials, localNames } from '../ports.js';

/** The Cognito triggers cognito-local invokes through the local gateway's Lambda-Invoke endpoint: trigger -> function. */
export type CognitoTriggers = { PreSignUp?: string; PostConfirmation?: string };

export type CognitoLocal = {
  /** cognito-local itself (the shim in front of it is what browsers use) */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  /** the `iss` of its tokens: the shim's origin, which is the endpoint the web is given */
  issuer: string;
  jwksUri: string;
  /** the node process running cognito-local */
  pid: number | undefined;
  /** the child's exit, expected or not */
  exited: Promise<number | NodeJS.Signals | null>;
  stop: () => Promise<void>;
};

/** A code cognito-local "sent" (it prints them instead of mailing them): forgot-password, attribute changes. */
export type CodeDelivery = { action: string; destination: string; code: string };

/** The code box cognito-local logs: `INFO: 9ba92c20 ForgotPassword ╭───╮ ... Destination: a@b.c ... Code: 324753`. */
export const parseCodeDelivery = (text: string): CodeDelivery | undefined => {
  if (!text.includes('Code Delivery')) return undefined;
  const plain = stripVTControlCharacters(text);
  const code = /Code:\s+(\S+)/.exec(plain)?.[1];
  if (!code) return undefined;
  return {
    action: /\b[0-9a-f]{8} (\w+) /.exec(plain)?.[1] ?? 'code',
    destination: /Destination:\s+(\S+)/.exec(plain)?.[1] ?? '',
    code,
  };
};

const poolFileSchema = z.object({ userPoolId: z.string(), clientId: z.string() });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts cognito-local as a child process on `port`, keeping its state in `<dataDir>/.cognito` (it reads its config
 * and data from `./.cognito` of its working directory, so it runs with `cwd: dataDir`; running it in-process would
 * mean changing this process's cwd). Its config points the Lambda client at `lambdaEndpoint` for `triggers` and
 * issues tokens as `issuerOrigin`. The user pool and app client are created on first start and their ids kept in
 * `<dataDir>/pool.json`. Its log goes to `<dataDir>/cognito-local.log`; codes it would have mailed (forgot-password)
 * are passed to `onCode`.
 */
export const startCognitoLocal = async (options: {
  port: number;
  dataDir: string;
  issuerOrigin: string;
  lambdaEndpoint?: string;
  triggers?: CognitoTriggers;
  onCode?: (delivery: CodeDelivery) => void;
  /** told the child's pid as soon as it is spawned (for the watchdog) */
  onSpawn?: (pid: number | undefined) => void;
}): Promise<CognitoLocal> => {
  const configDir = join(options.dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  // cognito-local deep-merges this over its defaults; written on every start because ports may change.
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify(
      {
        TriggerFunctions: options.lambdaEndpoint ? (options.triggers ?? {}) : {},
        LambdaClient: {
          ...(options.lambdaEndpoint ? { endpoint: options.lambdaEndpoint } : {}),
          region: localNames.region,
          credentials: localCredentials,
        },
        TokenConfig: { IssuerDomain: options.issuerOrigin },
      },
      null,
      2,
    ),
  );

  const require = createRequire(import.meta.url);
  const bin = join(require.resolve('cognito-local/package.json'), '..', 'lib', 'bin', 'start.js');
  const log = createWriteStream(join(options.dataDir, 'cognito-local.log'), { flags: 'w' });
  const child = spawn(process.execPath, [bin], {
    cwd: options.dataDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group: Ctrl-C reaches only the stack, which stops it in order (watchdog.ts covers a crash)
    detached: true,
  });
  options.onSpawn?.(child.pid);
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  child.stdout.on('data', (chunk: Buffer) => {
    const delivery = parseCodeDelivery(chunk.toString('utf8'));
    if (delivery) options.onCode?.(delivery);
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => {
      log.end();
      resolve(code ?? signal);
    }),
  );

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const outcome = await Promise.race([exited.then(() => 'exited'), wait(3000).then(() => 'timeout')]);
      if (outcome === 'timeout') child.kill('SIGKILL');
    }
    await exited;
  };

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: localNames.region,
    credentials: localCredentials,
  });
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        const logFile = join(options.dataDir, 'cognito-local.log');
        throw new Error(`cognito-local exited (${child.exitCode ?? child.signalCode}); see ${logFile}`);
      }
      const healthy = await fetch(`${endpoint}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error('cognito-local did not answer within 20 s');
      await wait(50);
    }
    const { userPoolId, clientId } = await ensurePool(client, join(options.dataDir, 'pool.json'));
    const issuer = `${options.issuerOrigin}/${userPoolId}`;
    return {
      endpoint,
      userPoolId,
      clientId,
      issuer,
      // fetched from the emulator directly: the issuer's host is the shim, which may not be up yet
      jwksUri: `${endpoint}/${userPoolId}/.well-known/jwks.json`,
      pid: child.pid,
      exited,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
};

/** The pool and web client of an earlier run if cognito-local still has them, new ones otherwise. */
const ensurePool = async (client: CognitoIdentityProviderClient, file: string) => {
  if (existsSync(file)) {
    const saved = poolFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (saved.success) {
      const found = await client
        .send(new DescribeUserPoolClientCommand({ UserPoolId: saved.data.userPoolId, ClientId: saved.data.clientId }))
        .then(
          () => true,
          () => false,
        );
      if (found) return saved.data;
    }
  }
  // Like the CDK pool: e-mail is the sign-in name; the client allows USER_PASSWORD_AUTH (cognito-local has no SRP).
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'outreach-local',
      UsernameAttributes: ['email'],
    }),
  );
  const userPoolId = UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local created a user pool without an id');
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // as on AWS: one-hour ID and access tokens, so the web's refresh path (and the shim) is exercised
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
    }),
  );
  const clientId = UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local created an app client without an id');
  const ids = { userPoolId, clientId };
  writeFileSync(`${file}.tmp`, JSON.stringify(ids, null, 2));
  renameSync(`${file}.tmp`, file);
  return ids;
};
