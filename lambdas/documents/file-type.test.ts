import { describe, expect, it } from 'vitest';
import { claimedDocumentType, sniffDocumentType, zipEntries } from './file-type.js';
import { sampleDoc, sampleDocx, samplePdf, samplePng, sampleZip } from './test/sample-documents.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('sniffing a document type from its bytes', () => {
  it('recognises a PDF by %PDF-, also after a little leading junk as readers allow', async () => {
    const pdf = await samplePdf(['Hello']);
    expect(sniffDocumentType(pdf)).toBe('application/pdf');
    expect(sniffDocumentType(new Uint8Array([...utf8('\n\n'), ...pdf]))).toBe('application/pdf');
  });

  it('recognises a DOCX as a ZIP that holds word/document.xml', () => {
    expect(sniffDocumentType(sampleDocx(['Hello']))).toBe(docxType);
  });

  it('refuses a ZIP without word/document.xml and a truncated ZIP', () => {
    expect(sniffDocumentType(sampleZip())).toBeUndefined();
    const docx = sampleDocx(['Hello']);
    expect(sniffDocumentType(docx.subarray(0, docx.length - 30))).toBeUndefined();
  });

  it('recognises a DOC as an OLE2 compound file with a WordDocument stream', () => {
    expect(sniffDocumentType(sampleDoc(['Hello']))).toBe('application/msword');
  });

  it('refuses an OLE2 file without a WordDocument stream, such as a spreadsheet', () => {
    const doc = sampleDoc(['Hello']);
    const renamed = Buffer.from(doc);
    renamed.set(Buffer.from('Workbook\0\0\0\0', 'utf16le'), 512 * 2 + 128);
    expect(sniffDocumentType(renamed)).toBeUndefined();
  });

  it('recognises UTF-8 text with or without a byte-order mark, in any language', () => {
    expect(sniffDocumentType(utf8('Ada Lovelace\nAnalytical engines'))).toBe('text/plain');
    expect(sniffDocumentType(utf8('\uFEFFRésumé — 履歴書 🚀'))).toBe('text/plain');
  });

  it('refuses bytes that are not valid UTF-8, text with NUL bytes, images and empty files', () => {
    expect(sniffDocumentType(new Uint8Array([0x48, 0x69, 0xff, 0xfe, 0x21]))).toBeUndefined();
    expect(sniffDocumentType(Buffer.from('UTF-16 text', 'utf16le'))).toBeUndefined();
    expect(sniffDocumentType(samplePng())).toBeUndefined();
    expect(sniffDocumentType(new Uint8Array())).toBeUndefined();
  });
});

describe('reading a ZIP central directory', () => {
  it('lists the entries with their sizes', () => {
    const entries = zipEntries(sampleDocx(['Hello']));
    expect(entries?.map((entry) => entry.name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(entries?.every((entry) => entry.uncompressedSize > 0)).toBe(true);
  });

  it('answers undefined for bytes that are no ZIP', () => {
    expect(zipEntries(utf8('PK but not really a zip file'))).toBeUndefined();
  });
});

describe('the type a browser claims for a file', () => {
  it('accepts the four allowed types when the extension fits, ignoring case and parameters', () => {
    expect(claimedDocumentType('application/pdf', 'cv.PDF')).toBe('application/pdf');
    expect(claimedDocumentType(docxType, 'cv.docx')).toBe(docxType);
    expect(claimedDocumentType('application/msword', 'old.doc')).toBe('application/msword');
    expect(claimedDocumentType('Text/Plain; charset=utf-8', 'notes.txt')).toBe('text/plain');
  });

  it('refuses other types and extensions that do not fit the type', () => {
    expect(claimedDocumentType('image/png', 'photo.png')).toBeUndefined();
    expect(claimedDocumentType('application/pdf', 'cv.docx')).toBeUndefined();
    expect(claimedDocumentType('application/pdf', 'cv')).toBeUndefined();
    expect(claimedDocumentType('toString', 'cv.pdf')).toBeUndefined();
  });
});
