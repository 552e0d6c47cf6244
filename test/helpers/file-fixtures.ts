/**
 * Small real files built in code, for upload tests: a PDF, PNG/JPEG/WebP images (sharp, drawn
 * from shapes and seeded noise, never text, so they are the same bytes on every machine), a DOCX
 * (a stored ZIP with the Open XML content types), a legacy DOC (an OLE2 compound file header),
 * and a Windows executable (MZ header) to be sent under a harmless name.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export function pdfBuffer(text = 'CV de test'): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >> endobj',
    `4 0 obj << /Length ${text.length + 24} >> stream`,
    `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`,
    'endstream endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  return Buffer.from(body, 'latin1');
}

function image(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } });
}

export function pngBuffer(width = 64, height = 64): Promise<Buffer> {
  return image(width, height).png().toBuffer();
}

export function jpegBuffer(width = 64, height = 64): Promise<Buffer> {
  return image(width, height).jpeg().toBuffer();
}

export function webpBuffer(width = 64, height = 64): Promise<Buffer> {
  return image(width, height).webp().toBuffer();
}

/**
 * A picture drawn from shapes only: a diagonal gradient, overlapping translucent circles and a few
 * tilted bands. No text: text is rendered with the machine's fonts, so encoded sizes would differ
 * from one machine to the next.
 */
function drawingSvg(width: number, height: number): Buffer {
  const scale = Math.max(width, height) / 800;
  const circles = Array.from(
    { length: 30 },
    (_, i) =>
      `<circle cx="${(i * 97 * scale) % width}" cy="${(i * 53 * scale) % height}" r="${(20 + ((i * 13) % 80)) * scale}" fill="hsl(${i * 37},60%,50%)" opacity="0.6"/>`,
  ).join('');
  const bands = Array.from(
    { length: 4 },
    (_, i) =>
      `<rect x="${30 * scale}" y="${(height / 2) * (0.8 + i * 0.12)}" width="${width * (0.3 + i * 0.1)}" height="${height / 30}" fill="white" opacity="0.7" transform="rotate(${i * 3 - 4} ${width / 2} ${height / 2})"/>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8a33d"/><stop offset="1" stop-color="#1d4e89"/></linearGradient></defs>' +
      `<rect width="100%" height="100%" fill="url(#g)"/>${circles}${bands}</svg>`,
  );
}

/** `count` bytes from a fixed pseudo-random sequence: the same every run, on every machine. */
function seededBytes(count: number, seed = 12345): Buffer {
  const bytes = Buffer.alloc(count);
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = state >> 16;
  }
  return bytes;
}

/**
 * A JPEG that looks like a photo (gradient, overlapping shapes and a soft grain), at the quality
 * of a phone camera: what candidates upload, and what lighter encodings are measured on. The
 * grain is drawn at a sixth of the size and enlarged, so it is texture rather than pixel noise,
 * as in a photo: AVIF is then 0.6 to 0.8 of the WebP's bytes, as on real photos.
 */
export async function photoJpegBuffer(width = 800, height = 600): Promise<Buffer> {
  const grainWidth = Math.ceil(width / 6);
  const grainHeight = Math.ceil(height / 6);
  // Seeded, so the same photo (and the same encoded sizes) every run.
  const pixels = seededBytes(grainWidth * grainHeight * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 128 + (pixels[i] % 41) - 20;
  const grain = await sharp(pixels, { raw: { width: grainWidth, height: grainHeight, channels: 3 } })
    .resize(width, height)
    .png()
    .toBuffer();
  return sharp(drawingSvg(width, height))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The same drawing as a PNG, without grain: large in pixels, small in bytes (4,000 x 4,000 is
 * under 1 MB). Drawn at 800 px at most, rasterised, then enlarged pixel by pixel: resizing the
 * SVG itself makes sharp draw it again at full size (14 s for 16 megapixels), nearest-neighbour
 * enlarging a raster takes a tenth of a second.
 */
export async function drawingPngBuffer(width: number, height: number): Promise<Buffer> {
  const scale = Math.min(1, 800 / Math.max(width, height));
  const drawn = await sharp(drawingSvg(Math.ceil(width * scale), Math.ceil(height * scale)))
    .png()
    .toBuffer();
  return sharp(drawn).resize(width, height, { fit: 'fill', kernel: 'nearest' }).png().toBuffer();
}

/** A PNG of random pixels: does not compress, so its size grows with the pixel count. */
export function noisyPngBuffer(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + ((i * 104729) >>> 3)) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A stored (uncompressed) ZIP archive of the given entries. */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

export function docxBuffer(): Buffer {
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
  const document =
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    '<w:body><w:p><w:r><w:t>CV</w:t></w:r></w:p></w:body></w:document>';
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: 'word/document.xml', data: Buffer.from(document) },
  ]);
}

/** A plain ZIP that is not an Office document. */
export function zipBuffer(): Buffer {
  return zip([{ name: 'notes.txt', data: Buffer.from('bonjour') }]);
}

/** The header of an OLE2 compound file, which is what a legacy .doc is. */
export function docBuffer(): Buffer {
  const b = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  return b;
}

/** A Windows executable's first bytes (MZ ... PE): what a renamed .exe looks like. */
export function exeBuffer(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}
