import type { DocumentContentType } from '../../shared/schemas/documents.js';
import { extractText } from './extract-text.js';
import { DocumentTooDemanding } from './too-demanding.js';

/** What `extractTextIsolated` sends the process. */
export type ExtractionJob = { bytes: Uint8Array; type: DocumentContentType; maxLength: number };

/** What the process answers: the text, or why there is none. */
export type ExtractionOutcome = { text: string } | { failure: 'too-demanding' | 'unreadable'; message: string };

// The child process of `extractTextIsolated` (isolated-extraction.ts): one document, one answer, then it is ended.
process.once('message', async ({ bytes, type, maxLength }: ExtractionJob) => {
  const outcome = await extractText(bytes, type, maxLength).then(
    (text): ExtractionOutcome => ({ text }),
    (error: unknown): ExtractionOutcome => ({
      failure: error instanceof DocumentTooDemanding ? 'too-demanding' : 'unreadable',
      message: String(error),
    }),
  );
  process.send?.(outcome);
});
