import { documentTypes, type DocumentContentType } from '../../shared/schemas/documents.js';

/**
 * An entry of a ZIP archive's central directory: its name, the sizes the archive declares (a crafted archive may lie
 * about `uncompressedSize`), its compression method (0 stored, 8 deflate) and where its local header starts.
 */
export type ZipEntry = {
  name: string;
  uncompressedSize: number;
  compressedSize: number;
  method: number;
  localHeaderOffset: number;
};

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const pdfSignature = '%PDF-';
/** ZIP local file header */
const zipSignature = [0x50, 0x4b, 0x03, 0x04] as const;
/** OLE2 compound file, the container of Word 97-2003 documents */
const oleSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;
/** the stream every Word binary document has, named in the compound file's directory */
const wordStreamName = Buffer.from('WordDocument', 'utf16le');
const docxMainPart = 'word/document.xml';

/** End of central directory record: at least 22 bytes, at most 22 + a 65,535-byte comment from the end. */
const endOfCentralDirectory = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) return { view, at };
  }
  return undefined;
};

/**
 * The entries of a ZIP archive, read from its central directory; undefined when the bytes are no readable ZIP. Sizes
 * and offsets of ZIP64 entries read as 0xFFFFFFFF, which callers treat as too large.
 */
export const zipEntries = (bytes: Uint8Array): ZipEntry[] | undefined => {
  const end = endOfCentralDirectory(bytes);
  if (!end) return undefined;
  const { view } = end;
  const count = view.getUint16(end.at + 10, true);
  let at = view.getUint32(end.at + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return undefined;
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

const isUtf8Text = (bytes: Uint8Array) => {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * What a document really is, from its bytes (SPEC §5 'File upload': PDF, DOCX, DOC, plain text), since neither the
 * browser's claimed type nor the file name proves anything: PDF by `%PDF-` (readers accept it within the first
 * 1,024 bytes), DOCX as a ZIP holding `word/document.xml`, DOC as an OLE2 compound file with a `WordDocument`
 * stream, plain text as UTF-8 without NUL bytes. Undefined for anything else.
 */
export const sniffDocumentType = (bytes: Uint8Array): DocumentContentType | undefined => {
  if (bytes.length === 0) return undefined;
  const head = asBuffer(bytes).subarray(0, 1024 + pdfSignature.length);
  if (head.includes(pdfSignature, 0, 'latin1')) return 'application/pdf';
  if (startsWith(bytes, zipSignature)) {
    return zipEntries(bytes)?.some((entry) => entry.name === docxMainPart)
      ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
      : undefined;
  }
  if (startsWith(bytes, oleSignature)) {
    return asBuffer(bytes).includes(wordStreamName) ? 'application/msword' : undefined;
  }
  return isUtf8Text(bytes) ? 'text/plain' : undefined;
};

/** The lowercase extension of a file name with its dot (`.pdf`), or '' without one. */
export const fileExtension = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot).toLowerCase() : '';
};

/**
 * The document type a browser claims for a file, when it is one SPEC §5 allows and the file name's extension fits
 * it (`report.pdf` as `application/pdf`); undefined otherwise. Parameters such as `; charset=utf-8` are ignored.
 */
export const claimedDocumentType = (contentType: string, fileName: string): DocumentContentType | undefined => {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!Object.hasOwn(documentTypes, type)) return undefined;
  const extensions: readonly string[] = documentTypes[type as DocumentContentType].extensions;
  return extensions.includes(fileExtension(fileName)) ? (type as DocumentContentType) : undefined;
};
