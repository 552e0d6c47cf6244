/**
 * A 5×7 pixel font of capitals, digits and common signs, drawn in code: the share images need
 * text, and a font of our own needs no system font and no font file (so no licence to ship).
 * Each glyph is 7 rows of 5 bits, the leftmost pixel first. Text is folded to these glyphs:
 * accents dropped, lower case raised, anything else drawn as a space.
 */
import { foldAccents } from '../../domain/shared/text.ts';

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

const ROWS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11100 10010 10001 10001 10001 10010 11100',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 10001 01010 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  '-': '00000 00000 00000 11111 00000 00000 00000',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  ',': '00000 00000 00000 00000 01100 00100 01000',
  "'": '01100 00100 01000 00000 00000 00000 00000',
  '(': '00010 00100 01000 01000 01000 00100 00010',
  ')': '01000 00100 00010 00010 00010 00100 01000',
  '/': '00000 00001 00010 00100 01000 10000 00000',
  '&': '01100 10010 10100 01000 10101 10010 01101',
  '+': '00000 00100 00100 11111 00100 00100 00000',
  ':': '00000 01100 01100 00000 01100 01100 00000',
  '!': '00100 00100 00100 00100 00100 00000 00100',
  '?': '01110 10001 00001 00010 00100 00000 00100',
  '#': '01010 01010 11111 01010 11111 01010 01010',
  '%': '11000 11001 00010 00100 01000 10011 00011',
  '@': '01110 10001 00001 01101 10101 10101 01110',
  '<': '00010 00100 01000 10000 01000 00100 00010',
  '>': '01000 00100 00010 00001 00010 00100 01000',
  '=': '00000 00000 11111 00000 11111 00000 00000',
  '*': '00000 00100 10101 01110 10101 00100 00000',
  ' ': '00000 00000 00000 00000 00000 00000 00000',
};

/** For each glyph, the lit pixels as [column, row]. */
const GLYPHS = new Map<string, [number, number][]>(
  Object.entries(ROWS).map(([ch, rows]) => [
    ch,
    rows
      .split(' ')
      .flatMap((row, y) => [...row].flatMap((bit, x) => (bit === '1' ? [[x, y] as [number, number]] : []))),
  ]),
);

/** The text as the font can draw it. */
export function pixelText(text: string): string {
  const typographic: Record<string, string> = { '’': "'", '‘': "'", '–': '-', '—': '-', '«': '"', '»': '"' };
  return [...foldAccents(text).toUpperCase()]
    .map((c) => typographic[c] ?? c)
    .map((c) => (GLYPHS.has(c) ? c : ' '))
    .join('')
    .replace(/ +/g, ' ')
    .trim();
}

export function glyphPixels(ch: string): [number, number][] {
  return GLYPHS.get(ch) ?? [];
}

/** Splits text into lines of at most `width` glyphs, at spaces where possible; at most `max` lines, the last one ending with "..." when cut. */
export function wrapText(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const pieces = word.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];
    for (const piece of pieces) {
      if (!line) line = piece;
      else if (line.length + 1 + piece.length <= width) line += ` ${piece}`;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.slice(0, width - 3).trimEnd()}...`;
  return kept;
}
