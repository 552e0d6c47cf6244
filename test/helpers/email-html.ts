/**
 * The HTML part of an email read as a mail client would, with parse5 (the HTML5 parsing algorithm):
 * the language, the text a reader sees in the body, the links with their visible label, and how
 * many elements a tag has (a `<script>` in user text must stay text). And the links of the text
 * part, `label: url` lines, to compare both parts.
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes as Html } from 'parse5';

const attr = (el: Html.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

function elements(node: Html.ParentNode, tag: string): Html.Element[] {
  const found: Html.Element[] = [];
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.tagName === tag) found.push(child);
    found.push(...elements(child, tag));
  }
  return found;
}

function textOf(node: Html.ParentNode): string {
  const parts: string[] = [];
  const walk = (n: Html.ParentNode) => {
    for (const child of n.childNodes) {
      if (child.nodeName === '#text') parts.push((child as Html.TextNode).value);
      else if ('tagName' in child && child.tagName !== 'script' && child.tagName !== 'style') walk(child);
    }
  };
  walk(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

export interface EmailLink {
  href: string;
  label: string;
}

export interface ReadEmailHtml {
  lang: string | undefined;
  /** The visible text of the body, whitespace collapsed. */
  bodyText: string;
  links: EmailLink[];
  /** The call-to-action buttons: the links drawn as a filled box. */
  buttons: EmailLink[];
  /** How many elements named `tag` the document has. */
  count(tag: string): number;
}

export function readEmailHtml(html: string): ReadEmailHtml {
  const doc = parse(html);
  const [root] = elements(doc, 'html');
  const [body] = elements(doc, 'body');
  const anchors = elements(doc, 'a');
  const link = (a: Html.Element) => ({ href: attr(a, 'href') ?? '', label: textOf(a) });
  return {
    lang: root ? attr(root, 'lang') : undefined,
    bodyText: body ? textOf(body) : '',
    links: anchors.map(link),
    buttons: anchors.filter((a) => /(^|;)\s*background:/.test(attr(a, 'style') ?? '')).map(link),
    count: (tag) => elements(doc, tag).length,
  };
}

/** The URL of the text part's `label : url` (French) or `label: url` (English) line. */
export function textLink(text: string, label: string): string | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${label} : `) || l.startsWith(`${label}: `));
  return line?.slice(line.indexOf(': ') + 2);
}
