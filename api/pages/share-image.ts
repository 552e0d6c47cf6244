/**
 * The share image of an offer (`og:image` when its company has no logo): 1200×630 PNG, the size
 * WhatsApp, Facebook and LinkedIn crop least. A green band with the site's name, the title in
 * large letters, the company, then city and contract, drawn with our pixel font into a raw RGB
 * buffer that sharp encodes (flat colours: a PNG of a few KB). No SVG text, so no system font.
 *
 * Drawing and encoding one costs tens of milliseconds of CPU, so images are drawn one at a time in
 * a bounded queue of their own (not the uploads' one: a crawler asking for share images must not
 * make logo uploads wait); beyond SHARE_QUEUE waiting, QueueFullError, which the page answers 503
 * with Retry-After. With the rate limit and the cache of drawn images, a crawler enumerating offer
 * ids holds one core at most.
 */
import { loadSharp } from '../../lib/sharp.ts';
import { BoundedQueue } from '../../lib/bounded-queue.ts';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphPixels, pixelText, wrapText } from './pixel-font.ts';

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [246, 247, 245];
const BRAND: Rgb = [10, 92, 54];
const INK: Rgb = [27, 27, 27];
const WHITE: Rgb = [255, 255, 255];
const MUTED: Rgb = [70, 70, 70];
const MARGIN = 64;
export const SHARE_QUEUE = 16;

const drawing = new BoundedQueue(1, SHARE_QUEUE);

export interface ShareCard {
  site: string;
  titre: string;
  entreprise: string;
  details: string;
}

class Canvas {
  readonly pixels = Buffer.alloc(SHARE_WIDTH * SHARE_HEIGHT * 3);

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    const x1 = Math.min(SHARE_WIDTH, x + w);
    const y1 = Math.min(SHARE_HEIGHT, y + h);
    for (let row = Math.max(0, y); row < y1; row++)
      for (let col = Math.max(0, x); col < x1; col++) {
        const at = (row * SHARE_WIDTH + col) * 3;
        this.pixels[at] = color[0];
        this.pixels[at + 1] = color[1];
        this.pixels[at + 2] = color[2];
      }
  }

  /** One line of text; `scale` pixels a font pixel, one font pixel between glyphs. */
  text(line: string, x: number, y: number, scale: number, color: Rgb): void {
    [...line].forEach((ch, i) => {
      const left = x + i * (GLYPH_WIDTH + 1) * scale;
      for (const [gx, gy] of glyphPixels(ch))
        this.rect(left + gx * scale, y + gy * scale, scale, scale, color);
    });
  }
}

/** How many glyphs fit on a line at this scale. */
const glyphsPerLine = (scale: number) => Math.floor((SHARE_WIDTH - 2 * MARGIN) / ((GLYPH_WIDTH + 1) * scale));

/** The PNG of `card`, drawn in the share images' queue (QueueFullError when it is full). */
export function shareImagePng(card: ShareCard): Promise<Buffer> {
  return drawing.run(() => drawShareImage(card));
}

async function drawShareImage(card: ShareCard): Promise<Buffer> {
  const canvas = new Canvas();
  canvas.rect(0, 0, SHARE_WIDTH, SHARE_HEIGHT, BACKGROUND);
  canvas.rect(0, 0, SHARE_WIDTH, 120, BRAND);
  canvas.text(pixelText(card.site), MARGIN, 39, 6, WHITE);
  const titleScale = 8;
  const lineHeight = (GLYPH_HEIGHT + 4) * titleScale;
  const title = wrapText(pixelText(card.titre), glyphsPerLine(titleScale), 3);
  title.forEach((line, i) => canvas.text(line, MARGIN, 170 + i * lineHeight, titleScale, INK));
  const below = 170 + title.length * lineHeight + 20;
  const [entreprise] = wrapText(pixelText(card.entreprise), glyphsPerLine(6), 1);
  canvas.text(entreprise ?? '', MARGIN, below, 6, BRAND);
  const [details] = wrapText(pixelText(card.details), glyphsPerLine(5), 1);
  canvas.text(details ?? '', MARGIN, below + 70, 5, MUTED);
  canvas.rect(0, SHARE_HEIGHT - 16, SHARE_WIDTH, 16, BRAND);
  const sharp = await loadSharp();
  return sharp(canvas.pixels, { raw: { width: SHARE_WIDTH, height: SHARE_HEIGHT, channels: 3 } })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
