import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoLocal, type CognitoLocal } from '../../infra/local/cognito/emulator.js';
import { applyEnvironment } from '../../infra/local/lambda-env.js';
import { freePort } from '../../infra/local/net.js';
import { localCredentials, localNames } from '../../infra/local/ports.js';
import { startSqsEndpoint } from '../../infra/local/test/sqs-endpoint.js';
import { localQueueUrl } from '../../infra/local/sqs-api.js';
import { messages } from '../../shared/messages.js';
import type { RouteName } from '../../shared/routes.js';
import { queueUrlEnvName } from '../../shared/queues.js';
import {
  accountExportLinkSchema,
  accountExportSchema,
  type AccountDeletionMessage,
} from '../../shared/schemas/account.js';
import * as profiles from '../profiles/index.js';
import { cognitoUserDirectory, type UserDirectory } from '../providers/identity/identity.js';
import type { QueuePort } from '../providers/queue/port.js';
import { createS3Client, s3Storage, userPrefix, type Storage } from '../providers/storage/storage.js';
import { lambdaContext } from '../test/api-event.js';
import { answerOf, callRoute } from '../test/call-route.js';
import { countingDataClient } from '../test/counting-client.js';
import { createLogger } from '../core/logger.js';
import { sqsEvent, sqsRecord } from '../test/sqs-event.js';
import { deletionWorker } from './deletion-worker.js';
import { exportPrefix } from './export-files.js';
import { outsideDepsFromEnv } from './outside-deps.js';
import { deleteAccount, exportAccount, laterPassDelaySeconds, type AccountDeps } from './service.js';
import { putContacts, type ContactItem } from '../data/contact.js';
import { createMailbox, setDefaultIfNone, type MailboxItem } from '../data/mailbox.js';
import { seal } from '../providers/crypto/envelope.js';
import { keyFileDataKeys } from '../providers/crypto/key-file.js';
import { isAccountDeleted } from '../data/deleted-account.js';
import { PutCommand } from '../data/dynamo.js';
import { tenantKey } from '../data/entity/keys.js';
import { userItems } from '../data/user-partition.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';

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

/** What the account service sent to its queue (the later pass of each deletion). */
const sent: { queue: string; message: unknown; delaySeconds?: number }[] = [];
const recordingQueue: QueuePort = {
  send: async (queue, message, options = {}) => {
    sent.push({ queue, message, ...options });
  },
  sendMany: async (queue, batch) => {
    for (const message of batch) sent.push({ queue, message });
  },
};

const deps = (
  users: UserDirectory = cognitoUserDirectory(cognitoClient, cognito.userPoolId),
  files: Storage = storage(),
): AccountDeps => {
  const { data } = countingDataClient();
  return {
    db: data,
    storage: files,
    users,
    queue: recordingQueue,
    addressHash: keyedHashFromEnv(),
    now: () => new Date('2026-11-21T10:00:00.000Z'),
    // these accounts have no Zoom connection nor Stripe customer: neither service is called
    ...outsideDepsFromEnv(data, createLogger('account')),
  };
};

/** The `account-deletion` worker as the queue runs it, with the test's user pool. */
const laterPass = (files: Storage = storage()) => {
  const { queue: _queue, ...rest } = deps();
  return deletionWorker({ ...rest, storage: files }, createLogger('account'));
};
const runLaterPass = async (message: AccountDeletionMessage, files?: Storage) =>
  laterPass(files)(sqsEvent(sqsRecord(JSON.stringify(message), { queue: 'account-deletion' })), lambdaContext());

