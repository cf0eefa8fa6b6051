import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { LazyClient } from '../lazy-client.js';

/** The S3 SDK (client, commands, presigners), imported when storage is first used. */
const loadSdk = () => import('./s3-sdk.js');

/**
 * The storage port (DESIGN §5): the uploads bucket. S3 in AWS, s3rver locally and in tests; the endpoint comes from
 * the SDK's own `AWS_ENDPOINT_URL_S3`, path-style addressing from `S3_FORCE_PATH_STYLE` (s3rver has no virtual hosts).
 */
export type Storage = {
  /**
   * A presigned POST for `key`: 1 to `maxBytes` bytes, stored with `contentType`, the user `metadata` and the object
   * `tags` (policy conditions; S3 enforces them, as the local front of s3rver does; s3rver keeps no tags). Metadata values must be ASCII.
   */
  presignPost: (input: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds: number;
    metadata?: Record<string, string>;
    tags?: Record<string, string>;
  }) => Promise<{ url: string; fields: Record<string, string> }>;
  /**
   * A short-lived GET link; `fileName` names the file, shown in the browser, or saved at once with `attachment`.
   * @default attachment false
   */
  presignGet: (
    key: string,
    options?: { expiresInSeconds?: number; fileName?: string; attachment?: boolean },
  ) => Promise<string>;
  /** Stores `body` at `key`; `tags` are S3 object tags (lifecycle rules select by them). */
  put: (
    key: string,
    body: string | Uint8Array,
    options: { contentType: string; tags?: Record<string, string> },
  ) => Promise<void>;
  /** Size, stored type and user metadata of an object, or undefined when there is none. */
  head: (
    key: string,
  ) => Promise<{ size: number; contentType: string | undefined; metadata: Record<string, string> } | undefined>;
  /** The first `maxBytes` of an object (all of it when omitted). */
  read: (key: string, maxBytes?: number) => Promise<Uint8Array>;
  /** Copies an object to `to` with its type and metadata, without its tags (so no lifecycle rule of theirs applies). */
  copy: (from: string, to: string) => Promise<void>;
  remove: (key: string) => Promise<void>;
  /** Every key under a prefix (paged through). */
  list: (prefix: string) => Promise<{ key: string; size: number }[]>;
  /**
   * Every stored version and delete marker under a prefix (the bucket is versioned in AWS: deleting a key only hides
   * its versions behind a delete marker); an unversioned bucket answers each object once, with the version `null`.
   */
  listVersions: (prefix: string) => Promise<StoredVersion[]>;
  /** Deletes these versions (and delete markers) for good, 1,000 per request; throws if S3 refuses any. */
  removeVersions: (versions: StoredVersion[]) => Promise<void>;
};

/** One stored version of a key, or one of its delete markers. */
export type StoredVersion = { key: string; versionId: string };

/** An S3 client built on first use, which also sends commands as `S3Client.send` does. */
export type LazyS3Client = LazyClient<S3Client> & { send: S3Client['send'] };

/**
 * The S3 client of a Lambda, built once (STYLE §10), on first use: the SDK (about 200 KiB of bundle once the code
 * shared with DynamoDB's client is set apart) loads with the first request that touches storage rather than at cold
 * start. Routes that store nothing never load it (profiles without documents); where every route of a Lambda does
 * (documents, account), this moves that cost from the cold start into its first request, no less.
 */
export const createS3Client = (config: S3ClientConfig = {}): LazyS3Client => {
  const options: S3ClientConfig = {
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    maxAttempts: 3,
    ...config,
  };
  const client = new LazyClient(async () => new (await loadSdk()).S3Client(options));
  const send = (command: Parameters<S3Client['send']>[0]) => client.get().then((s3) => s3.send(command));
  return Object.assign(client, { send: send as S3Client['send'] });
};

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Object tags as the `tagging` field of a POST upload wants them (S3 POST Object: a `Tagging` XML document). */
const taggingXml = (tags: Record<string, string>) =>
  `<Tagging><TagSet>${Object.entries(tags)
    .map(([key, value]) => `<Tag><Key>${escapeXml(key)}</Key><Value>${escapeXml(value)}</Value></Tag>`)
    .join('')}</TagSet></Tagging>`;

