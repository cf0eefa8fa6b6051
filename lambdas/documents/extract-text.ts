import type { DocumentContentType } from '../../shared/schemas/documents.js';
import { boundedDocx, type DocxLimits } from './docx-parts.js';

/**
 * What a DOCX may really inflate to: its XML, which mammoth holds as a tree (about 90 bytes of memory per byte: 5 MiB
 * of XML took 2.4 s and 440 MB). A five-page résumé has well under 1 MiB of XML; a 5 MB upload of compressed XML could
 * otherwise expand a thousandfold. Its images and other parts are never inflated.
 */
const docxLimits: DocxLimits = { maxXmlBytes: 5 * 1024 * 1024, maxEntries: 2000 };

/**
 * Plain text for AI drafting and the profile: one line ending, control and zero-width characters gone, runs of
 * spaces as one space, at most one blank line in a row, no space at the ends of lines.
 */
export const normalizeText = (text: string) =>
  text
    .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u0008\u000E-\u001F\u007F\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(/[\t\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000 ]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** `text` cut to at most `max` UTF-16 units, never between the two halves of a surrogate pair. */
export const capText = (text: string, max: number) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return (last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut).trimEnd();
};

// The readers are imported on first use, each reader when a file of its type is processed: pdf.js alone is 1.6 MB,
// and a cold start that only signs an upload ticket or removes a file need not read or evaluate any of them. The
// house bundling (infra/constructs/function.ts) puts each in a chunk of its own, which stays on disk until then.
const fromPdf = async (bytes: Uint8Array, maxLength: number) => {
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js takes ownership of the array it is given: a copy keeps the caller's bytes intact; `verbosity: 0` keeps its
  // warnings about odd fonts out of the logs.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    // Page by page, and no further than the text that will be kept: a 5 MB PDF can hold thousands of pages.
    const pages: string[] = [];
    let kept = 0;
    for (let number = 1; number <= pdf.numPages && kept < maxLength; number++) {
      const { items } = await (await pdf.getPage(number)).getTextContent();
      const page = items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(page);
      kept += normalizeText(page).length + 1;
    }
    return pages.join('\n');
  } finally {
    await pdf.loadingTask.destroy();
  }
};

const fromDocx = async (bytes: Uint8Array) => {
  const repacked = boundedDocx(bytes, docxLimits);
  const { default: mammoth } = await import('mammoth');
  return (await mammoth.extractRawText({ buffer: Buffer.from(repacked.buffer, repacked.byteOffset, repacked.length) }))
    .value;
};

const fromDoc = async (bytes: Uint8Array) => {
  const { default: WordExtractor } = await import('word-extractor');
  return (await new WordExtractor().extract(Buffer.from(bytes))).getBody();
};

// a byte-order mark is dropped (TextDecoder's default)
const fromText = async (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

const extractors: Record<DocumentContentType, (bytes: Uint8Array, maxLength: number) => Promise<string>> = {
  'application/pdf': fromPdf,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': fromDocx,
  'application/msword': fromDoc,
  'text/plain': fromText,
};

/**
 * The text of a document whose type was established from its bytes (`sniffDocumentType`), normalised and cut to
 * `maxLength`: PDF with pdf.js (unpdf), DOCX with mammoth, DOC with word-extractor, plain text as UTF-8. Throws when
 * the file cannot be read, DocumentTooDemanding when a DOCX inflates past its limits. It runs in the calling thread:
 * the documents Lambda runs it in a worker thread with memory and time limits (`extractTextIsolated`).
 */
export const extractText = async (bytes: Uint8Array, type: DocumentContentType, maxLength: number) =>
  capText(normalizeText(await extractors[type](bytes, maxLength)), maxLength);
