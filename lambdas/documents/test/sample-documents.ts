import { once } from 'node:events';
import { createDeflate, createDeflateRaw, crc32, deflateRawSync, type Deflate, type DeflateRaw } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Real documents made in tests, so extraction runs on the formats users upload, not on fixtures of unknown origin. */

/** A PDF with one page per entry, each a list of lines drawn as text (pdf-lib, Helvetica: Latin-1 text only). */
const pdfOf = async (pages: string[][]) => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage();
    for (const [index, line] of lines.entries()) page.drawText(line, { x: 50, y: 750 - index * 20, size: 12, font });
  }
  return pdf.save();
};

/** A one-page PDF with these lines. */
export const samplePdf = (lines: string[]) => pdfOf([lines]);

/** A PDF with one line on each page. */
export const samplePdfPages = (pages: string[]) => pdfOf(pages.map((line) => [line]));

const xml = (text: string) => text.replace(/[<>&]/g, (char) => `&#${char.charCodeAt(0)};`);

const contentTypesXml =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';

const packageRelationshipsXml =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" ' +
  'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
  'Target="word/document.xml"/>' +
  '</Relationships>';

const documentXmlHead =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const documentXmlTail = '</w:body></w:document>';

/**
 * A minimal DOCX: the content types, the package relationship and a main part with one paragraph per line, and any
 * `otherParts` (an image, say) beside them.
 */
