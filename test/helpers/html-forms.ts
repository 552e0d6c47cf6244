/**
 * The forms of an HTML page as a browser would submit them without script, read with parse5 (the
 * HTML5 parsing algorithm browsers use): method (GET when absent, as browsers do), action resolved
 * against the page's URL, and the fields with their values. `submit` builds the urlencoded body.
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes as Html } from 'parse5';

export interface HtmlForm {
  method: 'get' | 'post';
  /** The path and query the form is sent to. */
  action: string;
  fields: { name: string; type: string; value: string }[];
}

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

export function formsOf(html: string, pageUrl: string): HtmlForm[] {
  const base = new URL(pageUrl, 'http://page.test');
  return elements(parse(html), 'form').map((form) => {
    const action = new URL(attr(form, 'action') || base.href, base);
    return {
      method: attr(form, 'method')?.toLowerCase() === 'post' ? 'post' : 'get',
      action: `${action.pathname}${action.search}`,
      fields: elements(form, 'input')
        .filter((i) => attr(i, 'name'))
        .map((i) => ({
          name: attr(i, 'name')!,
          type: attr(i, 'type') ?? 'text',
          value: attr(i, 'value') ?? '',
        })),
    };
  });
}

/** The urlencoded body of a form, its fields filled in by name (the others keep their value). */
export function formBody(form: HtmlForm, filled: Record<string, string> = {}): string {
  return new URLSearchParams(
    form.fields.map((f): [string, string] => [f.name, filled[f.name] ?? f.value]),
  ).toString();
}

/** The text a reader sees (script and style left out), whitespace collapsed. */
export function visibleText(html: string): string {
  const text: string[] = [];
  const walk = (node: Html.ParentNode) => {
    for (const child of node.childNodes) {
      if (child.nodeName === '#text') text.push((child as Html.TextNode).value);
      else if ('tagName' in child && child.tagName !== 'script' && child.tagName !== 'style') walk(child);
    }
  };
  walk(parse(html));
  return text.join(' ').replace(/\s+/g, ' ').trim();
}
