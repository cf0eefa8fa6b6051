import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, s3Storage, type Storage } from '../../lambdas/providers/storage/storage.js';
import { freePort } from './net.js';
import { localCredentials, localNames } from './ports.js';
import { startS3Local, type S3Local } from './s3.js';

/**
 * The local S3 answers as S3 does (s3-front.ts): the product's own flows work (presigned POST uploads, presigned GETs,
 * the SDK's signed calls) and what S3 refuses is refused with S3's status and code.
 */
const bucket = 'localsec-files';
const webOrigin = 'http://localhost:5999';
const fiveMb = 5 * 1024 * 1024;
let s3: S3Local;
let storage: Storage;
let client: S3Client;

const clientOf = (secretAccessKey: string) =>
  new S3Client({
    endpoint: s3.endpoint,
    region: localNames.region,
    forcePathStyle: true,
    credentials: { ...localCredentials, secretAccessKey },
    maxAttempts: 1,
  });

beforeAll(async () => {
  s3 = await startS3Local({ port: await freePort(), bucket, corsOrigins: [webOrigin] });
  client = clientOf(localCredentials.secretAccessKey);
  storage = s3Storage(
    createS3Client({
      endpoint: s3.endpoint,
      region: localNames.region,
      forcePathStyle: true,
      credentials: localCredentials,
    }),
    bucket,
  );
});
afterAll(async () => {
  client.destroy();
  await s3.stop();
});

/** A presigned POST as the documents Lambda makes one: 1 byte to 5 MB of text/plain, with metadata and a tag. */
const ticketFor = (key: string, expiresInSeconds = 600) =>
  storage.presignPost({
    key,
    contentType: 'text/plain',
    maxBytes: fiveMb,
    expiresInSeconds,
    metadata: { filename: 'cv.txt' },
    tags: { lifecycle: 'staging' },
  });

/** What a browser sends: the ticket's fields (some changed), then the file. */
const postForm = async (
  ticket: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  changes: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...changes })) form.append(name, value);
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'text/plain' }), 'cv.txt');
  const response = await fetch(ticket.url, { method: 'POST', body: form, headers: { Origin: webOrigin } });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

