/**
 * How many pixels an uploaded image may have. A PNG of one colour weighs a few hundred KB at 48
 * megapixels, so the byte limit says nothing of what decoding costs (a 40 MP PNG took seconds of
 * CPU and hundreds of MB); the limits are checked from the header, before anything is decoded.
 * A photo, a logo, a banner or a blog cover shown on a screen needs no more than 16 MP (a 4,000 x
 * 4,000 logo, a 4,608 x 3,456 phone photo) and no side over 8,000 px.
 */
import { bilingual, type Wording } from '../errors.ts';

export interface ImageLimits {
  /** Width x height, at most. */
  maxPixels: number;
  /** Width and height, each at most. */
  maxSide: number;
}

/** The limits of every image purpose today; the message of IMAGE_TOO_LARGE states them. */
export const IMAGE_LIMITS: ImageLimits = { maxPixels: 16_000_000, maxSide: 8000 };

const megapixels = (pixels: number) => Number((pixels / 1_000_000).toFixed(1));
/** 8000 -> "8 000" or "8,000": written out rather than left to the machine's ICU data. */
const grouped = (n: number, separator: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** The limits in words, French and English (the message of IMAGE_TOO_LARGE, and the docs). */
export function describeImageLimits(limits: ImageLimits): { fr: string; en: string } {
  const mp = megapixels(limits.maxPixels);
  return {
    fr: `au plus ${String(mp).replace('.', ',')} mégapixels et ${grouped(limits.maxSide, ' ')} pixels de côté`,
    en: `at most ${mp} megapixels and ${grouped(limits.maxSide, ',')} pixels on a side`,
  };
}

/** The refusal of an image over `limits`, in French and in English (IMAGE_TOO_LARGE). */
export function imageTooLargeWording(limits: ImageLimits): Wording {
  const said = describeImageLimits(limits);
  return bilingual(`Image trop grande : ${said.fr}`, `Image too large: ${said.en}`);
}

/**
 * The size of an image over the limits, as the refusal's facts ("image: 8000 x 6000 px"), or null
 * when it is within them.
 */
export function overImageLimits(size: { width: number; height: number }, limits: ImageLimits): string | null {
  const { width, height } = size;
  if (width * height <= limits.maxPixels && Math.max(width, height) <= limits.maxSide) return null;
  return `image: ${width} x ${height} px`;
}