/** A file or record written for the account after its deletion, as a request that passed the check just before would. */
const plantAfterDeletion = async (uid: string) => {
  const { data } = countingDataClient();
  const at = '2026-11-21T10:00:05.000Z';
  await putContacts(data, [
    { uid, contactId: '01JLATECONTACTXXXXXXXXXXXX', name: 'written late', importedAt: at, lastUpdated: at },
  ]);
  const key = `${userPrefix(uid)}resume/01L-late.pdf`;
  await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: 'late', ContentType: 'text/plain' }));
  return key;
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
      addressHash: keyedHashFromEnv(),
      documentUrl: async () => '',
    },
    { uid, email, name: label },
    {},
  );
  // records later features keep under the user's key, with index keys of their own
  for (let index = 0; index < extraItems; index += 1) {
    await data.documents.send(
      new PutCommand({
        TableName: data.table,
        Item: {
          pk: tenantKey(uid),
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

/** The document a link of GET /api/account/export downloads, and how S3 names the download. */
const download = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const text = await response.text();
  return {
    text,
    disposition: response.headers.get('content-disposition'),
    document: accountExportSchema.parse(JSON.parse(text)),
  };
};

describe('account export against DynamoDB Local and s3rver', () => {
  it("holds the user's profile, records and files with working links, and nothing of another user", async () => {
    const ada = await seedUser('ada');
    const grace = await seedUser('grace');

    const link = accountExportLinkSchema.parse(await exportAccount(deps(), ada));
    expect(link).toMatchObject({ fileName: 'outreach-export-2026-11-21.json', expiresAt: '2026-11-21T10:15:00.000Z' });
    const { document: exported, text, disposition } = await download(link.url);
    expect(link.size).toBe(Buffer.byteLength(text));
    expect(disposition).toBe("attachment; filename*=UTF-8''outreach-export-2026-11-21.json");

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

  it("holds a mailbox's address and state but not its sealed tokens, nor the mailboxes' machinery", async () => {
    const ada = await seedUser('ada-mailbox');
    const keys = keyFileDataKeys(process.env.TOKEN_KEY_FILE!);
    const id = '01JMAILBOXADAXXXXXXXXXXXXX';
    const mailbox: MailboxItem = {
      uid: ada.uid,
      id,
      provider: 'gmail',
      email: 'ada@example.com',
      status: 'connected',
      expiry: '2026-11-21T11:00:00.000Z',
      refreshError: null,
      connectedAt: '2026-11-21T10:00:00.000Z',
      lastSynced: null,
      updatedAt: '2026-11-21T10:00:00.000Z',
      version: 1,
      renewable: true,
      tokens: await seal(keys, { purpose: 'mailbox-tokens', uid: ada.uid, mailbox: id }, { accessToken: 'a' }),
    };
    const { db } = deps();
    expect(await createMailbox(db, mailbox)).toBe('created');
    expect(await setDefaultIfNone(db, ada.uid, id)).toBe(true);

    const { document: exported } = await download((await exportAccount(deps(), ada)).url);
    const mailboxes = exported.items.filter((item) => String(item.recordType).startsWith('mailbox'));
    expect(mailboxes).toEqual([
      expect.objectContaining({ recordType: 'mailbox', id, email: 'ada@example.com', provider: 'gmail' }),
    ]);
    expect(mailboxes[0]).not.toHaveProperty('tokens');
  });

  it("keeps the export documents under the user's own prefix, out of the next export's files", async () => {
    const ada = await seedUser('ada');
    await exportAccount(deps(), ada);
    const { document } = await download((await exportAccount(deps(), ada)).url);

    const stored = await storage().list(exportPrefix(ada.uid));
    expect(stored).toHaveLength(2);
    expect(stored.every(({ key }) => key.startsWith(userPrefix(ada.uid)))).toBe(true);
    expect(document.files.map(({ key }) => key)).toEqual([...ada.files].sort());
  });

  it('answers an empty export for a user with nothing stored', async () => {
    const { url } = await exportAccount(deps(), { uid: crypto.randomUUID(), email: 'new@example.com', username: 'x' });
    expect((await download(url)).document).toMatchObject({
      profile: null,
      items: [],
      files: [],
      user: { email: 'new@example.com' },
    });
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
    expect(await storage().listVersions(userPrefix(ada.uid))).toEqual([]);
    expect(await cognitoUserExists(ada.username)).toBe(false);
    // marked for good, and its later pass queued
    expect(await isAccountDeleted(db, ada.uid)).toBe(true);
    expect(sent).toContainEqual({
      queue: 'account-deletion',
      message: { uid: ada.uid, username: ada.username },
      delaySeconds: laterPassDelaySeconds,
    });
    // profile, three records, a contact, its directory chunk and the directory's head
    expect(await userItems(db, grace.uid)).toHaveLength(7);
    expect(await storage().list(userPrefix(grace.uid))).toHaveLength(2);
    expect(await cognitoUserExists(grace.username)).toBe(true);
    expect(await isAccountDeleted(db, grace.uid)).toBe(false);
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

  it('keeps the sign-in while a file version is left, and the later pass removes it and then the sign-in', async () => {
    const ada = await seedUser('ada');
    // a file that lands while the deletion runs (an upload through a ticket issued before): S3 keeps a version of
    // it after the deletion removed every version it had listed
    const late = `${userPrefix(ada.uid)}resume/01L-while-deleting.pdf`;
    const real = storage();
    const racing: Storage = {
      ...real,
      removeVersions: async (versions) => {
        await real.removeVersions(versions);
        await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: late, Body: 'late', ContentType: 'text/plain' }));
      },
    };

    await expect(deleteAccount(deps(undefined, racing), ada)).rejects.toThrow(/1 file versions and 0 items were left/);
    expect(await cognitoUserExists(ada.username)).toBe(true);
    expect(await storage().listVersions(userPrefix(ada.uid))).toEqual([{ key: late, versionId: 'null' }]);

    expect(await runLaterPass({ uid: ada.uid, username: ada.username })).toEqual({ batchItemFailures: [] });
    expect(await storage().listVersions(userPrefix(ada.uid))).toEqual([]);
    expect(await cognitoUserExists(ada.username)).toBe(false);
  });

  it('takes in its next round what a write in flight adds while the deletion runs, and removes the sign-in', async () => {
    const ada = await seedUser('ada');
    // a stream consumer's or a queue worker's write for something the user did a moment before: it lands once, after
    // the first round had listed what to delete
    const real = storage();
    let landed = false;
    const racing: Storage = {
      ...real,
      removeVersions: async (versions) => {
        await real.removeVersions(versions);
        if (landed) return;
        landed = true;
        await plantAfterDeletion(ada.uid);
      },
    };

    expect(await deleteAccount(deps(undefined, racing), ada)).toEqual({ deleted: true });
    expect(landed).toBe(true);
    expect(await userItems(deps().db, ada.uid)).toEqual([]);
    expect(await storage().listVersions(userPrefix(ada.uid))).toEqual([]);
    expect(await cognitoUserExists(ada.username)).toBe(false);
  });

  it('removes in its later pass a record and a file written after the deletion', async () => {
    const ada = await seedUser('ada');
    await deleteAccount(deps(), ada);
    await plantAfterDeletion(ada.uid);
    expect(await userItems(deps().db, ada.uid)).not.toEqual([]);

    expect(await runLaterPass({ uid: ada.uid, username: ada.username })).toEqual({ batchItemFailures: [] });
    expect(await userItems(deps().db, ada.uid)).toEqual([]);
    expect(await storage().listVersions(userPrefix(ada.uid))).toEqual([]);
  });

  it('removes nothing in a later pass for an account that was never marked deleted', async () => {
    const ada = await seedUser('ada');
    expect(await runLaterPass({ uid: ada.uid, username: ada.username })).toEqual({ batchItemFailures: [] });
    expect(await userItems(deps().db, ada.uid)).toHaveLength(7);
    expect(await storage().list(userPrefix(ada.uid))).toHaveLength(2);
    expect(await cognitoUserExists(ada.username)).toBe(true);
  });
});

describe('the Lambdas after an account deletion', () => {
  let sqs: Awaited<ReturnType<typeof startSqsEndpoint>>;
  let restoreQueueEnv: () => void;
  beforeAll(async () => {
    sqs = await startSqsEndpoint(['account-deletion']);
    // what the local stack gives a producer of the queue (lambda-env.ts)
    restoreQueueEnv = applyEnvironment({
      AWS_ENDPOINT_URL_SQS: sqs.url,
      [queueUrlEnvName('account-deletion')]: localQueueUrl(sqs.url, 'account-deletion'),
    });
  });
  afterAll(async () => {
    restoreQueueEnv();
    await sqs.stop();
  });

  const claimsOf = (user: { uid: string; email: string; username: string }) => ({
    sub: user.uid,
    email: user.email,
    'cognito:username': user.username,
    token_use: 'id',
  });
  it('answers an export beyond 5 in a row 429 with Retry-After, and another user still exports', async () => {
    const ada = await seedUser('ada');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await callRoute('GET /api/account/export', { claims: claimsOf(ada) })).status).toBe(200);
    }
    const response = await callRoute('GET /api/account/export', { claims: claimsOf(ada) });
    expect(response.status).toBe(429);
    expect(Number(response.headers['Retry-After'])).toBeGreaterThan(0);
    expect(response.json).toMatchObject({ success: false, error: messages.status[429] });
    const bob = await seedUser('bob');
    expect((await callRoute('GET /api/account/export', { claims: claimsOf(bob) })).status).toBe(200);
  });

  it('refuses a deletion without the typed confirmation with 400 and deletes nothing', async () => {
    const ada = await seedUser('ada');
    for (const body of [undefined, {}, { confirm: 'delete' }, { confirm: true }]) {
      const { status, json } = await callRoute('DELETE /api/account', { claims: claimsOf(ada), body, offSchema: true });
      expect(status).toBe(400);
      expect(json.details).toEqual([{ field: 'body.confirm', message: messages.account.confirmRequired }]);
      expect(json.error).toContain(messages.account.confirmRequired);
    }
    expect(await userItems(deps().db, ada.uid)).toHaveLength(7);
    expect(await storage().list(userPrefix(ada.uid))).toHaveLength(2);
    expect(await cognitoUserExists(ada.username)).toBe(true);
    expect(await isAccountDeleted(deps().db, ada.uid)).toBe(false);
  });

  it('exports as a short link, then deletes the account of the signed-in user when DELETE is typed', async () => {
    const ada = await seedUser('ada');
    const exported = await callRoute('GET /api/account/export', { claims: claimsOf(ada) });
    expect(exported.status).toBe(200);
    expect((await download(accountExportLinkSchema.parse(exported.json.data).url)).document.files).toHaveLength(2);

    const deleted = await callRoute('DELETE /api/account', { claims: claimsOf(ada), body: { confirm: 'DELETE' } });
    expect(answerOf(deleted)).toEqual({ status: 200, json: { success: true, data: { deleted: true } } });
    expect(await userItems(deps().db, ada.uid)).toEqual([]);
    expect(await storage().listVersions(userPrefix(ada.uid))).toEqual([]);
    expect(await cognitoUserExists(ada.username)).toBe(false);
    // the later pass waits in its queue, delayed by SQS's longest delay
    const [pass] = sqs.pending('account-deletion').filter((message) => message.body.includes(ada.uid));
    expect(JSON.parse(pass!.body)).toEqual({ uid: ada.uid, username: ada.username });
    expect(pass!.visibleAt - pass!.sentAt).toBeGreaterThanOrEqual(laterPassDelaySeconds * 1000);
  });

  it('refuses the still-valid token of a deleted account with 401 on every domain, and it writes nothing', async () => {
    const ada = await seedUser('ada');
    const claims = claimsOf(ada);
    expect((await callRoute('DELETE /api/account', { claims, body: { confirm: 'DELETE' } })).status).toBe(200);

    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/profiles'],
      ['GET', '/api/profiles/settings'],
      ['POST', '/api/users/sync-user', { displayName: 'Ada again' }],
      ['PUT', '/api/profiles', { bio: 'back' }],
      ['PUT', '/api/profiles/settings', { settings: { emailNotifications: true } }],
      ['GET', '/api/contacts'],
      ['GET', '/api/profiles/slots'],
      ['POST', '/api/contacts', { name: 'Grace Hopper', email: 'grace@example.com' }],
      ['POST', '/api/uploads', { purpose: 'resume', fileName: 'cv.pdf', contentType: 'application/pdf', size: 2048 }],
      ['POST', '/api/profiles/normalize'],
      ['GET', '/api/account/export'],
      ['DELETE', '/api/account', { confirm: 'DELETE' }],
    ];
    for (const [method, resource, body] of attempts) {
      const answer = await callRoute(`${method} ${resource}` as RouteName, { claims, body, offSchema: true });
      expect({ route: `${method} ${resource}`, ...answerOf(answer) }).toEqual({
        route: `${method} ${resource}`,
        status: 401,
        json: { success: false, error: messages.auth.required, code: 'unauthorized' },
      });
    }
    // no profile, quota, contact, export or upload
    expect(await userItems(deps().db, ada.uid)).toEqual([]);
    expect(await storage().listVersions(userPrefix(ada.uid))).toEqual([]);
  });
});

describe('the export of an account with 10,000 contacts', () => {
  it('answers a short link to a document that holds every contact', { timeout: 240_000 }, async () => {
    const uid = crypto.randomUUID();
    const { data } = countingDataClient();
    const contacts: ContactItem[] = Array.from({ length: 10_000 }, (_, index) => {
      const n = String(index).padStart(5, '0');
      return {
        uid,
        contactId: `01J${n.padEnd(23, '0')}`,
        name: `Contact ${n}`,
        company: `Company ${n}`,
        jobTitle: 'Head of Engineering Partnerships',
        linkedinUrl: `https://www.linkedin.com/in/contact-${n}`,
        email: `contact.${n}@example.com`,
        // what a person keeps about a contact: together some 7 MB, past the 6 MB a Lambda may answer
        notes: `Met at the ${n} meetup. `.repeat(18),
        importedAt: '2026-11-20T08:00:00.000Z',
        lastUpdated: '2026-11-20T08:00:00.000Z',
      };
    });
    await putContacts(data, contacts);
    const response = await callRoute('GET /api/account/export', { claims: { sub: uid, email: 'many@example.com' } });

    expect(response.status).toBe(200);
    expect(response.raw.length).toBeLessThan(2_000);
    const link = accountExportLinkSchema.parse(response.json.data);
    expect(link.size).toBeGreaterThan(6 * 1024 * 1024);
    const { document, text } = await download(link.url);
    expect(Buffer.byteLength(text)).toBe(link.size);
    const exported = document.items.filter((item) => item.recordType === 'contact');
    expect(exported).toHaveLength(10_000);
    expect(new Set(exported.map((item) => item.contactId))).toEqual(new Set(contacts.map((item) => item.contactId)));
  });
});
