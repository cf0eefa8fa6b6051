import imageSize from 'buffer-image-size';
import { maxPhotoSide, photoTypes, type PhotoContentType } from '../../shared/schemas/documents.js';
import { fileExtension } from './file-type.js';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const endsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  startsWith(bytes, signature, bytes.length - signature.length);

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** the IEND chunk: length 0, type, its CRC; nothing may follow it */
const pngEnd = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82] as const;
/** SOI then the first marker's 0xFF */
const jpegSignature = [0xff, 0xd8, 0xff] as const;
/** EOI */
const jpegEnd = [0xff, 0xd9] as const;
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/**
 * The image type of the bytes, by signature AND by where the image ends: a PNG ends with its IEND chunk, a JPEG with
 * its EOI marker, a WebP where its RIFF header says. Bytes after that end are what a polyglot hides (an HTML page, a
 * ZIP) behind a real image's header, so such a file is no image here.
 */
const sniffPhotoType = (bytes: Uint8Array): PhotoContentType | undefined => {
  if (startsWith(bytes, pngSignature)) return endsWith(bytes, pngEnd) ? 'image/png' : undefined;
  if (startsWith(bytes, jpegSignature)) return endsWith(bytes, jpegEnd) ? 'image/jpeg' : undefined;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    const riffSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
    // a RIFF chunk of odd size is padded to an even one
    const length = 8 + riffSize + (riffSize % 2);
    return length === bytes.length ? 'image/webp' : undefined;
  }
  return undefined;
};

export type PhotoCheck =
  | { ok: true; contentType: PhotoContentType; width: number; height: number }
  | { ok: false; problem: 'type' | 'pixels' };

/**
 * What a stored photo really is (SPEC §3 photoURL): one of `photoTypes` by its bytes, the type its upload claimed, of
 * at most `maxPhotoSide` px a side as its header says (buffer-image-size reads the header only, it decodes nothing).
 * An SVG, an HTML page named .png, a polyglot or a header nobody can read is a type problem.
 */
export const checkPhoto = (bytes: Uint8Array, claimed: PhotoContentType): PhotoCheck => {
  const contentType = sniffPhotoType(bytes);
  if (contentType !== claimed) return { ok: false, problem: 'type' };
  let size: { width: number; height: number };
  try {
    size = imageSize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return { ok: false, problem: 'type' };
  }
  const { width, height } = size;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    return { ok: false, problem: 'type' };
  }
  if (width > maxPhotoSide || height > maxPhotoSide) return { ok: false, problem: 'pixels' };
  return { ok: true, contentType, width, height };
};

/**
 * The photo type a browser claims for a file, when it is one of `photoTypes` and the file name's extension fits it;
 * undefined otherwise (`image/svg+xml` always).
 */
export const claimedPhotoType = (contentType: string, fileName: string): PhotoContentType | undefined => {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!Object.hasOwn(photoTypes, type)) return undefined;
  const extensions: readonly string[] = photoTypes[type as PhotoContentType].extensions;
  return extensions.includes(fileExtension(fileName)) ? (type as PhotoContentType) : undefined;
};
