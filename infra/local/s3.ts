import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeServer, listen } from './net.js';
import { localCredentials, localNames } from './ports.js';
import { createS3Front } from './s3-front.js';

export type S3Local = { endpoint: string; stop: () => Promise<void> };

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Bucket CORS for the browser's presigned POST uploads (DESIGN §6 uploads) and presigned GETs: the web origins may
 * POST the form and read the response headers the SDK needs.
 */
export const bucketCorsXml = (origins: string[]) => `<CORSConfiguration>
  <CORSRule>
${origins.map((origin) => `    <AllowedOrigin>${escapeXml(origin)}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <ExposeHeader>Location</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

type S3rverStore = {
  listObjects: (
    bucket: string,
    options: { prefix?: string; startAfter?: string; maxKeys?: number },
  ) => Promise<{
    objects: { key: string; size: number; lastModifiedDate: Date; metadata: Record<string, string> }[];
    isTruncated: boolean;
  }>;
};

/**
 * ListObjectVersions (`GET /<bucket>?versions`), which s3rver lacks, as S3 answers it for an unversioned bucket: each
 * object once, as its latest version `null` (DeleteObjects then takes `VersionId: null`, which s3rver ignores). The
 * account deletion lists versions so that it also removes the old versions a versioned bucket keeps in AWS.
 * @link https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectVersions.html
 */
const listVersions = async (store: S3rverStore, url: URL, response: ServerResponse) => {
  const bucket = decodeURIComponent(url.pathname.split('/').filter(Boolean)[0] ?? '');
  const prefix = url.searchParams.get('prefix') ?? '';
  const keyMarker = url.searchParams.get('key-marker') ?? '';
  const maxKeys = Math.min(Number(url.searchParams.get('max-keys') ?? 1000) || 1000, 1000);
  const { objects, isTruncated } = await store.listObjects(bucket, { prefix, startAfter: keyMarker, maxKeys });
  const last = objects.at(-1)?.key ?? '';
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<ListVersionsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyMarker>${escapeXml(keyMarker)}</KeyMarker>
  <VersionIdMarker></VersionIdMarker><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${isTruncated}</IsTruncated>
${isTruncated ? `  <NextKeyMarker>${escapeXml(last)}</NextKeyMarker><NextVersionIdMarker>null</NextVersionIdMarker>\n` : ''}${objects
  .map(
    (object) =>
      `  <Version><Key>${escapeXml(object.key)}</Key><VersionId>null</VersionId><IsLatest>true</IsLatest>` +
      `<LastModified>${object.lastModifiedDate.toISOString()}</LastModified><ETag>${escapeXml(object.metadata.etag ?? '')}</ETag>` +
      `<Size>${object.size}</Size><StorageClass>STANDARD</StorageClass></Version>`,
  )
  .join('\n')}
</ListVersionsResult>`;
  response.writeHead(200, { 'Content-Type': 'application/xml' }).end(body);
};

/**
 * Starts the local S3 on `port`: s3rver in this process with `bucket` created (CORS for `corsOrigins`), keeping objects
 * in `dataDir` (a temporary folder removed on stop without it), behind a front that checks what S3 checks (s3-front.ts:
 * SigV4 signatures, presigned URLs, POST policies; no anonymous access), since s3rver checks none of it. s3rver itself
 * listens on no port: only on a Unix socket in a folder of this user's (0700), which no browser page and no other
 * user of the machine can reach, so nothing gets past the front.
 */
export const startS3Local = async (options: {
  port: number;
  bucket: string;
  corsOrigins: string[];
  dataDir?: string;
}): Promise<S3Local> => {
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 's3rver-'));
  mkdirSync(directory, { recursive: true });
  // imported here, not at the top: the stack starts the JVM first and loads the rest while it boots
  const { default: S3rver } = await import('s3rver');
  const s3rver = new S3rver({
    directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [bucketCorsXml(options.corsOrigins)] }],
  });
  await s3rver.configureBuckets();
  // Our own server rather than s3rver.run(): its listen crashes the process on EADDRINUSE.
  const serve = s3rver.callback();
  const store = (s3rver as unknown as { store: S3rverStore }).store;
  const inner = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://s3.local');
    if (
      request.method === 'GET' &&
      url.searchParams.has('versions') &&
      url.pathname.split('/').filter(Boolean).length === 1
    ) {
      listVersions(store, url, response).catch((error: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
      });
      return;
    }
    void serve(request, response);
  });
  const socketDir = mkdtempSync(join(tmpdir(), 's3rver-socket-'));
  const upstreamSocket = join(socketDir, 's3rver.sock');
  await new Promise<void>((resolve, reject) => {
    inner.once('error', reject);
    inner.listen(upstreamSocket, () => {
      inner.off('error', reject);
      resolve();
    });
  });
  const front = createS3Front({
    credentials: localCredentials,
    region: localNames.region,
    upstreamSocket,
    corsOrigins: options.corsOrigins,
  });
  const server = createServer((request, response) => {
    front(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(String(error));
    });
  });
  const stopInner = async () => {
    await closeServer(inner);
    rmSync(socketDir, { recursive: true, force: true });
  };
  try {
    await listen(server, options.port);
  } catch (error) {
    await stopInner();
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      await closeServer(server);
      await stopInner();
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
};
