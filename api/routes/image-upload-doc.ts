/** What every image upload route says in OpenAPI about pixel limits and the image queue. */
import { describeImageLimits, IMAGE_LIMITS } from '../../domain/files/image-limits.ts';
import { ENCODED_ORIGINAL_MAX_SIDE } from '../../domain/files/image-variants.ts';

const limits = describeImageLimits(IMAGE_LIMITS).en;

export const IMAGE_UPLOAD_NOTE =
  `Images: ${limits}, read from the header before any pixel is decoded; over that, 413 IMAGE_TOO_LARGE ` +
  '(its message states the limits, in French or English). An image is decoded once; its resized variants and lighter ' +
  `encodings come from that decode, and only an image of at most ${ENCODED_ORIGINAL_MAX_SIDE} px on a side gets ` +
  'full-size WebP/AVIF copies. Images are processed one or two at a time per server: when too many are waiting, ' +
  '503 SERVICE_UNAVAILABLE with `Retry-After`.';

/** The `errors` entries of an image upload route whose byte limit is `bytesText` ("over 5 MB"). */
export function imageUploadErrors(bytesText: string): Record<number, string> {
  return {
    413: `${bytesText}, or IMAGE_TOO_LARGE: an image over the limits (${limits})`,
    415: 'not a JPEG, PNG or WebP image',
    503: 'too many images being processed: retry after `Retry-After` seconds',
  };
}
