/**
 * Lighter encodings stored next to every image rendition, for clients that say they take them
 * (`Accept`): WebP of an original that is not WebP already, AVIF of the original and of each
 * resized (WebP) variant. An encoding is kept only when it is smaller than the rendition it stands
 * for, so a client asking for one never gets more bytes than one asking for nothing.
 */
import type { Ctx } from '../context.ts';
import { resizeImage, type ImageEncoding } from './image-variants.ts';

/** The rendition name of the uploaded image itself (resized variants are named by their width). */
export const ORIGINAL = 'original';

/** Rendition -> content type -> storage key. */
export type FileFormats = Record<string, Record<string, string>>;

export const ENCODING_TYPES: Record<ImageEncoding, string> = { webp: 'image/webp', avif: 'image/avif' };

interface Rendition {
  name: string;
  width?: number;
  contentType: string;
  bytes: number;
}

/**
 * Encodes and stores the lighter encodings of the original (`data`, of `contentType`) and of its
 * resized variants (width -> bytes of the stored WebP); null when none is lighter.
 */
export async function storeImageFormats(
  ctx: Ctx,
  base: string,
  data: Buffer,
  contentType: string,
  variantBytes: Record<string, number>,
): Promise<FileFormats | null> {
  const renditions: Rendition[] = [
    { name: ORIGINAL, contentType, bytes: data.length },
    ...Object.entries(variantBytes).map(([width, bytes]) => ({
      name: width,
      width: Number(width),
      contentType: ENCODING_TYPES.webp,
      bytes,
    })),
  ];
  const formats: FileFormats = {};
  for (const rendition of renditions) {
    for (const encoding of ['webp', 'avif'] as const) {
      const type = ENCODING_TYPES[encoding];
      if (type === rendition.contentType) continue;
      const encoded = await encodeOrNull(ctx, data, rendition.width, encoding);
      if (!encoded || encoded.length >= rendition.bytes) continue;
      const key = `${base}-${rendition.name}.${encoding}`;
      await ctx.storage.put(key, encoded);
      (formats[rendition.name] ??= {})[type] = key;
    }
  }
  return Object.keys(formats).length ? formats : null;
}

/** A lighter encoding is a bonus: one that fails is logged and skipped, never a failed upload. */
async function encodeOrNull(
  ctx: Ctx,
  data: Buffer,
  width: number | undefined,
  encoding: ImageEncoding,
): Promise<Buffer | null> {
  try {
    return await resizeImage(data, width, encoding);
  } catch (err) {
    ctx.logger.warn({ err, encoding, width }, 'could not encode a lighter image');
    return null;
  }
}
