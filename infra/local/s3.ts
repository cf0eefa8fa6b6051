import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeServer, listen } from './net.js';

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

/**
 * Starts s3rver in this process on `port` with `bucket` created (CORS for `corsOrigins`), keeping objects in
 * `dataDir` (a temporary folder removed on stop without it). s3rver checks no POST policy (NOTES.md): handlers check
 * size and type after upload.
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
  const server = createServer(s3rver.callback());
  await listen(server, options.port);
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      await closeServer(server);
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
};
