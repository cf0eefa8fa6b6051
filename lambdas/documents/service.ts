import type { Logger } from '@aws-lambda-powertools/logger';
import { limits } from '../../shared/constants.js';
import { messages } from '../../shared/messages.js';
import type {
  CreateUploadBody,
  DocumentKind,
  ProcessedDocument,
  ProcessedPhoto,
  UploadPurpose,
  UploadTicket,
} from '../../shared/schemas/documents.js';
import { documentTextLimits } from '../../shared/schemas/profile.js';
import { HttpError, badRequest, notFound, tooManyRequests } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { takeTokens } from '../data/rate-limit.js';
import { clearUserDocument, setUserProfileFields, type UserProfileItem } from '../data/user-profile.js';
import type { Identity } from '../profiles/index.js';
import { userPrefix, type Storage } from '../providers/storage/storage.js';
import { claimedDocumentType, sniffDocumentType } from './file-type.js';
import { extractTextIsolated } from './isolated-extraction.js';
import { DocumentTooDemanding } from './too-demanding.js';
import { checkPhoto, claimedPhotoType } from './photo-type.js';
import { parseUploadKey, stagingTags, uploadKey } from './upload-key.js';

export type DocumentsDeps = {
  db: DataClient;
  storage: Storage;
  now: () => Date;
  /** a new ULID (DESIGN §3: ids are ULIDs) */
  newId: () => string;
  /** makes the profile with the new-user defaults (the profiles service) when a user has none yet */
  createProfile: (identity: Identity) => Promise<unknown>;
  logger: Pick<Logger, 'warn'>;
};

/** How long a presigned POST may be used: long enough for a slow upload of 5 MB. */
const ticketSeconds = 10 * 60;
/** How long the link to a stored document in an answer works. */
const linkSeconds = 15 * 60;
/** the user metadata holding the file name as the user chose it (URI-encoded: metadata is ASCII) */
const fileNameMetadata = 'file-name';
const maxDisplayNameLength = 120;

const maxContent = (field: keyof typeof documentTextLimits) => documentTextLimits[field];

/**
 * What each kind of document keeps on the profile (SPEC §3 user profile): its file fields, where its text goes, what
 * its removal clears and its failure text (SPEC §8 'Other').
 */
const kinds = {
  resume: {
    fileName: 'resumeFileName',
    fileKey: 'resumeFileKey',
    fileSize: 'resumeFileSize',
    lastUpdated: 'resumeLastUpdated',
    content: 'resumeContent',
    maxContent: maxContent('resumeContent'),
    clearedOnRemoval: { resumeContent: '' },
    failed: messages.documents.resumeFailed,
  },
  'cover-letter': {
    fileName: 'coverLetterFileName',
    fileKey: 'coverLetterFileKey',
    fileSize: 'coverLetterFileSize',
    lastUpdated: 'coverLetterLastUpdated',
    content: 'coverLetterContent',
    maxContent: maxContent('coverLetterContent'),
    clearedOnRemoval: { coverLetterContent: '', coverLetterCompany: '' },
    failed: messages.documents.coverLetterFailed,
  },
  // The background file's text becomes the background; once there it is the user's own text to edit, so removing
  // the file keeps it.
  background: {
    fileName: 'backgroundFileName',
    fileKey: 'backgroundFileKey',
    fileSize: 'backgroundFileSize',
    lastUpdated: 'backgroundLastUpdated',
    content: 'background',
    maxContent: maxContent('background'),
    clearedOnRemoval: {},
    failed: messages.documents.backgroundFailed,
  },
} as const satisfies Record<DocumentKind, object>;

/** The name the user gave the file, without a browser's fake path and control characters, short enough for metadata. */
const displayName = (fileName: string) =>
  Array.from(
    (fileName.split(/[\\/]/).pop() ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u001F\u007F]/g, '')
      .trim(),
  )
    .slice(0, maxDisplayNameLength)
    .join('');

const storedDisplayName = (metadata: Record<string, string>) => {
  try {
    const name = displayName(decodeURIComponent(metadata[fileNameMetadata] ?? ''));
    return name || undefined;
  } catch {
    return undefined;
  }
};

/** A key this user's profile held: removed from storage, never outside the user's own prefix. */
const removeOwnObject = async (deps: DocumentsDeps, identity: Identity, key: string | undefined) => {
  if (key?.startsWith(userPrefix(identity.uid))) await deps.storage.remove(key);
};

/**
 * An upload read for processing: from the caller's staging folder, or from where an earlier processing of the same
 * upload kept it (a retried request). Checked by its stored size and claimed type before its bytes are read; any
 * refusal (`refuse`) deletes the staged upload, so nothing unchecked stays stored, while a file kept from an earlier
 * processing stays, as its profile names it.
 */
