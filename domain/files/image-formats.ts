/**
 * Stores what image-variants.ts made of an upload: the WebP variants (`files.variants`), and the
 * lighter encodings served to clients that say they take them (`Accept`, `files.formats`): WebP of
 * an original that is not WebP already, AVIF of the original and of each variant. An encoding is
 * kept only when it is smaller than the rendition it stands for, so a client asking for one never
 * gets more bytes than one asking for nothing.
 */
import type { ImageEncoding, RenderedImage } from './image-variants.ts';

/** The rendition name of the uploaded image itself (resized variants are named by their width). */
export const ORIGINAL = 'original';

/** Rendition -> content type -> storage key. */
export type FileFormats = Record<string, Record<string, string>>;

export const ENCODING_TYPES: Record<ImageEncoding, string> = { webp: 'image/webp', avif: 'image/avif' };

export interface StoredRenditions {
  /** Width -> storage key of the WebP variant; null when the purpose has none. */
  variants: Record<string, string> | null;
  formats: FileFormats | null;
}

/** Puts every rendition under `base`; `put` records each key so a failure can remove them again. */
export async function storeRenditions(
  base: string,
  rendered: RenderedImage,
  original: { bytes: number },
  put: (key: string, bytes: Buffer) => Promise<void>,
): Promise<StoredRenditions> {
  const formats: FileFormats = {};
  const keep = async (rendition: string, encoding: ImageEncoding, bytes: Buffer | null, than: number) => {
    if (!bytes || bytes.length >= than) return;
    const key = `${base}-${rendition}.${encoding}`;
    await put(key, bytes);
    (formats[rendition] ??= {})[ENCODING_TYPES[encoding]] = key;
  };
  if (rendered.original) {
    await keep(ORIGINAL, 'webp', rendered.original.webp, original.bytes);
    await keep(ORIGINAL, 'avif', rendered.original.avif, original.bytes);
  }
  let variants: Record<string, string> | null = null;
  for (const variant of rendered.variants) {
    const key = `${base}-${variant.width}.webp`;
    await put(key, variant.webp);
    (variants ??= {})[String(variant.width)] = key;
    await keep(String(variant.width), 'avif', variant.avif, variant.webp.length);
  }
  return { variants, formats: Object.keys(formats).length ? formats : null };
}
