/**
 * The size an image claims in its header, checked against the purpose's limits before a single
 * pixel is decoded (image-limits.ts): an image over them is refused at once (413 IMAGE_TOO_LARGE),
 * without waiting for a turn to be decoded.
 */
import { loadSharp } from '../../lib/sharp.ts';
import { bilingual, inputError, PayloadTooLargeError } from '../errors.ts';
import { imageTooLargeWording, overImageLimits, type ImageLimits } from './image-limits.ts';

export async function checkImageHeader(
  path: string,
  limits: ImageLimits,
): Promise<{ width: number; height: number }> {
  let size: { width?: number; height?: number };
  const sharp = await loadSharp();
  try {
    // Reads the header only, so no pixel limit is needed here: it would hide the real size.
    size = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw inputError(
      'Invalid image',
      'body.file',
      'format',
      { format: 'image' },
      bilingual('l’en-tête de l’image est illisible', 'the image header could not be read'),
    );
  }
  const { width, height } = size;
  if (!width || !height)
    throw inputError(
      'Invalid image',
      'body.file',
      'format',
      { format: 'image' },
      bilingual('l’image n’a pas de dimensions', 'the image has no size'),
    );
  const over = overImageLimits({ width, height }, limits);
  if (over) throw new PayloadTooLargeError(imageTooLargeWording(limits), over, 'IMAGE_TOO_LARGE');
  return { width, height };
}