const readUpload = async <Type>(
  deps: DocumentsDeps,
  identity: Identity,
  kind: UploadPurpose,
  key: string,
  claimedType: (contentType: string, fileName: string) => Type | null | undefined,
  invalidType: string,
) => {
  // DESIGN §3 tenant isolation: a key outside the caller's own staging folder, or of another kind, does not exist for
  // them
  const parsed = parseUploadKey(identity.uid, kind, key);
  if (!parsed) throw notFound();
  const { storedKey, fileName } = parsed;
  const stagedHead = await deps.storage.head(key);
  const staged = stagedHead !== undefined;
  const head = stagedHead ?? (await deps.storage.head(storedKey));
  if (!head) throw badRequest(messages.documents.noFile);
  const refuse = async (message: string, status = 400, cause?: unknown) => {
    if (staged) await deps.storage.remove(key);
    return new HttpError(status, message, { cause });
  };
  if (head.size === 0) throw await refuse(messages.documents.noFile);
  if (head.size > limits.fileBytes) throw await refuse(messages.documents.tooLarge);
  const claimed = claimedType(head.contentType ?? '', fileName);
  if (!claimed) throw await refuse(invalidType);

  // one byte more than allowed: an object replaced since the head is still caught
  const bytes = await deps.storage.read(staged ? key : storedKey, limits.fileBytes + 1);
  if (bytes.length === 0) throw await refuse(messages.documents.noFile);
  if (bytes.length > limits.fileBytes) throw await refuse(messages.documents.tooLarge);
  return { key, storedKey, fileName, staged, head, bytes, claimed, refuse };
};

/**
 * Keeps a checked upload on the profile: copies it out of the staging folder (without the tag that would expire it),
 * writes `changes`, then deletes the staged upload and the file the write replaced. The old values come back from the
 * same write, so two replacements at once each delete the file they replaced.
 */
const keepOnProfile = async (
  deps: DocumentsDeps,
  identity: Identity,
  upload: { key: string; storedKey: string; staged: boolean },
  changes: Partial<UserProfileItem>,
  replacedKey: (previous: UserProfileItem) => string | undefined,
) => {
  const { key, storedKey, staged } = upload;
  if (staged) await deps.storage.copy(key, storedKey);
  const keep = async () =>
    (await setUserProfileFields(deps.db, identity.uid, changes)) ??
    // no profile yet (a first request before sync-user): make it with the defaults, then keep the file
    (await deps.createProfile(identity).then(() => setUserProfileFields(deps.db, identity.uid, changes)));
  let previous: Awaited<ReturnType<typeof keep>>;
  try {
    previous = await keep();
  } catch (error) {
    // the copy made above would be kept by nothing, and unlike the upload it never expires
    if (staged) await deps.storage.remove(storedKey);
    throw error;
  }
  if (!previous) throw new Error('The profile disappeared while an upload was kept on it');
  if (staged) await deps.storage.remove(key);
  const previousKey = replacedKey(previous);
  if (previousKey !== storedKey) await removeOwnObject(deps, identity, previousKey);
};

/**
 * POST /api/uploads (DESIGN §6 "Uploads"): a presigned POST for one document in the caller's staging folder, tagged so
 * that it expires a day later unless processed (`stagingTags`; the tag is a policy condition like every field). SPEC
 * §5 limits are checked here with the spec's texts, before anything can be stored; S3 enforces them again through
 * the policy, and processing checks the stored bytes all the same. Each ticket takes a token of the
 * user's upload bucket (lambdas/data/rate-limit.ts): 429 beyond it.
 */
export const createUpload = async (
  deps: DocumentsDeps,
  identity: Identity,
  body: CreateUploadBody,
): Promise<UploadTicket> => {
  if (body.size > limits.fileBytes) throw badRequest(messages.documents.tooLarge);
  if (body.size === 0) throw badRequest(messages.documents.noFile);
  const contentType =
    body.purpose === 'photo'
      ? claimedPhotoType(body.contentType, body.fileName)
      : claimedDocumentType(body.contentType, body.fileName);
  if (!contentType) {
    throw badRequest(body.purpose === 'photo' ? messages.documents.photoInvalidType : messages.documents.invalidType);
  }
  const allowance = await takeTokens(deps.db, identity.uid, 'uploadTicket', { now: deps.now() });
  if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);

  const key = uploadKey(identity.uid, body.purpose, deps.newId(), body.fileName);
  const { url, fields } = await deps.storage.presignPost({
    key,
    contentType,
    maxBytes: limits.fileBytes,
    expiresInSeconds: ticketSeconds,
    metadata: { [fileNameMetadata]: encodeURIComponent(displayName(body.fileName)) },
    tags: stagingTags,
  });
  const expiresAt = new Date(deps.now().getTime() + ticketSeconds * 1000).toISOString();
  return { url, fields, key, expiresAt, maxBytes: limits.fileBytes };
};

/**
 * POST /api/profiles/resume, /api/profiles/cover-letter and /process-file (DESIGN §6 "Uploads"): checks the uploaded
 * object (size, and type by its bytes against the type its upload claimed), extracts its text, copies it out of the
 * staging folder to the key it is kept under (without the tag that would expire it) and keeps both on the profile; a
 * replaced document's file is deleted. A refused upload is deleted, so nothing unchecked stays stored. A request
 * retried after its upload was processed reads the document kept from it.
 */
