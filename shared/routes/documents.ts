import * as z from 'zod/mini';
import {
  createUploadBody,
  processCoverLetterBody,
  processDocumentBody,
  processedDocumentSchema,
  processedPhotoSchema,
  processPhotoBody,
  uploadTicketSchema,
} from '../schemas/documents.js';
import type { DomainRouteTable } from './route-spec.js';
import { lazySchema } from '../lazy-schema.js';

const deletedResponse = /* @__PURE__ */ lazySchema(() => z.object({ deleted: z.boolean() }));

/**
 * The documents Lambda's routes. DESIGN §6 "Uploads": browser -> S3 by presigned POST, then the spec's endpoints
 * process the stored object.
 */
export const documentsRoutes = {
  'POST /api/uploads': {
    domain: 'documents',
    auth: 'user',
    summary: "A presigned POST for one document under the user's own prefix (size and type checked first)",
    body: createUploadBody,
    response: uploadTicketSchema,
  },
  'POST /api/profiles/resume': {
    domain: 'documents',
    auth: 'user',
    summary: 'Process an uploaded résumé: check size and type by its bytes, extract the text, keep it on the profile',
    body: processDocumentBody,
    response: processedDocumentSchema,
  },
  'DELETE /api/profiles/resume': {
    domain: 'documents',
    auth: 'user',
    summary: 'Remove the résumé (file and text)',
    response: deletedResponse,
  },
  'POST /api/profiles/cover-letter': {
    domain: 'documents',
    auth: 'user',
    summary: 'Process an uploaded cover letter (with the company it is for)',
    body: processCoverLetterBody,
    response: processedDocumentSchema,
  },
  'DELETE /api/profiles/cover-letter': {
    domain: 'documents',
    auth: 'user',
    summary: 'Remove the cover letter (file and text)',
    response: deletedResponse,
  },
  'POST /process-file': {
    domain: 'documents',
    auth: 'user',
    summary: 'Process an uploaded background file; its text fills the profile background',
    body: processDocumentBody,
    response: processedDocumentSchema,
  },
  'DELETE /api/profiles/background-file': {
    domain: 'documents',
    auth: 'user',
    summary: "Remove the background file (the background text stays, it is the user's own)",
    response: deletedResponse,
  },
  'POST /api/profiles/photo': {
    domain: 'documents',
    auth: 'user',
    summary: 'Keep an uploaded profile photo: check its size, type and pixels by its bytes; answers its link',
    body: processPhotoBody,
    response: processedPhotoSchema,
  },
  'DELETE /api/profiles/photo': {
    domain: 'documents',
    auth: 'user',
    summary: 'Remove the profile photo (an uploaded one, or the picture of a Google sign-in): initials show',
    response: deletedResponse,
  },
} as const satisfies DomainRouteTable<'documents'>;
