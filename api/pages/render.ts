/**
 * The template engine of the public pages: Eta (package `eta`, its `core` build, no file access).
 * Chosen after comparing, with `npm view`, the three usual engines that escape by default:
 * - Eta 4: escapes `<%= %>` by default (`& < > " '`, so attribute values too), raw output only by
 *   the visible `<%~ %>`; no runtime dependency, TypeScript types shipped, layouts and partials,
 *   released steadily; templates are plain JavaScript expressions, so no second language to learn.
 * - Nunjucks 3.2: auto-escaping too, but its last release dates from 2023 and it brings three
 *   dependencies (commander among them) for features the pages do not need.
 * - LiquidJS 10: well kept, but it does not escape by default (`outputEscape` must be set), the
 *   opposite of what a page that quotes recruiters' text needs.
 * Templates are TypeScript string constants (templates/*.ts), registered under `@names` once: the
 * build (tsc into dist/) carries them along, and nothing is read from disk at run time.
 */
import { frenchSpaces } from '../../lib/french-spaces.ts';
import { Eta } from 'eta/core';
import { LAYOUT } from './templates/layout.ts';
import { OFFRE } from './templates/offre.ts';
import { OFFRE_LIST } from './templates/offre-list.ts';
import { OFFRE_LIST_ITEMS, PAGER } from './templates/offre-list-items.ts';
import { ENTREPRISE } from './templates/entreprise.ts';
import { MESSAGE } from './templates/message.ts';
import { RESET_PASSWORD } from './templates/reset-password.ts';
import { SITE_CSS } from './site-css.ts';
import { pageTexts, type PageLang, type PageTexts } from './page-texts.ts';

export interface PageAlternate {
  hreflang: string;
  href: string;
}

export interface OpenGraph {
  siteName: string;
  type: 'website' | 'article' | 'profile';
  title: string;
  description: string;
  url: string;
  locale: string;
  image?: { url: string; alt: string; type?: string; width?: number; height?: number };
}

/** What the layout puts in the head (and the language switch). */
export interface PageHead {
  lang: PageLang;
  title: string;
  description?: string;
  canonical?: string;
  alternates?: PageAlternate[];
  noindex?: boolean;
  og?: OpenGraph;
  /** JSON already made safe for a script element (jsonForScript). */
  jsonLd?: string;
  /** The same page in the other language. */
  otherLanguageUrl?: string;
  /** For pages with a script of their own (html-page.ts): the nonce of their style and script. */
  nonce?: string;
  script?: string;
}

export type TemplateName = 'offre' | 'offre-list' | 'entreprise' | 'message' | 'reset-password';

const eta = new Eta({ autoEscape: true, autoTrim: false, cache: true });
const TEMPLATES: Record<string, string> = {
  '@layout': LAYOUT,
  '@offre': OFFRE,
  '@offre-list': OFFRE_LIST,
  '@offre-list-items': OFFRE_LIST_ITEMS,
  '@pager': PAGER,
  '@entreprise': ENTREPRISE,
  '@message': MESSAGE,
  '@reset-password': RESET_PASSWORD,
};
for (const [name, template] of Object.entries(TEMPLATES)) eta.loadTemplate(name, template);

/** The whole page: `data` for the template, the head for the layout, the texts of the head's language. */
export function renderPage(name: TemplateName, head: PageHead, data: Record<string, unknown>): string {
  const t: PageTexts = pageTexts(head.lang);
  const html = eta.render(`@${name}`, { ...data, head, t, css: SITE_CSS });
  return head.lang === 'fr' ? frenchSpaces(html) : html;
}
