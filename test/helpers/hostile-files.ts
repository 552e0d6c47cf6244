/**
 * Nasty files built in code: a zip bomb shaped like a DOCX (its [Content_Types].xml inflates to
 * 200 MB from a few hundred KB), a PNG whose header claims 30,000 x 30,000 pixels (a decompression
 * bomb for any decoder that trusts it), and a UTF-16 CSV. Real, valid files are in file-fixtures.ts.
 */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

interface ZipEntry {
  name: string;
  /** Bytes as stored (deflated). */
  stored: Buffer;
  crc: number;
  size: number;
}

function deflatedEntry(name: string, data: Buffer): ZipEntry {
  return { name, stored: deflateRawSync(data, { level: 9 }), crc: crc32(data), size: data.length };
}

/** A deflated ZIP archive (method 8) of the given entries. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.stored.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.stored.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.stored);
    centrals.push(central, name);
    offset += local.length + name.length + e.stored.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

let bomb: Buffer | null = null;

/** ~200 KB that claims to be a Word document and inflates to 200 MB of spaces. */
export function zipBombDocx(): Buffer {
  if (bomb) return bomb;
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
  );
  const inflated = Buffer.alloc(200 * 1024 * 1024, 0x20);
  head.copy(inflated);
  bomb = zip([
    deflatedEntry('[Content_Types].xml', inflated),
    deflatedEntry('word/document.xml', Buffer.from('<w:document/>')),
  ]);
  return bomb;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small PNG whose header declares width x height RGB pixels (the data is a few zero rows). */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = deflateSync(Buffer.alloc((1 + width * 3) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A CSV saved as UTF-16 LE with its BOM: text to a person, binary to a UTF-8 reader. */
export function utf16Csv(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from('email;nom\r\nawa@example.cm;Awa\r\n', 'utf16le'),
  ]);
}
