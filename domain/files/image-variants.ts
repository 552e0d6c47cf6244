/**
 * Resized copies of an uploaded image (sharp): logos 128/256/512, blog covers 600/1200/1920.
 * Widths larger than the original are not upscaled. Decompression bombs are refused by sharp's
 * pixel limit.
 */
import sharp from 'sharp';
import { ValidationError } from '../errors.ts';

export const LOGO_SIZES = [128, 256, 512];
export const COVER_SIZES = [600, 1200, 1920];
export const MAX_INPUT_PIXELS = 40_000_000;

export async function resizeImage(input: Buffer, width: number): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ValidationError('Invalid image', 'the image could not be decoded or is too large');
  }
}

export async function checkImage(input: Buffer): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return { width: meta.width, height: meta.height };
  } catch {
    throw new ValidationError('Invalid image', 'the image could not be decoded or exceeds 40 megapixels');
  }
}
