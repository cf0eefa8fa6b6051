import { i18n } from '@/i18n';
import { limits } from '@shared/constants';
import { photoSide, photoTypes } from '@shared/schemas/documents';

/** SPEC §5's size and type checks of a chosen photo, before the browser reads it; the server checks its bytes again. */
export const checkPhotoFile = (file: File): { ok: true } | { ok: false; error: string } => {
  if (file.size > limits.fileBytes) return { ok: false, error: i18n.t('documents:file.tooLarge') };
  if (file.size === 0) return { ok: false, error: i18n.t('documents:file.noFile') };
  if (!Object.hasOwn(photoTypes, file.type)) return { ok: false, error: i18n.t('documents:photo.invalidType') };
  return { ok: true };
};

/** The middle square of a `width` x `height` picture: where to cut it. */
export const centreSquare = (width: number, height: number) => {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
};

/**
 * The chosen photo as the avatars show it: its middle square, at most `photoSide` px a side, as a JPEG on white (a
 * transparent PNG keeps its look on the light disc). Done here, in a canvas, because the browser decodes images
 * anyway and the Lambda must not (no native image library there, and a decoded bomb is the sender's own tab's
 * problem, not the server's); the upload is then tens of KB rather than a camera's megabytes. `undefined` when the
 * browser cannot draw the file.
 */
export const squarePhoto = async (file: Blob): Promise<Blob | undefined> => {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return undefined;
  }
  try {
    const { x, y, side } = centreSquare(bitmap.width, bitmap.height);
    const target = Math.min(side, photoSide);
    const canvas = document.createElement('canvas');
    canvas.width = target;
    canvas.height = target;
    const context = canvas.getContext('2d');
    if (!context || side === 0) return undefined;
    // a JPEG has no transparency: a transparent PNG's clear parts become white, as image viewers show them
    context.fillStyle = 'white';
    context.fillRect(0, 0, target, target);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, x, y, side, side, 0, 0, target, target);
    return await new Promise<Blob | undefined>((resolve) =>
      canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', 0.9),
    );
  } finally {
    bitmap.close();
  }
};
