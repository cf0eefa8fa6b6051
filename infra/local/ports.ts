import { resolve } from 'node:path';

/**
 * Where the local stack listens and keeps its data. Defaults are the ones the README promises (web 5173, API 3001);
 * tests start a second stack beside a running `npm start` by setting the LOCAL_* variables.
 */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const localPorts = {
  web: port('LOCAL_WEB_PORT', 5173),
  api: port('LOCAL_API_PORT', 3001),
  dynamodb: port('LOCAL_DYNAMODB_PORT', 8000),
  s3: port('LOCAL_S3_PORT', 4569),
  /** the Cognito endpoint the web and the gateway use: the token-refresh shim in front of cognito-local */
  cognito: port('LOCAL_COGNITO_PORT', 9229),
  /** cognito-local itself, reached only through the shim */
  cognitoEmulator: port('LOCAL_COGNITO_EMULATOR_PORT', 9230),
  sandbox: port('LOCAL_SANDBOX_PORT', 4010),
};

/** Everything the local stack keeps between runs; `npm run reset` removes it. */
export const localDir = resolve(process.env.LOCAL_DIR ?? '.local');

/**
 * The one address every part of the local stack listens on: loopback, so nobody else on the developer's network can
 * reach the emulators (which hold every local user's data) or the sandbox.
 */
export const localHost = '127.0.0.1';

export const localNames = {
  table: 'outreach-local',
  bucket: 'outreach-local-files',
  region: 'us-east-1',
};

/** Dummy credentials for the emulators (DynamoDB Local, s3rver): never real ones. */
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
