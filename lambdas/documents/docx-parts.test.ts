import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { boundedDocx } from './docx-parts.js';
import { zipEntries } from './file-type.js';
import { sampleDocx, zipBombDocx } from './test/sample-documents.js';
import { DocumentTooDemanding } from './too-demanding.js';

const limits = { maxXmlBytes: 1024 * 1024, maxEntries: 100 };

describe('repacking a DOCX for reading its text', () => {
  it('keeps the XML parts byte for byte, uncompressed, and empties the others', () => {
    const picture = new Uint8Array(4096).fill(7);
    const docx = sampleDocx(['Ada Lovelace'], { 'word/media/portrait.png': picture });
    const repacked = boundedDocx(docx, limits);
    expect(zipEntries(repacked)?.map(({ name, method }) => ({ name, method }))).toEqual([
      { name: '[Content_Types].xml', method: 0 },
      { name: '_rels/.rels', method: 0 },
      { name: 'word/document.xml', method: 0 },
      { name: 'word/media/portrait.png', method: 0 },
    ]);
    const original = unzipSync(docx);
    const parts = unzipSync(repacked);
    expect(strFromU8(parts['word/document.xml']!)).toBe(strFromU8(original['word/document.xml']!));
    expect(parts['word/media/portrait.png']).toEqual(new Uint8Array());
  });

  it('stops inflating a part that declares 1 KiB at the cap, however much more it holds', async () => {
    const bomb = await zipBombDocx({ mebibytes: 64, declaredSize: 1024 });
    expect(zipEntries(bomb)?.find((entry) => entry.name === 'word/document.xml')?.uncompressedSize).toBe(1024);
    expect(() => boundedDocx(bomb, limits)).toThrow(DocumentTooDemanding);
  });

  it('counts the XML parts together against the cap', () => {
    const paragraphs = Array.from({ length: 8_000 }, (_, index) => `Paragraph ${index}, honest about its size`);
    const docx = sampleDocx(paragraphs);
    const xmlBytes = Object.values(unzipSync(docx)).reduce((total, part) => total + part.length, 0);
    expect(() => boundedDocx(docx, { ...limits, maxXmlBytes: xmlBytes - 1 })).toThrow(DocumentTooDemanding);
    expect(() => boundedDocx(docx, { ...limits, maxXmlBytes: xmlBytes })).not.toThrow();
  });

  it('refuses an archive of more entries than allowed', () => {
    const many = Object.fromEntries(
      Array.from({ length: 10 }, (_, index) => [`word/media/${index}.png`, new Uint8Array(1)]),
    );
    expect(() => boundedDocx(sampleDocx(['x'], many), { ...limits, maxEntries: 12 })).toThrow(DocumentTooDemanding);
  });

  it('fails, without calling it too demanding, on bytes that are no ZIP or a truncated one', () => {
    const docx = sampleDocx(['Hello']);
    for (const bytes of [new TextEncoder().encode('PK not a zip'), docx.subarray(0, docx.length - 30)]) {
      let failure: unknown;
      try {
        boundedDocx(bytes, limits);
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(DocumentTooDemanding);
    }
  });
});
