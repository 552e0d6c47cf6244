/**
 * Images for the image bench, drawn from shapes and seeded noise (no text, so the same bytes on
 * every machine): a flat drawing enlarged to many pixels (a PNG small in bytes, what costs the
 * most to decode per byte sent), a photo-like JPEG with a soft grain, and a PNG of one colour
 * (48 megapixels in 650 KB).
 */
import sharp from 'sharp';

function drawingSvg(width: number, height: number): Buffer {
  const circles = Array.from(
    { length: 24 },
    (_, i) =>
      `<circle cx="${(i * 97) % width}" cy="${(i * 53) % height}" r="${20 + ((i * 13) % 80)}" fill="hsl(${i * 37},60%,50%)" opacity="0.6"/>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8a33d"/><stop offset="1" stop-color="#1d4e89"/></linearGradient></defs>' +
      `<rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`,
  );
}

/** A PNG of `width` x `height` pixels: a drawing of at most 800 px enlarged (smooth, compresses well). */
export function drawnPng(width: number, height: number): Promise<Buffer> {
  const scale = Math.min(1, 800 / Math.max(width, height));
  const drawn = drawingSvg(Math.ceil(width * scale), Math.ceil(height * scale));
  return sharp(drawn).resize(width, height, { fit: 'fill' }).png().toBuffer();
}

/** A photo-like JPEG (quality 90): the drawing with a soft grain from a seeded sequence. */
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const gw = Math.ceil(width / 6);
  const gh = Math.ceil(height / 6);
  const grain = Buffer.alloc(gw * gh * 3);
  let state = 12345;
  for (let i = 0; i < grain.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    grain[i] = 128 + ((state >> 16) % 41) - 20;
  }
  const texture = await sharp(grain, { raw: { width: gw, height: gh, channels: 3 } })
    .resize(width, height)
    .png()
    .toBuffer();
  return sharp(await drawnPng(width, height))
    .composite([{ input: texture, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A PNG of one colour: compresses to almost nothing whatever its size. */
export function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}
