import { describe, expect, it } from 'vitest';
import { capText, extractText, normalizeText } from './extract-text.js';
import { sampleDoc, sampleDocx, samplePdf, samplePdfPages, zipBombDocx } from './test/sample-documents.js';
import { DocumentTooDemanding } from './too-demanding.js';

const max = 100_000;
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('extracting the text of a document', () => {
  it('reads the text drawn on a PDF page', async () => {
    const pdf = await samplePdf(['Ada Lovelace', 'Analytical Engine programmer']);
    expect(await extractText(pdf, 'application/pdf', max)).toBe('Ada Lovelace\nAnalytical Engine programmer');
  });

  it('reads the paragraphs of a DOCX', async () => {
    const docx = sampleDocx(['Grace Hopper', 'Compiler pioneer & admiral']);
    expect(await extractText(docx, docxType, max)).toBe('Grace Hopper\n\nCompiler pioneer & admiral');
  });

  it('reads the paragraphs of a Word 97-2003 DOC', async () => {
    expect(await extractText(sampleDoc(['Katherine Johnson', 'Orbital mechanics']), 'application/msword', max)).toBe(
      'Katherine Johnson\nOrbital mechanics',
    );
  });

  it('reads UTF-8 text and drops a byte-order mark', async () => {
    const bytes = new TextEncoder().encode('\uFEFFRésumé\r\n履歴書');
    expect(await extractText(bytes, 'text/plain', max)).toBe('Résumé\n履歴書');
  });

  it('fails on bytes its reader cannot parse', async () => {
    const notPdf = new TextEncoder().encode('%PDF-1.7 but nothing else');
    await expect(extractText(notPdf, 'application/pdf', max)).rejects.toThrow();
    await expect(extractText(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2]), docxType, max)).rejects.toThrow();
  });

  it('refuses a DOCX whose XML would inflate beyond what the Lambda can hold', async () => {
    const huge = sampleDocx(Array.from({ length: 60_000 }, (_, index) => `Paragraph ${index} of a very long document`));
    await expect(extractText(huge, docxType, max)).rejects.toThrow(DocumentTooDemanding);
  });

  it('refuses a zip bomb DOCX by the bytes it really inflates to, not the sizes it declares', async () => {
    const bomb = await zipBombDocx({ mebibytes: 400, declaredSize: 1024 });
    await expect(extractText(bomb, docxType, max)).rejects.toThrow(/^DOCX XML inflates to more than \d+ bytes$/);
  });

  it('keeps at most the text it is allowed, from the first pages of a long PDF', async () => {
    const pdf = await samplePdfPages(Array.from({ length: 12 }, (_, index) => `Page ${index + 1} ${'x'.repeat(80)}`));
    const text = await extractText(pdf, 'application/pdf', 250);
    expect(text.length).toBeLessThanOrEqual(250);
    expect(text).toMatch(/^Page 1 x+\nPage 2 x+\nPage 3 x+$/);
  });

  it('leaves the bytes it was given intact', async () => {
    const pdf = await samplePdf(['Intact']);
    const copy = pdf.slice();
    await extractText(pdf, 'application/pdf', max);
    expect(pdf).toEqual(copy);
  });
});

describe('normalising extracted text', () => {
  it('keeps one line ending, single spaces, at most one blank line and no control characters', () => {
    expect(normalizeText('  Name:\t\tAda\u00a0 Lovelace  \r\n\r\n\r\n\r\nSkills:\u200b\u0007 maths \fPage 2\n')).toBe(
      'Name: Ada Lovelace\n\nSkills: maths\nPage 2',
    );
  });

  it('cuts long text without splitting a surrogate pair', () => {
    expect(capText('abc', 5)).toBe('abc');
    expect(capText('abcdef', 4)).toBe('abcd');
    expect(capText('ab🚀cd', 3)).toBe('ab');
  });
});
