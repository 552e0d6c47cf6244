/**
 * Text on its way into an XML document written with xmlbuilder2 (feeds, sitemaps).
 *
 * - Characters XML 1.0 forbids (C0 controls other than tab, newline and carriage return, lone
 *   surrogates, U+FFFE and U+FFFF) are removed: a single one makes the whole document unreadable
 *   to a strict parser, and older rows may hold them.
 * - xmlbuilder2's `txt()` escapes `&` only when it does not already look like an entity reference,
 *   so a typed `&e;` or `&#0;` would reach the document as an (undefined or forbidden) reference and
 *   a typed `&amp;` would be read back as `&`. `xmlText` escapes every `&` first; the builder then
 *   leaves our `&amp;` alone and escapes `<` and `>` itself.
 * - CDATA takes text verbatim (no references), so `appendCdata` only removes forbidden characters
 *   and splits the text where it holds `]]>`.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_XML_CHAR = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** The text without the characters XML 1.0 cannot carry. */
export function xmlChars(value: string | null | undefined): string {
  return (value ?? '').replace(NOT_XML_CHAR, '');
}

/** The text for xmlbuilder2's `txt()`: read back exactly as typed, less forbidden characters. */
export function xmlText(value: string | null | undefined): string {
  return xmlChars(value).replace(/&/g, '&amp;');
}

/** Appends the text to `node` as CDATA, in several sections where it holds `]]>`. */
export function appendCdata(node: XMLBuilder, value: string | null | undefined): XMLBuilder {
  const parts = xmlChars(value).split(']]>');
  parts.forEach((part, i) => {
    const head = i === 0 ? '' : '>';
    const tail = i === parts.length - 1 ? '' : ']]';
    node.dat(`${head}${part}${tail}`);
  });
  return node;
}
