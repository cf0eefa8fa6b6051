import { describe, expect, it } from 'vitest';
import { parseUploadKey, safeFileName, uploadKey } from './upload-key.js';

const uid = '6f1c2a4e-8d0b-4f7e-9a51-3c2d1e0f9b8a';
const id = '01JD3V6Z6Q9M0B1T2X3Y4Z5A6B';

describe('upload keys', () => {
  it("puts an upload in the user's staging folder, under its kind and a ULID, with a safe file name", () => {
    expect(uploadKey(uid, 'resume', id, 'Ada Lovelace — CV (2025).PDF')).toBe(
      `users/${uid}/staging/resume/${id}-Ada-Lovelace-CV-2025.pdf`,
    );
  });

  it('makes file names safe: accents dropped, paths and odd characters gone, a name even when none is left', () => {
    expect(safeFileName('Résumé Zoë.docx')).toBe('Resume-Zoe.docx');
    expect(safeFileName('C:\\fakepath\\my cv.txt')).toBe('my-cv.txt');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('履歴書.pdf')).toBe('document.pdf');
    expect(safeFileName(`${'a'.repeat(300)}.doc`)).toBe(`${'a'.repeat(80)}.doc`);
  });

  it('reads back a key made for this user and kind, and names where its document is kept once processed', () => {
    const key = uploadKey(uid, 'cover-letter', id, 'letter.pdf');
    expect(parseUploadKey(uid, 'cover-letter', key)).toEqual({
      fileName: 'letter.pdf',
      storedKey: `users/${uid}/cover-letter/${id}-letter.pdf`,
    });
  });

  it("refuses another user's key, another kind's key and keys it did not make", () => {
    const key = uploadKey(uid, 'resume', id, 'cv.pdf');
    expect(parseUploadKey('someone-else', 'resume', key)).toBeUndefined();
    expect(parseUploadKey(uid, 'background', key)).toBeUndefined();
    expect(
      parseUploadKey(uid, 'resume', `users/${uid}/staging/resume/../../other/resume/${id}-cv.pdf`),
    ).toBeUndefined();
    expect(parseUploadKey(uid, 'resume', `users/${uid}/staging/resume/${id}-cv.pdf/more`)).toBeUndefined();
    expect(parseUploadKey(uid, 'resume', `users/${uid}/staging/resume/not-a-ulid-cv.pdf`)).toBeUndefined();
    // a kept document is no upload to process
    expect(parseUploadKey(uid, 'resume', `users/${uid}/resume/${id}-cv.pdf`)).toBeUndefined();
  });
});
