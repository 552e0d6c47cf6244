/**
 * Rendering an upload's variants and lighter encodings (unit, no database): the encoded original is
 * opened (decoded) once whatever it yields, a large original gets capped variants and no
 * full-size encoding, and the whole rendering of a 16 megapixel PNG costs about one decode.
 */
import { expect } from 'chai';
import sharp, { type SharpOptions } from 'sharp';
import { renderImage, type ImagePlan, type OpenImage } from '../../domain/files/image-variants.ts';
import { InputError, ValidationError } from '../../domain/errors.ts';
import {
  IMAGE_LIMITS,
  describeImageLimits,
  imageTooLargeWording,
  overImageLimits,
} from '../../domain/files/image-limits.ts';
import { createLogger } from '../../lib/logger.ts';
import { drawingPngBuffer, photoJpegBuffer } from '../helpers/file-fixtures.ts';

const logger = createLogger('silent');
const LOGO = [128, 256, 512];

function plan(width: number, height: number, widths = LOGO): ImagePlan {
  return { width, height, widths, originalIsWebp: false, limits: IMAGE_LIMITS };
}

/** sharp, counting how many pipelines are opened on `encoded` (and not on raw pixels). */
function countingOpen(encoded: Buffer): { open: OpenImage; count: () => number } {
  let count = 0;
  const open: OpenImage = (input: Buffer, options: SharpOptions) => {
    if (input === encoded) count += 1;
    return sharp(input, options);
  };
  return { open, count: () => count };
}

/** CPU time (all threads of the process, sharp's included) that `work` took, in ms. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function cheapestOf(runs: number, work: () => Promise<unknown>): Promise<number> {
  const costs: number[] = [];
  for (let i = 0; i < runs; i++) costs.push(await cpuMs(work));
  return Math.min(...costs);
}

describe('Image rendering (unit)', function () {
  this.timeout(300_000);

  it('decodes the original once for 3 variants, their AVIF and the original’s WebP and AVIF', async () => {
    const jpeg = await photoJpegBuffer(800, 600);
    const counter = countingOpen(jpeg);
    const out = await renderImage(jpeg, plan(800, 600), { logger, open: counter.open });
    expect(counter.count()).to.equal(1);
    expect(out.variants.map((v) => v.width)).to.deep.equal(LOGO);
    for (const variant of out.variants) {
      expect((await sharp(variant.webp).metadata()).width).to.equal(variant.width);
      expect((await sharp(variant.webp).metadata()).format).to.equal('webp');
      expect((await sharp(variant.avif!).metadata()).width).to.equal(variant.width);
    }
    const webp = await sharp(out.original!.webp!).metadata();
    expect([webp.format, webp.width, webp.height]).to.deep.equal(['webp', 800, 600]);
    expect((await sharp(out.original!.avif!).metadata()).format).to.equal('heif');
  });

  it('a 4,000 x 4,000 original: capped variants from one decode, no full-size WebP or AVIF', async () => {
    const png = await drawingPngBuffer(4000, 4000);
    const counter = countingOpen(png);
    const out = await renderImage(png, plan(4000, 4000, [600, 1200, 1920]), { logger, open: counter.open });
    expect(counter.count()).to.equal(1);
    expect(out.original).to.equal(null);
    for (const variant of out.variants)
      expect((await sharp(variant.webp).metadata()).width).to.equal(variant.width);
  });

  it('an original with nothing to make is still decoded once, and a truncated one is refused', async () => {
    const png = await drawingPngBuffer(3000, 2000);
    const counter = countingOpen(png);
    const out = await renderImage(png, plan(3000, 2000, []), { logger, open: counter.open });
    expect(counter.count()).to.equal(1);
    expect(out).to.deep.equal({ variants: [], original: null });
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const refused = await renderImage(truncated, plan(3000, 2000, []), { logger }).then(
      () => null,
      (err: Error) => err,
    );
    expect(refused).to.be.instanceOf(ValidationError);
    expect((refused as InputError).problems).to.deep.equal([
      { field: 'body.file', code: 'format', params: { format: 'image' } },
    ]);
  });

  it('rendering a 16 megapixel PNG logo costs less than 2.5 times decoding it to 512 px once', async () => {
    const png = await drawingPngBuffer(4000, 4000);
    // The floor is one decode shrunk to the largest variant; six decodes and a full-size WebP and
    // AVIF, as before, cost about 25 times that. CPU time, not wall time, and the cheapest of a
    // few runs: other processes on a busy machine move the wall clock far more than the CPU used.
    const oneDecode = await cheapestOf(3, () => sharp(png).resize({ width: 512 }).raw().toBuffer());
    const rendering = await cheapestOf(3, () => renderImage(png, plan(4000, 4000), { logger }));
    expect(rendering, `rendering ${rendering} ms, one decode ${oneDecode} ms`).to.be.below(2.5 * oneDecode);
  });

  it('limits: at most 16 megapixels and 8,000 px on a side, said in French and English', () => {
    expect(overImageLimits({ width: 4000, height: 4000 }, IMAGE_LIMITS)).to.equal(null);
    expect(overImageLimits({ width: 8000, height: 2000 }, IMAGE_LIMITS)).to.equal(null);
    expect(overImageLimits({ width: 8001, height: 10 }, IMAGE_LIMITS)).to.equal('image: 8001 x 10 px');
    expect(overImageLimits({ width: 4001, height: 4000 }, IMAGE_LIMITS)).to.equal('image: 4001 x 4000 px');
    expect(imageTooLargeWording(IMAGE_LIMITS)('fr')).to.equal(
      'Image trop grande : au plus 16 mégapixels et 8 000 pixels de côté',
    );
    expect(imageTooLargeWording(IMAGE_LIMITS)('en')).to.equal(
      'Image too large: at most 16 megapixels and 8,000 pixels on a side',
    );
    expect(describeImageLimits(IMAGE_LIMITS)).to.deep.equal({
      fr: 'au plus 16 mégapixels et 8 000 pixels de côté',
      en: 'at most 16 megapixels and 8,000 pixels on a side',
    });
  });
});
