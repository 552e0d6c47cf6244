/**
 * What the CLI writes to a terminal is cleaned of what comes with data and could act on the
 * operator's terminal instead of being read: whole escape sequences (CSI such as colours or
 * "clear screen", OSC such as "set title" or hyperlinks, DCS/APC strings, two-byte escapes such
 * as ESC c), the remaining C0/C1 control characters (only newline and tab stay), and Unicode
 * bidirectional controls, which reorder what is shown (a name with U+202E reads backwards and can
 * disguise what follows it). The CLI's own colours are added after this (output.ts). JSON output
 * needs nothing: JSON.stringify escapes control characters.
 */
const ESC = '\\u001b';
const ESCAPE_SEQUENCE = new RegExp(
  [
    // CSI (ESC [ or 8-bit 0x9b): parameter bytes, intermediate bytes, one final byte.
    `(?:${ESC}\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]?`,
    // OSC, DCS, SOS, PM, APC strings up to their terminator (BEL, ESC \ or 0x9c). An unterminated
    // one loses only its introducer below: the rest stays visible rather than hidden.
    `(?:${ESC}[\\]PX^_]|[\\u0090\\u0098\\u009d-\\u009f])[^\\u0007\\u001b\\u009c]*(?:\\u0007|${ESC}\\\\|\\u009c)`,
    // Any other escape: ESC, intermediate bytes, one final byte.
    `${ESC}[\\u0020-\\u002f]*[\\u0030-\\u007e]?`,
  ].join('|'),
  'g',
);
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** U+061C, U+200E, U+200F, U+202A-U+202E (embeddings, overrides), U+2066-U+2069 (isolates). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function terminalText(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '').replace(BIDI, '');
}
