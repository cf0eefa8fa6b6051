import type { UploadPurpose } from '../../shared/schemas/documents.js';
import { userPrefix } from '../providers/storage/storage.js';
import { fileExtension } from './file-type.js';

const maxStemLength = 80;

/**
 * A file name that is safe in an S3 key, a URL and a Content-Disposition header: accents dropped, anything but ASCII
 * letters, digits, `.`, `_` and `-` turned into `-`, the extension kept in lowercase.
 */
export const safeFileName = (fileName: string) => {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const extension = fileExtension(base)
    .replace(/[^a-z0-9.]/g, '')
    .slice(0, 10);
  const stem = (extension ? base.slice(0, base.lastIndexOf('.')) : base)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, maxStemLength);
  return `${stem || 'document'}${extension}`;
};

/** Where uploads land until they are processed: `users/<sub>/staging/`, under the user's own prefix. */
export const stagingPrefix = (uid: string) => `${userPrefix(uid)}staging/`;

/**
 * The tags of an upload until it is processed: the uploads bucket's lifecycle expires objects tagged so a day after
 * they were stored (infra/constructs/data.ts; a prefix rule cannot name a folder in every user's prefix).
 * Processing copies the upload without them.
 */
export const stagingTags = { lifecycle: 'staging' } as const;

/**
 * DESIGN §6 "Uploads": an upload lands at `users/<sub>/staging/<kind>/<ulid>-<safe file name>`, under the user's own
 * prefix, and is kept, once processed, at the same name without `staging/` (`parseUploadKey`).
 */
export const uploadKey = (uid: string, kind: UploadPurpose, id: string, fileName: string) =>
  `${stagingPrefix(uid)}${kind}/${id}-${safeFileName(fileName)}`;

const keyName = /^[0-9A-HJKMNP-TV-Z]{26}-([A-Za-z0-9._-]{1,100})$/;

/**
 * The safe file name of an upload key that `uploadKey` made for this user and this kind, and the key its document is
 * kept under once processed (`users/<sub>/<kind>/<ulid>-<safe file name>`); undefined for any other key (another
 * user's, another kind's, a kept document's, a path of its own making), which the caller answers as not found.
 */
export const parseUploadKey = (uid: string, kind: UploadPurpose, key: string) => {
  const prefix = `${stagingPrefix(uid)}${kind}/`;
  if (!key.startsWith(prefix)) return undefined;
  const name = key.slice(prefix.length);
  const match = keyName.exec(name);
  return match ? { fileName: match[1]!, storedKey: `${userPrefix(uid)}${kind}/${name}` } : undefined;
};
