import * as z from 'zod/mini';
import { limits } from '../constants.js';
import { lazySchema } from '../lazy-schema.js';

/** The documents a user uploads (SPEC §3, §5, §7 'Profile'): what each is for decides its endpoint. */
export const documentKinds = ['resume', 'cover-letter', 'background'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/**
 * SPEC §5 'File upload': PDF, DOCX, DOC, plain text. The claimed type is checked at the ticket, the stored bytes
 * after the upload (magic numbers), since the browser's type (which the policy pins) says nothing of the bytes.
 */
export const documentTypes = {
  'application/pdf': { label: 'PDF', extensions: ['.pdf'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { label: 'DOCX', extensions: ['.docx'] },
  'application/msword': { label: 'DOC', extensions: ['.doc'] },
  'text/plain': { label: 'TXT', extensions: ['.txt'] },
} as const;
export type DocumentContentType = keyof typeof documentTypes;
export const documentContentTypes = Object.keys(documentTypes) as DocumentContentType[];

/** `accept` of a file input, for the browser's picker. */
export const documentAccept = Object.entries(documentTypes)
  .flatMap(([type, { extensions }]) => [type, ...extensions])
  .join(',');

/**
 * The profile photo (SPEC §3 `photoURL`): JPEG, PNG or WebP, never SVG (a script in an image's clothes). The web
 * crops and scales it to `photoSide` px before the upload; the server reads only its header (no decoding, no native
 * image library in a Lambda) and refuses more than `maxPhotoSide` px a side, so a decompression bomb never reaches
 * anyone's browser but its sender's.
 */
export const photoTypes = {
  'image/jpeg': { label: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  'image/png': { label: 'PNG', extensions: ['.png'] },
  'image/webp': { label: 'WebP', extensions: ['.webp'] },
} as const;
export type PhotoContentType = keyof typeof photoTypes;
/** `accept` of the photo's file input. */
export const photoAccept = Object.entries(photoTypes)
  .flatMap(([type, { extensions }]) => [type, ...extensions])
  .join(',');
/** the side of the square the web makes of a chosen photo */
export const photoSide = 512;
/** the most pixels a side of a stored photo may have */
export const maxPhotoSide = 4096;

/** What an upload is for: one of the documents, or the profile photo. */
export const uploadPurposes = [...documentKinds, 'photo'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/**
 * POST /api/uploads (DESIGN §6 "Uploads"): asks for a presigned POST. Size and type are checked here with the spec's
 * messages (the service answers them; the schema only checks shapes).
 */
export const createUploadBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    purpose: z.enum(uploadPurposes),
    fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
    contentType: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
    /** bytes, as the browser reports them */
    size: z.int().check(z.gte(0)),
  }),
);
export type CreateUploadBody = z.infer<typeof createUploadBody>;

/** A presigned POST: the browser sends `fields` and then `file` as multipart form data to `url`. */
export const uploadTicketSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    /**
     * the object key, in the caller's own staging folder (`users/<sub>/staging/<kind>/...`), which the processing
     * routes take; an upload nobody processes expires a day later
     */
    key: z.string(),
    expiresAt: z.string(),
    /** SPEC §5: 5 MB */
    maxBytes: z.number(),
  }),
);
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** POST /api/profiles/resume and POST /process-file: the uploaded object to process (its ticket's `key`). */
export const processDocumentBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ key: z.string().check(z.trim(), z.minLength(1), z.maxLength(1024)) }),
);

/** POST /api/profiles/cover-letter: the stored object and the company the letter is for. */
export const processCoverLetterBody = /* @__PURE__ */ lazySchema(() =>
  // strict as processDocumentBody is: an extended object keeps its base's unknown-key policy
  z.extend(processDocumentBody, { company: z.optional(z.string().check(z.trim(), z.maxLength(160))) }),
);

/** SPEC §7 'Profile': the answer of the three processing endpoints (inside the envelope's `data`). */
export const processedDocumentSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    fileName: z.string(),
    fileSize: z.number(),
    /** a short-lived signed URL to view the stored file */
    fileUrl: z.string(),
    /** the extracted text */
    content: z.string(),
    lastUpdated: z.string(),
  }),
);
export type ProcessedDocument = z.infer<typeof processedDocumentSchema>;

export const maxDocumentBytes = limits.fileBytes;

/** POST /api/profiles/photo: the uploaded photo (its ticket's `key`) to check and keep. */
export const processPhotoBody = processDocumentBody;

/** POST /api/profiles/photo: the photo's short-lived link, which the profile's `photoURL` also carries from now on. */
export const processedPhotoSchema = /* @__PURE__ */ lazySchema(() => z.object({ photoURL: z.string() }));
export type ProcessedPhoto = z.infer<typeof processedPhotoSchema>;