/** @default expiresInSeconds of presignGet: 900 (15 min) */
export const s3Storage = (client: LazyS3Client, bucket: string): Storage => {
  const ready = async () => {
    const [sdk, s3] = await Promise.all([loadSdk(), client.get()]);
    return { sdk, s3 };
  };
  return {
    presignPost: async ({ key, contentType, maxBytes, expiresInSeconds, metadata = {}, tags }) => {
      const { sdk, s3 } = await ready();
      const fields: Record<string, string> = { 'Content-Type': contentType };
      for (const [name, value] of Object.entries(metadata)) fields[`x-amz-meta-${name}`] = value;
      if (tags) fields.tagging = taggingXml(tags);
      return sdk.createPresignedPost(s3, {
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

    presignGet: async (key, { expiresInSeconds = 900, fileName, attachment = false } = {}) => {
      const { sdk, s3 } = await ready();
      const disposition = attachment ? 'attachment' : 'inline';
      return sdk.getSignedUrl(
        s3,
        new sdk.GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(fileName
            ? { ResponseContentDisposition: `${disposition}; filename*=UTF-8''${encodeURIComponent(fileName)}` }
            : {}),
        }),
        { expiresIn: expiresInSeconds },
      );
    },

    head: async (key) => {
      const { sdk, s3 } = await ready();
      try {
        const head = await s3.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType, metadata: head.Metadata ?? {} };
      } catch (error) {
        if (error instanceof sdk.NotFound) return undefined;
        // Without s3:ListBucket, S3 answers a missing key with 403, not 404, so as not to reveal what exists. Callers
        // hold s3:GetObject on every object of the bucket: for them a 403 means the object is not there.
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || status === 403) return undefined;
        throw error;
      }
    },

    read: async (key, maxBytes) => {
      const { sdk, s3 } = await ready();
      const object = await s3.send(
        new sdk.GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(maxBytes ? { Range: `bytes=0-${maxBytes - 1}` } : {}),
        }),
      );
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    },

    put: async (key, body, { contentType, tags }) => {
      const { sdk, s3 } = await ready();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ...(tags ? { Tagging: new URLSearchParams(tags).toString() } : {}),
        }),
      );
    },

    copy: async (from, to) => {
      const { sdk, s3 } = await ready();
      await s3.send(
        new sdk.CopyObjectCommand({
          Bucket: bucket,
          Key: to,
          CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
          TaggingDirective: 'REPLACE',
        }),
      );
    },

    remove: async (key) => {
      const { sdk, s3 } = await ready();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    list: async (prefix) => {
      const { sdk, s3 } = await ready();
      const keys: { key: string; size: number }[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) keys.push({ key: object.Key, size: object.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },

    listVersions: async (prefix) => {
      const { sdk, s3 } = await ready();
      const versions: StoredVersion[] = [];
      let keyMarker: string | undefined;
      let versionIdMarker: string | undefined;
      do {
        const page = await s3.send(
          new sdk.ListObjectVersionsCommand({
            Bucket: bucket,
            Prefix: prefix,
            KeyMarker: keyMarker,
            VersionIdMarker: versionIdMarker,
          }),
        );
        for (const version of [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])]) {
          if (version.Key) versions.push({ key: version.Key, versionId: version.VersionId ?? 'null' });
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        versionIdMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
      } while (keyMarker);
      return versions;
    },

    removeVersions: async (versions) => {
      const { sdk, s3 } = await ready();
      for (let start = 0; start < versions.length; start += 1000) {
        const batch = versions.slice(start, start + 1000);
        const result = await s3.send(
          new sdk.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map(({ key, versionId }) => ({ Key: key, VersionId: versionId })), Quiet: true },
          }),
        );
        const refused = result.Errors ?? [];
        if (refused.length > 0) {
          throw new Error(
            `S3 refused to delete ${refused.length} of ${batch.length} versions: ${refused[0]?.Code ?? ''} ${refused[0]?.Key ?? ''}`,
          );
        }
      }
    },
  };
};

/** DESIGN §3 tenant isolation, for files: everything a user stores lives under this prefix. */
export const userPrefix = (uid: string) => `users/${uid}/`;