export const processDocument = async (
  deps: DocumentsDeps,
  identity: Identity,
  kind: DocumentKind,
  body: { key: string; company?: string | undefined },
): Promise<ProcessedDocument> => {
  const spec = kinds[kind];
  const upload = await readUpload(deps, identity, kind, body.key, claimedDocumentType, messages.documents.invalidType);
  const { storedKey, bytes, claimed, refuse } = upload;
  if (sniffDocumentType(bytes) !== claimed) throw await refuse(messages.documents.invalidType);

  let content: string;
  try {
    content = await extractTextIsolated(bytes, claimed, spec.maxContent);
  } catch (error) {
    deps.logger.warn('document text extraction failed', { kind, contentType: claimed, error: String(error) });
    // a crafted file (a zip bomb, a PDF that never ends) is the sender's doing: refused as bad input
    if (error instanceof DocumentTooDemanding) throw await refuse(messages.documents.tooComplex, 400, error);
    throw await refuse(spec.failed, 422, error);
  }
  // a scan without a text layer, or an empty page: nothing a draft could use
  if (!content) throw await refuse(spec.failed, 422);

  const fileName = storedDisplayName(upload.head.metadata) ?? upload.fileName;
  const lastUpdated = deps.now().toISOString();
  const changes = {
    [spec.fileName]: fileName,
    [spec.fileKey]: storedKey,
    [spec.fileSize]: bytes.length,
    [spec.lastUpdated]: lastUpdated,
    [spec.content]: content,
    ...(kind === 'cover-letter' && body.company !== undefined ? { coverLetterCompany: body.company } : {}),
    updatedAt: lastUpdated,
  } as Partial<UserProfileItem>;

  await keepOnProfile(deps, identity, upload, changes, (previous) => previous[spec.fileKey]);

  return {
    fileName,
    fileSize: bytes.length,
    fileUrl: await deps.storage.presignGet(storedKey, { fileName, expiresInSeconds: linkSeconds }),
    content,
    lastUpdated,
  };
};

/**
 * DELETE /api/profiles/resume, /api/profiles/cover-letter and /api/profiles/background-file: deletes the stored file
 * and clears its fields (and the text that came from it, see `kinds`). `{deleted: false}` when there was none.
 */
export const removeDocument = async (
  deps: DocumentsDeps,
  identity: Identity,
  kind: DocumentKind,
): Promise<{ deleted: boolean }> => {
  const spec = kinds[kind];
  const clears = { [spec.fileName]: '', [spec.fileKey]: '', [spec.fileSize]: 0, ...spec.clearedOnRemoval };
  // the background text is the user's own: only its file counts as held
  const previous = await clearUserDocument(deps.db, identity.uid, {
    set: { ...clears, updatedAt: deps.now().toISOString() } as Partial<UserProfileItem>,
    remove: [spec.lastUpdated],
    heldIn: kind === 'background' ? [spec.fileKey] : [spec.fileKey, spec.content],
  });
  if (!previous) return { deleted: false };
  await removeOwnObject(deps, identity, previous[spec.fileKey]);
  return { deleted: true };
};

/**
 * POST /api/profiles/photo (SPEC §3 photoURL, DESIGN §6 "Uploads"): checks the uploaded photo by its bytes (size,
 * type against the type its upload claimed, the image's end, its pixels: photo-type.ts), copies it out of the staging
 * folder and keeps its key on the profile; the replaced photo's file is deleted, and a Google sign-in's picture gives
 * way to it. A refused upload is deleted, so nothing unchecked stays stored. Answers the photo's short-lived link,
 * which the profile's `photoURL` carries from now on.
 */
export const processPhoto = async (
  deps: DocumentsDeps,
  identity: Identity,
  body: { key: string },
): Promise<ProcessedPhoto> => {
  const upload = await readUpload(
    deps,
    identity,
    'photo',
    body.key,
    claimedPhotoType,
    messages.documents.photoInvalidType,
  );
  const checked = checkPhoto(upload.bytes, upload.claimed);
  if (!checked.ok) {
    throw await upload.refuse(
      checked.problem === 'pixels' ? messages.documents.photoTooManyPixels : messages.documents.photoInvalidType,
    );
  }

  const changes: Partial<UserProfileItem> = {
    photoKey: upload.storedKey,
    photoURL: '',
    updatedAt: deps.now().toISOString(),
  };
  await keepOnProfile(deps, identity, upload, changes, (previous) => previous.photoKey);
  return { photoURL: await deps.storage.presignGet(upload.storedKey) };
};

/**
 * DELETE /api/profiles/photo: deletes the uploaded photo's file and forgets any picture (a Google sign-in's too, which
 * a later sign-in does not bring back: `photoURL` stays '' rather than absent), so the avatars show the initials.
 * `{deleted: false}` when there was none.
 */
export const removePhoto = async (deps: DocumentsDeps, identity: Identity): Promise<{ deleted: boolean }> => {
  const previous = await clearUserDocument(deps.db, identity.uid, {
    set: { photoKey: '', photoURL: '', updatedAt: deps.now().toISOString() },
    remove: [],
    heldIn: ['photoKey', 'photoURL'],
  });
  if (!previous) return { deleted: false };
  await removeOwnObject(deps, identity, previous.photoKey);
  return { deleted: true };
};
