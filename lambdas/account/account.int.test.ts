import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoLocal, type CognitoLocal } from '../../infra/local/cognito/emulator.js';
import { applyEnvironment } from '../../infra/local/lambda-env.js';
import { freePort } from '../../infra/local/net.js';
import { localCredentials, localNames } from '../../infra/local/ports.js';
import { messages } from '../../shared/messages.js';
import { accountExportSchema } from '../../shared/schemas/account.js';
import * as profiles from '../profiles/index.js';
import { cognitoUserDirectory, type UserDirectory } from '../providers/identity/identity.js';
import { createS3Client, s3Storage, userPrefix } from '../providers/storage/storage.js';
import { apiEvent, lambdaContext } from '../test/api-event.js';
import { countingDataClient } from '../test/counting-client.js';
import { deleteAccount, exportAccount, type AccountDeps } from './service.js';
import { putContacts } from '../data/contact.js';
import { userItems, userPartitionKey } from '../data/user-partition.js';

let cognito: CognitoLocal;
let cognitoClient: CognitoIdentityProviderClient;
let dataDir: string;
let restoreEnv: () => void;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'account-int-'));
  const port = await freePort();
  cognito = await startCognitoLocal({ port, dataDir, issuerOrigin: `http://127.0.0.1:${port}` });
  cognitoClient = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: localNames.region,
    credentials: localCredentials,
  });
  // what the local stack gives the account Lambda (lambda-env.ts)
  restoreEnv = applyEnvironment({
    USER_POOL_ID: cognito.userPoolId,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
  });
});
afterAll(async () => {
  restoreEnv();
  cognitoClient.destroy();
  await cognito.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const bucket = () => {
  const name = process.env.BUCKET_NAME;
  if (!name) throw new Error('BUCKET_NAME is not set: integration tests run under the int project global setup');
  return name;
};
const s3 = createS3Client();
const storage = () => s3Storage(s3, bucket());

const deps = (users: UserDirectory = cognitoUserDirectory(cognitoClient, cognito.userPoolId)): AccountDeps => {
  const { data } = countingDataClient();
  return {
    db: data,
    storage: storage(),
    users,
    now: () => new Date('2026-11-21T10:00:00.000Z'),
  };
};

/** A signed-up user (cognito-local names e-mail sign-ups by their sub, as Cognito does) with data and files. */
const seedUser = async (label: string, extraItems = 3) => {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { UserSub: uid } = await cognitoClient.send(
    new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: 'Secret-Passw0rd!' }),
  );
  if (!uid) throw new Error('cognito-local signed up a user without a sub');
  const { data } = countingDataClient();
  await profiles.syncUser(
    {
      db: data,
      now: () => new Date('2026-11-20T08:00:00.000Z'),
      newReferralCode: profiles.newReferralCode,
      documentUrl: async () => '',
    },
    { uid, email, name: label },
    {},
  );
  // records later features keep under the user's key, with index keys of their own
  const documents = DynamoDBDocumentClient.from(data.client);
  for (let index = 0; index < extraItems; index += 1) {
    await documents.send(
      new PutCommand({
        TableName: data.table,
        Item: {
          pk: userPartitionKey(uid),
          sk: `CONTACT#${String(index).padStart(3, '0')}`,
          gsi1pk: `USER#${uid}#CONTACTS`,
          gsi1sk: `2026-11-2${index % 10}`,
          __edb_e__: 'contact',
          __edb_v__: '1',
          name: `${label} contact ${index}`,
        },
      }),
    );
  }
  // and a contact as the contacts domain stores it today: with its directory line, which is derived, not exported
  await putContacts(data, [
    {
      uid,
      contactId: `01J${label.toUpperCase().padEnd(23, 'X')}`,
      name: `${label} stored contact`,
      importedAt: '2026-11-20T08:00:00.000Z',
      lastUpdated: '2026-11-20T08:00:00.000Z',
    },
  ]);
  const files = [`${userPrefix(uid)}resume/01J-cv.pdf`, `${userPrefix(uid)}background/01K-notes.txt`];
  for (const key of files) {
    await s3.send(
      new PutObjectCommand({ Bucket: bucket(), Key: key, Body: `${label}: ${key}`, ContentType: 'text/plain' }),
    );
  }
  return { uid, email, username: uid, files };
};

const cognitoUserExists = (username: string) =>
  cognitoClient.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: username })).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === 'UserNotFoundException') return false;
      throw error;
    },
  );

