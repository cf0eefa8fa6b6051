import { describe, expect, it } from 'vitest';
import { checkDocumentFile } from './checkDocumentFile';

const file = (name: string, size: number, type = '') => ({ name, size, type });
const MB = 1024 * 1024;

describe('checkDocumentFile', () => {
  it("refuses a missing or empty file with 'No file provided'", () => {
    expect(checkDocumentFile(undefined, { strictType: false })).toEqual({ ok: false, error: 'No file provided' });
    expect(checkDocumentFile(file('cv.pdf', 0, 'application/pdf'), { strictType: false })).toEqual({
      ok: false,
      error: 'No file provided',
    });
  });

  it('refuses more than 5 MB with the spec text, and takes exactly 5 MB', () => {
    expect(checkDocumentFile(file('cv.pdf', 5 * MB + 1, 'application/pdf'), { strictType: false })).toEqual({
      ok: false,
      error: 'File size exceeds the maximum limit of 5MB.',
    });
    expect(checkDocumentFile(file('cv.pdf', 5 * MB, 'application/pdf'), { strictType: true })).toEqual({
      ok: true,
      contentType: 'application/pdf',
    });
  });

  it('names the type by the extension when the browser gives none', () => {
    expect(checkDocumentFile(file('cv.DOC', 10), { strictType: true })).toEqual({
      ok: true,
      contentType: 'application/msword',
    });
    expect(checkDocumentFile(file('notes.txt', 10), { strictType: true })).toEqual({
      ok: true,
      contentType: 'text/plain',
    });
  });

  it('refuses another type for the background file', () => {
    expect(checkDocumentFile(file('me.png', 10, 'image/png'), { strictType: true })).toEqual({
      ok: false,
      error: 'Invalid file type. Allowed types: PDF, DOCX, DOC, TXT.',
    });
  });

  it('only warns about another type of résumé or cover letter, and sends its own type', () => {
    const check = checkDocumentFile(file('cv.rtf', 10, 'application/rtf'), { strictType: false });
    expect(check).toMatchObject({ ok: true, contentType: 'application/rtf' });
    expect(check.ok && check.warning).toContain('.rtf');
  });
});
