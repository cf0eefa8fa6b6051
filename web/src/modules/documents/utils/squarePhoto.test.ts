import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { limits } from '@shared/constants';
import { centreSquare, checkPhotoFile } from './squarePhoto';

const file = (size: number, type: string) => new File([new Uint8Array(size)], 'me', { type });

describe('checkPhotoFile', () => {
  it('takes JPEG, PNG and WebP up to 5 MB; refuses SVG, other types, empty and larger files in the spec’s words', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(checkPhotoFile(file(10, type))).toEqual({ ok: true });
    expect(checkPhotoFile(file(10, 'image/svg+xml'))).toEqual({
      ok: false,
      error: messages.documents.photoInvalidType,
    });
    expect(checkPhotoFile(file(10, 'image/gif'))).toEqual({ ok: false, error: messages.documents.photoInvalidType });
    expect(checkPhotoFile(file(0, 'image/png'))).toEqual({ ok: false, error: messages.documents.noFile });
    expect(checkPhotoFile(file(limits.fileBytes + 1, 'image/png'))).toEqual({
      ok: false,
      error: messages.documents.tooLarge,
    });
  });
});

describe('centreSquare', () => {
  it('cuts the middle square of a landscape or portrait picture', () => {
    expect(centreSquare(900, 600)).toEqual({ x: 150, y: 0, side: 600 });
    expect(centreSquare(600, 901)).toEqual({ x: 0, y: 150, side: 600 });
    expect(centreSquare(512, 512)).toEqual({ x: 0, y: 0, side: 512 });
  });
});