/** S3's error document: its code and message. */
const s3Error = (text: string) => ({
  code: /<Code>(.*?)<\/Code>/.exec(text)?.[1],
  message: /<Message>(.*?)<\/Message>/.exec(text)?.[1]?.replaceAll('&#34;', '"'),
});

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('the local S3', () => {
  it('stores a valid upload from the form of a presigned POST, with its type and metadata', async () => {
    const ticket = await ticketFor('users/ada/staging/cv.txt');
    const answer = await postForm(ticket, utf8('Ada Lovelace'));
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(webOrigin);
    expect(await storage.head('users/ada/staging/cv.txt')).toEqual({
      size: 12,
      contentType: 'text/plain',
      metadata: { filename: 'cv.txt' },
    });
  });

  it('refuses a form whose key was changed to another user’s (403) and leaves that user’s file as it was', async () => {
    await storage.put('users/grace/resume/cv.txt', 'Grace Hopper', { contentType: 'text/plain' });
    const ticket = await ticketFor('users/mallory/staging/cv.txt');
    const answer = await postForm(ticket, utf8('overwritten'), { key: 'users/grace/resume/cv.txt' });
    expect(answer.status).toBe(403);
    expect(s3Error(answer.text)).toEqual({
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy Condition failed: ["eq", "$key", "users/mallory/staging/cv.txt"]',
    });
    // the web can read the refusal: the error carries the bucket's CORS
    expect(answer.headers.get('access-control-allow-origin')).toBe(webOrigin);
    expect(Buffer.from(await storage.read('users/grace/resume/cv.txt')).toString()).toBe('Grace Hopper');
  });

  it('refuses a file over the policy’s content-length-range with 400 EntityTooLarge and stores nothing', async () => {
    const ticket = await ticketFor('users/ada/staging/big.txt');
    const answer = await postForm(ticket, new Uint8Array(12 * 1024 * 1024).fill(97));
    expect(answer.status).toBe(400);
    expect(s3Error(answer.text)).toEqual({
      code: 'EntityTooLarge',
      message: 'Your proposed upload exceeds the maximum allowed size',
    });
    expect(answer.text).toContain(`<MaxSizeAllowed>${fiveMb}</MaxSizeAllowed>`);
    expect(await storage.head('users/ada/staging/big.txt')).toBeUndefined();
  });

  it('refuses an empty file below the range with 400 EntityTooSmall', async () => {
    const answer = await postForm(await ticketFor('users/ada/staging/empty.txt'), new Uint8Array());
    expect(answer.status).toBe(400);
    expect(s3Error(answer.text).code).toBe('EntityTooSmall');
  });

  it('refuses an expired policy with 403', async () => {
    const ticket = await ticketFor('users/ada/staging/late.txt', -60);
    const answer = await postForm(ticket, utf8('too late'));
    expect(answer.status).toBe(403);
    expect(s3Error(answer.text)).toEqual({
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
    expect(await storage.head('users/ada/staging/late.txt')).toBeUndefined();
  });

  it('refuses a policy rewritten for a larger range: its signature no longer matches (403)', async () => {
    const ticket = await ticketFor('users/ada/staging/forged.txt');
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    policy.conditions = policy.conditions.map((condition) =>
      Array.isArray(condition) && condition[0] === 'content-length-range'
        ? ['content-length-range', 1, 1e9]
        : condition,
    );
    const forged = Buffer.from(JSON.stringify(policy)).toString('base64');
    const answer = await postForm(ticket, utf8('forged'), { Policy: forged });
    expect(answer.status).toBe(403);
    expect(s3Error(answer.text).code).toBe('SignatureDoesNotMatch');
  });

  it('refuses a field the policy does not name (403), and a form without the tag it pins', async () => {
    const ticket = await ticketFor('users/ada/staging/extra.txt');
    const extra = await postForm(ticket, utf8('x'), { 'x-amz-meta-owner': 'someone-else' });
    expect(extra.status).toBe(403);
    expect(s3Error(extra.text).message).toBe('Invalid according to Policy: Extra input fields: x-amz-meta-owner');
    const { tagging: _tag, ...withoutTag } = ticket.fields;
    const untagged = await postForm({ url: ticket.url, fields: withoutTag }, utf8('x'));
    expect(untagged.status).toBe(403);
    expect(s3Error(untagged.text).message).toMatch(
      /^Invalid according to Policy: Policy Condition failed: \["eq", "\$tagging"/,
    );
  });

  it('refuses anonymous requests with 403 AccessDenied: listing, reading, writing and an unsigned form', async () => {
    await storage.put('users/ada/resume/cv.txt', 'Ada', { contentType: 'text/plain' });
    const form = new FormData();
    form.append('key', 'users/ada/resume/cv.txt');
    form.append('file', new Blob(['overwritten']), 'cv.txt');
    const anonymous = [
      fetch(`${s3.endpoint}/${bucket}`),
      fetch(`${s3.endpoint}/${bucket}?list-type=2&prefix=users/`),
      fetch(`${s3.endpoint}/`),
      fetch(`${s3.endpoint}/${bucket}/users/ada/resume/cv.txt`),
      fetch(`${s3.endpoint}/${bucket}/users/ada/resume/cv.txt`, { method: 'PUT', body: 'overwritten' }),
      fetch(`${s3.endpoint}/${bucket}/users/ada/resume/cv.txt`, { method: 'DELETE' }),
      fetch(`${s3.endpoint}/${bucket}`, { method: 'POST', body: form }),
    ];
    for (const response of await Promise.all(anonymous)) {
      expect(response.status, `${response.url}`).toBe(403);
      expect(s3Error(await response.text())).toEqual({ code: 'AccessDenied', message: 'Access Denied' });
    }
    expect(Buffer.from(await storage.read('users/ada/resume/cv.txt')).toString()).toBe('Ada');
  });

  it('answers the browser’s CORS preflight without credentials, as S3 does', async () => {
    const response = await fetch(`${s3.endpoint}/${bucket}`, {
      method: 'OPTIONS',
      headers: { Origin: webOrigin, 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('serves the SDK’s signed calls, and refuses them signed with another secret (403 SignatureDoesNotMatch)', async () => {
    await storage.put('users/ada/export/data.json', '{"a":1}', { contentType: 'application/json' });
    expect(await storage.list('users/ada/export/')).toEqual([{ key: 'users/ada/export/data.json', size: 7 }]);
    expect(await storage.listVersions('users/ada/export/')).toEqual([
      { key: 'users/ada/export/data.json', versionId: 'null' },
    ]);
    await storage.copy('users/ada/export/data.json', 'users/ada/export/copy.json');
    expect(Buffer.from(await storage.read('users/ada/export/copy.json', 3)).toString()).toBe('{"a');
    await storage.removeVersions([{ key: 'users/ada/export/copy.json', versionId: 'null' }]);
    await storage.remove('users/ada/export/data.json');
    expect(await storage.list('users/ada/export/')).toEqual([]);

    const impostor = clientOf('not-the-secret');
    await expect(
      impostor.send(new GetObjectCommand({ Bucket: bucket, Key: 'users/ada/resume/cv.txt' })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    impostor.destroy();
  });

  it('serves a presigned GET, and refuses it for another key (403) or once expired (403)', async () => {
    await storage.put('users/ada/resume/cv.pdf', 'Ada PDF', { contentType: 'application/pdf' });
    await storage.put('users/grace/resume/cv.pdf', 'Grace PDF', { contentType: 'application/pdf' });
    const link = await storage.presignGet('users/ada/resume/cv.pdf', { fileName: 'Ada Lovelace CV.pdf' });
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('Ada PDF');
    expect(download.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Ada%20Lovelace%20CV.pdf");

    const elsewhere = await fetch(link.replace('/users/ada/', '/users/grace/'));
    expect(elsewhere.status).toBe(403);
    expect(s3Error(await elsewhere.text()).code).toBe('SignatureDoesNotMatch');

    const signedAnHourAgo = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: bucket, Key: 'users/ada/resume/cv.pdf' }),
      { expiresIn: 60, signingDate: new Date(Date.now() - 60 * 60 * 1000) },
    );
    const expired = await fetch(signedAnHourAgo);
    expect(expired.status).toBe(403);
    expect(s3Error(await expired.text())).toEqual({ code: 'AccessDenied', message: 'Request has expired' });
  });
});

/**
 * A PUT with an aws-chunked body signed chunk by chunk (STREAMING-AWS4-HMAC-SHA256-PAYLOAD), built as AWS's SigV4
 * streaming page describes: the request's seed signature, then each chunk's over the previous one and its SHA-256.
 */
const chunkedPut = async (key: string, chunks: string[], tamper?: (body: string) => string) => {
  const { SignatureV4, getSigningKey, createScope } = await import('@smithy/signature-v4');
  const { Sha256 } = await import('@smithy/core/checksum');
  const { createHash, createHmac } = await import('node:crypto');
  const hex = (text: string) => createHash('sha256').update(text).digest('hex');
  const url = new URL(`${s3.endpoint}/${bucket}/${key}`);
  const decodedLength = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
  const signer = new SignatureV4({
    credentials: localCredentials,
    region: localNames.region,
    service: 's3',
    sha256: Sha256,
  });
  const now = new Date();
  const seed = await signer.sign(
    {
      method: 'PUT',
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      headers: {
        host: url.host,
        'content-encoding': 'aws-chunked',
        'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
        'x-amz-decoded-content-length': String(decodedLength),
      },
    },
    { signingDate: now },
  );
  const amzDate = seed.headers['x-amz-date']!;
  const date = amzDate.slice(0, 8);
  const key4 = await getSigningKey(Sha256, localCredentials, date, localNames.region, 's3');
  let previous = /Signature=([0-9a-f]{64})/.exec(seed.headers.authorization!)![1]!;
  let body = '';
  for (const chunk of [...chunks, '']) {
    const toSign = [
      'AWS4-HMAC-SHA256-PAYLOAD',
      amzDate,
      createScope(date, localNames.region, 's3'),
      previous,
      hex(''),
      hex(chunk),
    ];
    previous = createHmac('sha256', key4).update(toSign.join('\n')).digest('hex');
    body += `${Buffer.byteLength(chunk).toString(16)};chunk-signature=${previous}\r\n${chunk}\r\n`;
  }
  const sent = tamper ? tamper(body) : body;
  const { host: _host, ...headers } = seed.headers;
  const response = await fetch(url, { method: 'PUT', headers, body: sent });
  return { status: response.status, text: await response.text() };
};

describe('the local S3 and aws-chunked bodies', () => {
  it('stores a body signed chunk by chunk, decoded, and refuses one whose chunk was changed (403)', async () => {
    const stored = await chunkedPut('chunked/ok.txt', ['Hello, ', 'chunked ', 'world']);
    expect(stored.status).toBe(200);
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'chunked/ok.txt' }));
    expect(await object.Body?.transformToString()).toBe('Hello, chunked world');

    const changed = await chunkedPut('chunked/changed.txt', ['Hello, ', 'chunked ', 'world'], (body) =>
      body.replace('chunked ', 'CHUNKED '),
    );
    expect(changed.status).toBe(403);
    expect(s3Error(changed.text).code).toBe('SignatureDoesNotMatch');
  });
});
