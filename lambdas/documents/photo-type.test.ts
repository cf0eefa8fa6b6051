import { describe, expect, it } from 'vitest';
import { maxPhotoSide } from '../../shared/schemas/documents.js';
import { checkPhoto, claimedPhotoType } from './photo-type.js';
import {
  htmlPage,
  pngWithHtmlAfter,
  samplePhotoJpeg,
  samplePhotoPng,
  samplePhotoWebp,
  scriptedSvg,
} from './test/sample-photos.js';

describe('checkPhoto', () => {
  it('takes a PNG, a JPEG and a WebP of the type they claim, with their pixels', () => {
    expect(checkPhoto(samplePhotoPng(4, 3), 'image/png')).toEqual({
      ok: true,
      contentType: 'image/png',
      width: 4,
      height: 3,
    });
    expect(checkPhoto(samplePhotoJpeg(640, 480), 'image/jpeg')).toMatchObject({ ok: true, width: 640, height: 480 });
    expect(checkPhoto(samplePhotoWebp(512, 512), 'image/webp')).toMatchObject({ ok: true, width: 512, height: 512 });
  });

  it('refuses an SVG, an HTML page, a polyglot, another type than claimed and a truncated image as not an image', () => {
    const png = samplePhotoPng();
    for (const [bytes, claimed] of [
      [scriptedSvg(), 'image/png'],
      [htmlPage(), 'image/png'],
      [pngWithHtmlAfter(), 'image/png'],
      [png, 'image/jpeg'],
      [samplePhotoJpeg(), 'image/png'],
      [png.subarray(0, png.length - 4), 'image/png'],
      [samplePhotoWebp().subarray(0, 20), 'image/webp'],
      [new Uint8Array(0), 'image/png'],
    ] as const) {
      expect(checkPhoto(bytes, claimed)).toEqual({ ok: false, problem: 'type' });
    }
  });

  it(`refuses more than ${maxPhotoSide} px a side (a decompression bomb's canvas), by its header alone`, () => {
    const bomb = samplePhotoPng(1, 1, { declared: { width: 100_000, height: 100_000 } });
    expect(checkPhoto(bomb, 'image/png')).toEqual({ ok: false, problem: 'pixels' });
    expect(checkPhoto(samplePhotoJpeg(maxPhotoSide + 1, 10), 'image/jpeg')).toEqual({ ok: false, problem: 'pixels' });
    expect(checkPhoto(samplePhotoWebp(10, maxPhotoSide + 1), 'image/webp')).toEqual({ ok: false, problem: 'pixels' });
    expect(
      checkPhoto(samplePhotoPng(1, 1, { declared: { width: maxPhotoSide, height: 1 } }), 'image/png'),
    ).toMatchObject({ ok: true });
  });
});

describe('claimedPhotoType', () => {
  it('takes JPEG, PNG and WebP whose name fits, never SVG', () => {
    expect(claimedPhotoType('image/jpeg', 'me.JPG')).toBe('image/jpeg');
    expect(claimedPhotoType('image/png; charset=binary', 'me.png')).toBe('image/png');
    expect(claimedPhotoType('image/webp', 'me.webp')).toBe('image/webp');
    expect(claimedPhotoType('image/svg+xml', 'me.svg')).toBeUndefined();
    expect(claimedPhotoType('image/png', 'me.svg')).toBeUndefined();
    expect(claimedPhotoType('text/html', 'me.png')).toBeUndefined();
  });
});
