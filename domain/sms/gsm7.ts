/**
 * GSM 03.38 text: the 7-bit alphabet every handset reads, 160 characters in one SMS (153 per
 * part of a long one). One character outside it (ê, ç, ’, an emoji) turns the whole message into
 * UCS-2, 70 characters per SMS, so French text is transliterated first: accents the alphabet lacks
 * lose them (ê → e, ç → c, œ → oe), typographic quotes and dashes become plain ones, and anything
 * left without a GSM form becomes '?'. The extension characters (€ [ ] { } ^ ~ | \ and form feed)
 * are kept: they cost two septets each, counted here.
 */

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

/** Characters of French (and usual typography) that GSM 03.38 lacks, and their GSM stand-ins. */
const STAND_INS: Record<string, string> = {
  â: 'a',
  á: 'a',
  ã: 'a',
  ê: 'e',
  ë: 'e',
  î: 'i',
  ï: 'i',
  í: 'i',
  ô: 'o',
  ó: 'o',
  õ: 'o',
  û: 'u',
  ú: 'u',
  ç: 'c',
  ÿ: 'y',
  œ: 'oe',
  À: 'A',
  Â: 'A',
  Á: 'A',
  Ã: 'A',
  È: 'E',
  Ê: 'E',
  Ë: 'E',
  Î: 'I',
  Ï: 'I',
  Í: 'I',
  Ì: 'I',
  Ô: 'O',
  Ó: 'O',
  Ò: 'O',
  Õ: 'O',
  Û: 'U',
  Ù: 'U',
  Ú: 'U',
  Ÿ: 'Y',
  Œ: 'OE',
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u02BC': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '«': '"',
  '»': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u202F': ' ',
  '\u2009': ' ',
  '\t': ' ',
  '°': 'o',
  '•': '-',
  '·': '.',
};

export function isGsm7Char(ch: string): boolean {
  return basic.has(ch) || extension.has(ch);
}

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!isGsm7Char(ch)) return false;
  return true;
}

/** The text in GSM 03.38 only (see the file's comment); GSM text comes back unchanged. */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (isGsm7Char(ch)) out += ch;
    else if (STAND_INS[ch] !== undefined) out += STAND_INS[ch];
    else {
      // Latin letters with marks not listed above: the letter without its mark (ā → a, ş → s).
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && isGsm7(bare) ? bare : '?';
    }
  }
  return out;
}

/** Septets the text takes (an extension character is an escape plus itself). */
export function septets(text: string): number {
  let n = 0;
  for (const ch of text) n += extension.has(ch) ? 2 : 1;
  return n;
}

export const SINGLE_SEGMENT_SEPTETS = 160;
/** A part of a long message: 160 septets less the 7 of the concatenation header. */
export const PART_SEPTETS = 153;

/**
 * The parts a GSM text is sent in: itself when it fits one SMS, else pieces of at most 153
 * septets that never split an escape sequence (handsets would show garbage).
 */
export function gsm7Parts(text: string): string[] {
  if (septets(text) <= SINGLE_SEGMENT_SEPTETS) return [text];
  const parts: string[] = [];
  let current = '';
  let used = 0;
  for (const ch of text) {
    const cost = extension.has(ch) ? 2 : 1;
    if (used + cost > PART_SEPTETS) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += ch;
    used += cost;
  }
  if (current) parts.push(current);
  return parts;
}

export function segmentCount(text: string): number {
  return gsm7Parts(text).length;
}

/** The text cut to `max` septets, ending with '...' when cut. */
export function fitSeptets(text: string, max: number): string {
  if (septets(text) <= max) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    const cost = extension.has(ch) ? 2 : 1;
    if (used + cost > max - 3) break;
    out += ch;
    used += cost;
  }
  return `${out.trimEnd()}...`;
}
