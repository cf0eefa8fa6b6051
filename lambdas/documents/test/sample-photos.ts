import { crc32, deflateSync } from 'node:zlib';

const ascii = (text: string) => Buffer.from(text, 'latin1');
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([ascii(type), data]);
  return Buffer.concat([uint32(data.length), body, uint32(crc32(body))]);
};

/**
 * A real PNG that any browser draws: `width` x `height` RGB pixels of one colour. `declared` puts other dimensions in
 * its header (a decompression bomb announces a huge canvas and carries a few bytes of image data).
 */
export const samplePhotoPng = (
  width = 4,
  height = 3,
  { declared, rgb = [40, 120, 200] }: { declared?: { width: number; height: number }; rgb?: number[] } = {},
) => {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.concat([
    uint32(declared?.width ?? width),
    uint32(declared?.height ?? height),
    Buffer.from([8, 2, 0, 0, 0]),
  ]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(pixels)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
};

/** The markers of a baseline JPEG of `width` x `height`: SOI, JFIF, a frame header, EOI (header-deep, as checked). */
export const samplePhotoJpeg = (width = 4, height = 3) => {
  const size = Buffer.alloc(4);
  size.writeUInt16BE(height, 0);
  size.writeUInt16BE(width, 2);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      Buffer.from([0xff, 0xe0, 0x00, 0x10]),
      ascii('JFIF\0'),
      Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
      Buffer.from([0xff, 0xc0, 0x00, 0x11, 8]),
      size,
      Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
      Buffer.from([0xff, 0xd9]),
    ]),
  );
};

/** An extended WebP (VP8X) of `width` x `height`: its RIFF header says where it ends. */
export const samplePhotoWebp = (width = 4, height = 3) => {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([ascii('VP8X'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const riffSize = Buffer.alloc(4);
  riffSize.writeUInt32LE(4 + chunk.length);
  return new Uint8Array(Buffer.concat([ascii('RIFF'), riffSize, ascii('WEBP'), chunk]));
};

/** An SVG with a script: what a browser would run if it were served as a page. */
export const scriptedSvg = () =>
  new Uint8Array(
    ascii(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>fetch("/steal")</script><rect width="10" height="10"/></svg>',
    ),
  );

/** An HTML page, as a crafted upload would name it `.png`. */
export const htmlPage = () =>
  new Uint8Array(ascii('<!doctype html><html><script>alert(document.cookie)</script></html>'));

/** A polyglot: a real PNG with an HTML page after its end. */
export const pngWithHtmlAfter = () =>
  new Uint8Array(Buffer.concat([Buffer.from(samplePhotoPng()), Buffer.from(htmlPage())]));
