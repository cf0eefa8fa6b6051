import { inflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { zipEntries } from './file-type.js';
import { DocumentTooDemanding } from './too-demanding.js';

const localHeaderSignature = 0x04034b50;
const stored = 0;
const deflated = 8;
/** what mammoth parses to read a document's text: its XML parts and their relationships */
const parsedPart = /\.(xml|rels)$/i;

export type DocxLimits = {
  /** the most the XML parts may really inflate to, together */
  maxXmlBytes: number;
  /** the most entries the archive may have */
  maxEntries: number;
};

const tooLarge = (error: unknown) => (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';

/**
 * A DOCX repacked for reading its text with a hard cap on what it really inflates to: the sizes a ZIP declares are
 * its author's word, and a zip bomb declares a few kilobytes for hundreds of megabytes. Each XML part is inflated
 * (zlib, stopping as soon as the output passes what is left of `maxXmlBytes`) from where the central directory points,
 * then stored uncompressed in a new archive; other parts (images, fonts, embedded files) become empty entries of the
 * same names, as extracting text never reads them. The reader (mammoth, through JSZip) then opens only bytes counted
 * here, in an archive written here, so no trick of the original's layout reaches it.
 *
 * Throws DocumentTooDemanding past the limits, an Error when the bytes are no readable ZIP.
 */
export const boundedDocx = (bytes: Uint8Array, limits: DocxLimits) => {
  const entries = zipEntries(bytes);
  if (!entries) throw new Error('DOCX is not a readable ZIP archive');
  if (entries.length > limits.maxEntries) throw new DocumentTooDemanding(`DOCX has ${entries.length} entries`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Record<string, Uint8Array> = {};
  let left = limits.maxXmlBytes;
  for (const entry of entries) {
    if (Object.hasOwn(parts, entry.name)) throw new Error(`DOCX holds ${entry.name} twice`);
    if (entry.name.endsWith('/')) continue;
    if (!parsedPart.test(entry.name)) {
      parts[entry.name] = new Uint8Array();
      continue;
    }
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== localHeaderSignature) {
      throw new Error(`DOCX entry ${entry.name} has no local header`);
    }
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    if (start + entry.compressedSize > bytes.length) throw new Error(`DOCX entry ${entry.name} is truncated`);
    const data = bytes.subarray(start, start + entry.compressedSize);
    let part: Uint8Array;
    if (entry.method === stored) part = data;
    else if (entry.method === deflated) {
      try {
        // maxOutputLength must be positive: with nothing left, one byte of output is already too much
        part = inflateRawSync(data, { maxOutputLength: Math.max(1, left) });
      } catch (error) {
        if (tooLarge(error))
          throw new DocumentTooDemanding(`DOCX XML inflates to more than ${limits.maxXmlBytes} bytes`);
        throw error;
      }
    } else throw new Error(`DOCX entry ${entry.name} uses compression method ${entry.method}`);
    left -= part.length;
    if (left < 0) throw new DocumentTooDemanding(`DOCX XML inflates to more than ${limits.maxXmlBytes} bytes`);
    parts[entry.name] = part;
  }
  return zipSync(parts, { level: 0 });
};
