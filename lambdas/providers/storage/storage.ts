import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  S3Client,
  type S3ClientConfig,
  DeleteObjectCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * The storage port (DESIGN §5): the uploads bucket. S3 in AWS, s3rver locally and in tests; the endpoint comes from
 * the SDK's own `AWS_ENDPOINT_URL_S3`, path-style addressing from `S3_FORCE_PATH_STYLE` (s3rver has no virtual hosts).
 */
export type Storage = {
  /**
   * A presigned POST for `key`: 1 to `maxBytes` bytes, stored with `contentType` and the user `metadata` (policy
   * conditions; S3 enforces them, s3rver does not). Metadata values must be ASCII.
   */
  presignPost: (input: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds: number;
    metadata?: Record<string, string>;
  }) => Promise<{ url: string; fields: Record<string, string> }>;
  /** A short-lived GET link; `fileName` names the download. */
  presignGet: (key: string, options?: { expiresInSeconds?: number; fileName?: string }) => Promise<string>;
  /** Size, stored type and user metadata of an object, or undefined when there is none. */
  head: (key: string) => Promise<
    { size: number; contentType: string | undefined; metadata: Record<string, string> } | undefined
  >;
  /** The first `maxBytes` of an object (all of it when omitted). */
  read: (key: string, maxBytes?: number) => Promise<Uint8Array>;
  remove: (key: string) => Promise<void>;
  /** Every key under a prefix (paged through). */
  list: (prefix: string) => Promise<{ key: string; size: number }[]>;
  /** Deletes up to any number of keys, 1,000 per request. */
  removeAll: (keys: string[]) => Promise<void>;
};

/** The S3 client of a Lambda, built once (STYLE §10). */
export const createS3Client = (config: S3ClientConfig = {}) =>
  new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true', maxAttempts: 3, ...config });

/** @default expiresInSeconds of presignGet: 900 (15 min) */
export const s3Storage = (client: S3Client, bucket: string): Storage => ({
  presignPost: async ({ key, contentType, maxBytes, expiresInSeconds, metadata = {} }) => {
    const fields: Record<string, string> = { 'Content-Type': contentType };
    for (const [name, value] of Object.entries(metadata)) fields[`x-amz-meta-${name}`] = value;
    return createPresignedPost(client, {
      Bucket: bucket,
      Key: key,
      // every field the form carries is pinned, so the browser can change nothing but the file
      Conditions: [
        ['content-length-range', 1, maxBytes],
        ...Object.entries(fields).map(([name, value]) => ['eq', `$${name}`, value] as ['eq', string, string]),
      ],
      Fields: fields,
      Expires: expiresInSeconds,
    });
  },

  presignGet: (key, { expiresInSeconds = 900, fileName } = {}) =>
    getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ...(fileName ? { ResponseContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(fileName)}` } : {}),
      }),
      { expiresIn: expiresInSeconds },
    ),

  head: async (key) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType, metadata: head.Metadata ?? {} };
    } catch (error) {
      if (error instanceof NotFound) return undefined;
      // Without s3:ListBucket, S3 answers a missing key with 403, not 404, so as not to reveal what exists. Callers
      // hold s3:GetObject on every object of the bucket: for them a 403 means the object is not there.
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || status === 403) return undefined;
      throw error;
    }
  },

  read: async (key, maxBytes) => {
    const object = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, ...(maxBytes ? { Range: `bytes=0-${maxBytes - 1}` } : {}) }),
    );
    return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
  },

  remove: async (key) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  },

  list: async (prefix) => {
    const keys: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push({ key: object.Key, size: object.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  },

  removeAll: async (keys) => {
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  },
});

/** DESIGN §3 tenant isolation, for files: everything a user stores lives under this prefix. */
export const userPrefix = (uid: string) => `users/${uid}/`;
