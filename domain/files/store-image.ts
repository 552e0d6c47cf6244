/**
 * The image part of an upload: its header checked against the purpose's pixel limits (before any
 * decode, and before waiting for a turn), then one decode and every rendition made from it, in
 * the process's bounded image queue (image-jobs.ts), then the renditions stored.
 */
import { readFile } from 'node:fs/promises';
import type { Ctx } from '../context.ts';
import { MIME } from './detect-content-type.ts';
import { checkImageHeader } from './check-image-header.ts';
import { imageJobs } from './image-jobs.ts';
import type { ImageLimits } from './image-limits.ts';
import { renderImage } from './image-variants.ts';
import { storeRenditions, type StoredRenditions } from './image-formats.ts';

export async function storeImage(
  ctx: Ctx,
  file: { path: string; size: number },
  opts: {
    base: string;
    contentType: string;
    widths: readonly number[];
    limits: ImageLimits;
    put: (key: string, bytes: Buffer) => Promise<void>;
  },
): Promise<StoredRenditions> {
  const size = await checkImageHeader(file.path, opts.limits);
  // Read when its turn comes, so uploads waiting for one hold no memory.
  const rendered = await imageJobs.run(async () =>
    renderImage(
      await readFile(file.path),
      { ...size, widths: opts.widths, originalIsWebp: opts.contentType === MIME.webp, limits: opts.limits },
      { logger: ctx.logger },
    ),
  );
  return storeRenditions(opts.base, rendered, { bytes: file.size }, opts.put);
}
