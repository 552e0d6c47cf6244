/**
 * Reading what the feeds write with parsers that are not ours: `saxes`, a strict XML 1.0 parser that
 * refuses any document that is not well-formed (undefined entity, forbidden character or character
 * reference, broken CDATA), and `parse5`, the HTML5 parsing algorithm browsers use, for the HTML
 * that travels inside feeds and pages.
 */
import { SaxesParser } from 'saxes';
import { parse, parseFragment } from 'parse5';
import type { DefaultTreeAdapterTypes as Html } from 'parse5';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text and CDATA, decoded, in order (not its children's). */
  text: string;
}

/** The document's root element; throws on the first well-formedness error. */
export function strictXml(document: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on('error', (e) => {
    failure ??= e;
  });
  parser.on('opentag', (tag) => {
    const el: XmlElement = { name: tag.name, attributes: { ...tag.attributes }, children: [], text: '' };
    stack.at(-1)?.children.push(el);
    root ??= el;
    stack.push(el);
  });
  parser.on('closetag', () => stack.pop());
  const addText = (t: string) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(document).close();
  if (failure) throw failure;
  if (!root) throw new Error('no root element');
  return root;
}

/**
 * Every element's qualified name and namespace, read by saxes in namespace mode: throws on the
 * first error, an undeclared prefix (`xhtml:link` without `xmlns:xhtml`) included.
 */
export function namespacedElements(document: string): { name: string; uri: string }[] {
  const parser = new SaxesParser({ xmlns: true });
  const elements: { name: string; uri: string }[] = [];
  let failure: Error | undefined;
  parser.on('error', (e) => {
    failure ??= e;
  });
  parser.on('opentag', (tag) => elements.push({ name: tag.name, uri: tag.uri }));
  parser.write(document).close();
  if (failure) throw failure;
  return elements;
}

/** The direct children named `name`. */
export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

/** The one direct child named `name`. */
export function childNamed(el: XmlElement, name: string): XmlElement {
  const found = childrenNamed(el, name);
  if (found.length !== 1) throw new Error(`<${el.name}> has ${found.length} <${name}>`);
  return found[0];
}

type HtmlNode = Html.ChildNode | Html.DocumentFragment | Html.Document;

function walk(node: HtmlNode, visit: (n: Html.ChildNode) => void): void {
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    visit(child);
    walk(child as HtmlNode, visit);
  }
}

/** What an HTML fragment is once a browser has parsed it: its element names and its text. */
export function htmlFragment(html: string): { elements: string[]; text: string } {
  const elements: string[] = [];
  let text = '';
  walk(parseFragment(html), (n) => {
    if (n.nodeName === '#text') text += (n as Html.TextNode).value;
    else if ('tagName' in n) elements.push(n.tagName);
  });
  return { elements, text };
}

/** The `<script>` elements of an HTML document as a browser parses it, with their text. */
export function scriptsOf(html: string): { type: string | undefined; text: string }[] {
  const scripts: { type: string | undefined; text: string }[] = [];
  walk(parse(html), (n) => {
    if (!('tagName' in n) || n.tagName !== 'script') return;
    const text = n.childNodes.map((c) => (c.nodeName === '#text' ? (c as Html.TextNode).value : '')).join('');
    scripts.push({ type: n.attrs.find((a) => a.name === 'type')?.value, text });
  });
  return scripts;
}
