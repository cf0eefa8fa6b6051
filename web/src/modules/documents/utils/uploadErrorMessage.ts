import { processedDocumentSchema, type ProcessedDocument } from '@shared/schemas/documents';
import { isApiError } from '@/lib/http/ApiError';
import { StorageUploadError } from '../api/documentsApi';
import { type DocumentKindSpec, documentText } from './documentKinds';

export type UploadStep = 'ticket' | 'storage' | 'processing';

/** SPEC §5: the processing answer lacked the expected shape. */
export class InvalidProcessingResponse extends Error {
  override readonly name = 'InvalidProcessingResponse';
}

type Spec = Pick<DocumentKindSpec, 'textKey'>;

/** SPEC §5: a processing answer must carry the document; anything else is 'Invalid response received from ...'. */
export const parseProcessedDocument = (answer: unknown, spec: Spec): ProcessedDocument => {
  const parsed = processedDocumentSchema.safeParse(answer);
  if (!parsed.success) throw new InvalidProcessingResponse(documentText(spec, 'invalidResponse'));
  return parsed.data;
};

/**
 * The text a document card shows for a failed upload: the server's own 4xx text (size, type, 'Failed to process
 * resume file.'), SPEC §5's invalid-response text for an answer without `success` and `data`, the kind's failure
 * text of SPEC §8 when processing broke on the server, the client's status text otherwise.
 */
export const uploadErrorMessage = (error: unknown, step: UploadStep, spec: Spec) => {
  if (error instanceof InvalidProcessingResponse || error instanceof StorageUploadError) return error.message;
  if (!isApiError(error)) return documentText(spec, 'failed');
  if (step !== 'processing') return error.message;
  if (error.code === 'bad_response') return documentText(spec, 'invalidResponse');
  if (error.status >= 500) return documentText(spec, 'failed');
  return error.message;
};
