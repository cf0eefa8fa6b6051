import { userPrefix } from '../providers/storage/storage.js';

/**
 * Where account export documents are written (DESIGN §6 "Your data"): under the user's own prefix, so a deletion takes
 * them too, and left out of the export's own file list.
 */
export const exportPrefix = (uid: string) => `${userPrefix(uid)}exports/`;

/**
 * The S3 tags of an export document: the uploads bucket's lifecycle expires what carries them a day later
 * (infra/constructs/data.ts), since a prefix rule cannot name a folder inside every user's prefix.
 */
export const exportTags = { lifecycle: 'export' } as const;
