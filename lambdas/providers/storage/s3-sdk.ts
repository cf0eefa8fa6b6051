/**
 * The AWS SDK parts of the S3 adapter in one module, which storage.ts imports on first use: they load together, as
 * one chunk of the bundle, when a request first touches storage.
 */
export {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
export { createPresignedPost } from '@aws-sdk/s3-presigned-post';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