export const sampleDocx = (paragraphs: string[], otherParts: Record<string, Uint8Array> = {}) =>
  zipSync({
    '[Content_Types].xml': strToU8(contentTypesXml),
    '_rels/.rels': strToU8(packageRelationshipsXml),
    'word/document.xml': strToU8(
      documentXmlHead +
        paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`).join('') +
        documentXmlTail,
    ),
    ...otherParts,
  });

const mebibyte = 1024 * 1024;

/** `unit` repeated over `mebibytes` MiB between `head` and `tail`, compressed a mebibyte at a time, never held whole. */
const compressRepeated = async (
  deflate: Deflate | DeflateRaw,
  { head, unit, tail }: { head: string; unit: string; tail: string },
  mebibytes: number,
) => {
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const block = Buffer.alloc(mebibyte, unit);
  let crc = 0;
  const write = async (bytes: Buffer) => {
    crc = crc32(bytes, crc);
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  };
  await write(Buffer.from(head));
  for (let index = 0; index < mebibytes; index++) await write(block);
  await write(Buffer.from(tail));
  deflate.end();
  await once(deflate, 'end');
  return { compressed: Buffer.concat(chunks), crc };
};

type RawZipEntry = { name: string; compressed: Uint8Array; crc: number; declaredSize: number };

/** A ZIP of deflated entries written field by field, so that it can declare the sizes it likes. */
const zipOf = (entries: RawZipEntry[]) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(8, 10); // deflate
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.compressed));
    centrals.push(central, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
};

const deflatedEntry = (name: string, text: string): RawZipEntry => {
  const bytes = Buffer.from(text);
  return { name, compressed: deflateRawSync(bytes), crc: crc32(bytes), declaredSize: bytes.length };
};

/**
 * A zip bomb dressed as a DOCX: a word/document.xml of `mebibytes` MiB of one repeated paragraph (valid
 * WordprocessingML), deflated to about a thousandth of that, which the ZIP's headers declare as `declaredSize` bytes.
 */
export const zipBombDocx = async ({ mebibytes, declaredSize }: { mebibytes: number; declaredSize: number }) => {
  const document = await compressRepeated(
    createDeflateRaw({ level: 9 }),
    { head: documentXmlHead, unit: '<w:p><w:r><w:t>bomb</w:t></w:r></w:p>', tail: documentXmlTail },
    mebibytes,
  );
  return zipOf([
    deflatedEntry('[Content_Types].xml', contentTypesXml),
    deflatedEntry('_rels/.rels', packageRelationshipsXml),
    { name: 'word/document.xml', compressed: document.compressed, crc: document.crc, declaredSize },
  ]);
};

/** Path drawing: a reader spends time on it. */
export const drawingOperators = '0 0 m 1 1 l S\n';
/** Shown text: a reader spends time and memory on it. */
export const textOperators = 'BT /F1 12 Tf 10 10 Td (Hello) Tj ET\n';

/**
 * A PDF of one page whose content stream inflates to `mebibytes` MiB of `operators` repeated, deflated to about a
 * thousandth of that: a few megabytes that a reader would spend minutes and gigabytes on.
 */
export const pdfBomb = async ({ mebibytes, operators }: { mebibytes: number; operators: string }) => {
  const content = await compressRepeated(
    createDeflate({ level: 9 }),
    { head: '', unit: operators, tail: '' },
    mebibytes,
  );
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk);
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (number: number, ...body: (string | Uint8Array)[]) => {
    offsets[number] = length;
    push(`${number} 0 obj\n`);
    for (const chunk of body) push(chunk);
    push('\nendobj\n');
  };
  push('%PDF-1.7\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  );
  object(
    4,
    `<< /Length ${content.compressed.length} /Filter /FlateDecode >>\nstream\n`,
    content.compressed,
    '\nendstream',
  );
  object(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = length;
  push('xref\n0 6\n0000000000 65535 f \n');
  for (const number of [1, 2, 3, 4, 5]) push(`${String(offsets[number]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
};

/** A ZIP that is not a Word document (an OpenDocument-like package). */
export const sampleZip = () =>
  zipSync({ mimetype: strToU8('application/vnd.oasis.opendocument.text'), 'content.xml': strToU8('<x/>') });

const sectorSize = 512;
const endOfChain = -2;
const freeSector = -1;
const fatSector = -3;
const noStream = -1;
/** where the text starts in the WordDocument stream, after the FIB */
const textOffset = 2048;

const directoryEntry = (
  name: string,
  fields: { type: number; left?: number; right?: number; child?: number; start: number; size: number },
) => {
  const entry = Buffer.alloc(128);
  if (name) {
    entry.write(name, 0, 'utf16le');
    entry.writeUInt16LE((name.length + 1) * 2, 64);
  }
  entry.writeUInt8(fields.type, 66);
  entry.writeUInt8(1, 67); // black
  entry.writeInt32LE(fields.left ?? noStream, 68);
  entry.writeInt32LE(fields.right ?? noStream, 72);
  entry.writeInt32LE(fields.child ?? noStream, 76);
  entry.writeInt32LE(fields.start, 116);
  entry.writeUInt32LE(fields.size, 120);
  return entry;
};

/**
 * A Word 97-2003 binary document ([MS-DOC]) in an OLE2 compound file ([MS-CFB], version 3): a `WordDocument` stream
 * with a FIB and the text as UTF-16, and a `1Table` stream whose piece table points at it. Streams are at least
 * 4,096 bytes so they live in regular sectors (no mini stream needed).
 */
export const sampleDoc = (paragraphs: string[]) => {
  const text = `${paragraphs.join('\r')}\r`;
  const textBytes = Buffer.from(text, 'utf16le');
  const wordSize = Math.max(4096, Math.ceil((textOffset + textBytes.length) / sectorSize) * sectorSize);
  const word = Buffer.alloc(wordSize);
  word.writeUInt16LE(0xa5ec, 0x00); // wIdent
  word.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table stream is 1Table
  word.writeUInt32LE(textOffset, 0x18); // fcMin
  word.writeUInt32LE(text.length, 0x4c); // ccpText
  textBytes.copy(word, textOffset);

  const table = Buffer.alloc(4096);
  // Clx: one Pcdt holding a PlcPcd of one piece, CPs 0..ccpText, its text as UTF-16 at textOffset
  table.writeUInt8(0x02, 0);
  table.writeUInt32LE(16, 1);
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  table.writeUInt16LE(0, 13);
  table.writeUInt32LE(textOffset, 15);
  table.writeUInt16LE(0, 19);
  word.writeUInt32LE(0, 0x1a2); // fcClx
  word.writeUInt32LE(21, 0x1a6); // lcbClx

  // sectors: 0 FAT, 1 directory, then WordDocument, then 1Table
  const wordStart = 2;
  const wordSectors = wordSize / sectorSize;
  const tableStart = wordStart + wordSectors;
  const tableSectors = table.length / sectorSize;
  const fat = Buffer.alloc(sectorSize);
  for (let index = 0; index < sectorSize / 4; index++) fat.writeInt32LE(freeSector, index * 4);
  fat.writeInt32LE(fatSector, 0);
  fat.writeInt32LE(endOfChain, 4);
  const chain = (start: number, count: number) => {
    for (let index = 0; index < count; index++) {
      fat.writeInt32LE(index === count - 1 ? endOfChain : start + index + 1, (start + index) * 4);
    }
  };
  chain(wordStart, wordSectors);
  chain(tableStart, tableSectors);
  if (tableStart + tableSectors > sectorSize / 4) throw new Error('sampleDoc: text too long for one FAT sector');

  // the root's children form a red-black tree ordered by name length: 1Table < WordDocument
  const directory = Buffer.concat([
    directoryEntry('Root Entry', { type: 5, child: 1, start: endOfChain, size: 0 }),
    directoryEntry('WordDocument', { type: 2, left: 2, start: wordStart, size: wordSize }),
    directoryEntry('1Table', { type: 2, start: tableStart, size: table.length }),
    directoryEntry('', { type: 0, start: 0, size: 0 }),
  ]);

  const header = Buffer.alloc(sectorSize);
  Buffer.from('D0CF11E0A1B11AE1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // sector shift: 512
  header.writeUInt16LE(6, 32); // mini sector shift: 64
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeInt32LE(endOfChain, 60); // no mini FAT
  header.writeUInt32LE(0, 64);
  header.writeInt32LE(endOfChain, 68); // no DIFAT sectors
  header.writeUInt32LE(0, 72);
  for (let index = 0; index < 109; index++) header.writeInt32LE(index === 0 ? 0 : freeSector, 76 + index * 4);

  return new Uint8Array(Buffer.concat([header, fat, directory, word, table]));
};

/** The first bytes of a PNG image: not a document. */
export const samplePng = () =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);
