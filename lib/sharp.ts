/**
 * sharp (libvips), loaded at the first image and set up once. Importing it took about 0.14 s of
 * every process start (API, worker, each CLI command), though most never touch an image.
 */
import type sharpModule from 'sharp';

export type SharpFactory = typeof sharpModule;

let loading: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per image (sharp's default is one per core): an image job takes one core at most.
    sharp.concurrency(1);
    // libvips keeps recent operations and open files for reuse; uploads are never processed twice, so
    // the cache would only hold memory (and deleted temporary files) for nothing.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
