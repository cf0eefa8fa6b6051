import { describe, expect, it } from 'vitest';
import { extractionLimits, extractTextIsolated } from './isolated-extraction.js';
import {
  drawingOperators,
  pdfBomb,
  sampleDoc,
  sampleDocx,
  samplePdf,
  textOperators,
  zipBombDocx,
} from './test/sample-documents.js';
import { DocumentTooDemanding } from './too-demanding.js';

const max = 100_000;
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** limits that leave only the one under test to be reached */
const generous = { heapMb: 1024, maxRssBytes: 4 * 1024 ** 3, timeoutMs: 60_000 };

// each reading starts a Node process, and a crafted file takes it to a limit: seconds, more on a busy machine
describe('extracting text in a process of its own', { timeout: 60_000 }, () => {
  it('reads PDF, DOCX, DOC and plain text as extractText does', async () => {
    expect(await extractTextIsolated(await samplePdf(['Ada Lovelace', 'Engines']), 'application/pdf', max)).toBe(
      'Ada Lovelace\nEngines',
    );
    expect(await extractTextIsolated(sampleDocx(['Grace Hopper']), docxType, max)).toBe('Grace Hopper');
    expect(await extractTextIsolated(sampleDoc(['Katherine Johnson']), 'application/msword', max)).toBe(
      'Katherine Johnson',
    );
    expect(await extractTextIsolated(new TextEncoder().encode('Hedy Lamarr'), 'text/plain', max)).toBe('Hedy Lamarr');
  });

  it('fails on a document it cannot read, as an unreadable one rather than a too demanding one', async () => {
    const failure = await extractTextIsolated(new TextEncoder().encode('%PDF-1.7 nothing'), 'application/pdf', max)
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(DocumentTooDemanding);
  });

  it('refuses a zip bomb DOCX that declares a kilobyte for 400 MiB of XML', async () => {
    const bomb = await zipBombDocx({ mebibytes: 400, declaredSize: 1024 });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expect(extractTextIsolated(bomb, docxType, max)).rejects.toThrow(DocumentTooDemanding);
  });

  it('ends a PDF whose content never ends, and reads the next document as before', async () => {
    const bomb = await pdfBomb({ mebibytes: 400, operators: drawingOperators });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(extractTextIsolated(bomb, 'application/pdf', max)).rejects.toThrow(DocumentTooDemanding);
    expect(await extractTextIsolated(await samplePdf(['Still reading']), 'application/pdf', max)).toBe('Still reading');
  });

  it('ends the reading at its time limit', async () => {
    const bomb = await pdfBomb({ mebibytes: 100, operators: drawingOperators });
    await expect(extractTextIsolated(bomb, 'application/pdf', max, { ...generous, timeoutMs: 500 })).rejects.toThrow(
      /^Reading took longer than 500 ms$/,
    );
  });

  it('ends the reading at its memory limit, buffers outside the heap included', async () => {
    const bomb = await pdfBomb({ mebibytes: 400, operators: drawingOperators });
    const limits = { ...generous, maxRssBytes: 256 * 1024 * 1024 };
    await expect(extractTextIsolated(bomb, 'application/pdf', max, limits)).rejects.toThrow(/bytes of memory$/);
  });

  it('ends the reading at its heap limit', async () => {
    const bomb = await pdfBomb({ mebibytes: 100, operators: textOperators });
    await expect(extractTextIsolated(bomb, 'application/pdf', max, { ...generous, heapMb: 48 })).rejects.toThrow(
      /MB of heap$/,
    );
  });

  it('has limits within the documents Lambda: 1,024 MB beside its own, 10 s with storage and the profile', () => {
    expect(extractionLimits.maxRssBytes).toBeLessThanOrEqual(512 * 1024 * 1024);
    expect(extractionLimits.heapMb * 1024 * 1024).toBeLessThan(extractionLimits.maxRssBytes);
    expect(extractionLimits.timeoutMs).toBeLessThanOrEqual(6_000);
  });
});