describe('account export against DynamoDB Local and s3rver', () => {
  it("holds the user's profile, records and files with working links, and nothing of another user", async () => {
    const ada = await seedUser('ada');
    const grace = await seedUser('grace');

    const exported = accountExportSchema.parse(await exportAccount(deps(), ada));

    expect(exported.exportedAt).toBe('2026-11-21T10:00:00.000Z');
    expect(exported.user).toEqual({ uid: ada.uid, email: ada.email });
    expect(exported.profile).toMatchObject({
      recordType: 'userProfile',
      uid: ada.uid,
      email: ada.email,
      displayName: 'ada',
    });
    expect(exported.items.filter((item) => !('contactId' in item))).toEqual(
      [0, 1, 2].map((index) => ({ recordType: 'contact', name: `ada contact ${index}` })),
    );
    expect(exported.items.filter((item) => 'contactId' in item)).toEqual([
      expect.objectContaining({ recordType: 'contact', name: 'ada stored contact' }),
    ]);
    expect(exported.items.map((item) => item.recordType)).not.toContain('contactDirectory');
    for (const record of [exported.profile!, ...exported.items]) {
      expect(Object.keys(record).filter((name) => /^(pk|sk|gsi\d(pk|sk)|entity|__edb_\w__)$/.test(name))).toEqual([]);
    }
    expect(exported.files.map(({ key, fileName, size }) => ({ key, fileName, size }))).toEqual(
      [...ada.files].sort().map((key) => ({ key, fileName: key.split('/').pop(), size: `ada: ${key}`.length })),
    );
    for (const file of exported.files) {
      expect(await (await fetch(file.url)).text()).toBe(`ada: ${file.key}`);
    }
    expect(JSON.stringify(exported)).not.toContain(grace.uid);
  });

  it('answers an empty export for a user with nothing stored', async () => {
    const exported = await exportAccount(deps(), { uid: crypto.randomUUID(), email: 'new@example.com', username: 'x' });
    expect(exported).toMatchObject({ profile: null, items: [], files: [], user: { email: 'new@example.com' } });
  });
});

describe('account deletion against DynamoDB Local, s3rver and cognito-local', () => {
  it("removes every item, every file and the sign-in of the user, and nothing of another user's", async () => {
    // more records than one BatchWriteItem takes
    const ada = await seedUser('ada', 60);
    const grace = await seedUser('grace');
    const db = deps().db;

    expect(await deleteAccount(deps(), ada)).toEqual({ deleted: true });

    expect(await userItems(db, ada.uid)).toEqual([]);
    expect(await storage().list(userPrefix(ada.uid))).toEqual([]);
    expect(await cognitoUserExists(ada.username)).toBe(false);
    // profile, three records, a contact and its directory chunk
    expect(await userItems(db, grace.uid)).toHaveLength(6);
    expect(await storage().list(userPrefix(grace.uid))).toHaveLength(2);
    expect(await cognitoUserExists(grace.username)).toBe(true);
  });

  it('removes the data before the sign-in, and a retry finishes what a failure left', async () => {
    const ada = await seedUser('ada');
    const failing: UserDirectory = { remove: async () => Promise.reject(new Error('Cognito is down')) };

    await expect(deleteAccount(deps(failing), ada)).rejects.toThrow('Cognito is down');
    expect(await userItems(deps().db, ada.uid)).toEqual([]);
    expect(await storage().list(userPrefix(ada.uid))).toEqual([]);
    expect(await cognitoUserExists(ada.username)).toBe(true);

    expect(await deleteAccount(deps(), ada)).toEqual({ deleted: true });
    expect(await cognitoUserExists(ada.username)).toBe(false);
    // and once more, with nothing left anywhere
    expect(await deleteAccount(deps(), ada)).toEqual({ deleted: true });
  });
});

describe('account Lambda', () => {
  let handler: (
    event: ReturnType<typeof apiEvent>,
    context: ReturnType<typeof lambdaContext>,
  ) => Promise<APIGatewayProxyResult>;
  beforeAll(async () => {
    ({ handler } = await import('./http.js'));
  });
  const claimsOf = (user: { uid: string; email: string; username: string }) => ({
    sub: user.uid,
    email: user.email,
    'cognito:username': user.username,
    token_use: 'id',
  });
  const call = async (claims: Record<string, unknown>, method: string, resource: string, body?: unknown) => {
    const response = await handler(apiEvent({ method, resource, body, claims }), lambdaContext());
    return { status: response.statusCode, json: JSON.parse(response.body) };
  };

  it('refuses a deletion without the typed confirmation with 400 and deletes nothing', async () => {
    const ada = await seedUser('ada');
    for (const body of [undefined, {}, { confirm: 'delete' }, { confirm: true }]) {
      const { status, json } = await call(claimsOf(ada), 'DELETE', '/api/account', body);
      expect(status).toBe(400);
      expect(json.details).toEqual([{ field: 'body.confirm', message: messages.account.confirmRequired }]);
      expect(json.error).toContain(messages.account.confirmRequired);
    }
    expect(await userItems(deps().db, ada.uid)).toHaveLength(6);
    expect(await storage().list(userPrefix(ada.uid))).toHaveLength(2);
    expect(await cognitoUserExists(ada.username)).toBe(true);
  });

  it('exports, then deletes the account of the signed-in user when DELETE is typed', async () => {
    const ada = await seedUser('ada');
    const exported = await call(claimsOf(ada), 'GET', '/api/account/export');
    expect(exported.status).toBe(200);
    expect(exported.json.data.files).toHaveLength(2);

    const deleted = await call(claimsOf(ada), 'DELETE', '/api/account', { confirm: 'DELETE' });
    expect(deleted).toEqual({ status: 200, json: { success: true, data: { deleted: true } } });
    expect(await userItems(deps().db, ada.uid)).toEqual([]);
    expect(await cognitoUserExists(ada.username)).toBe(false);
  });
});
