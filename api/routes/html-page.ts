/**
 * The pages the API serves under /v1/api (password-reset form, unsubscribe confirmations) in the
 * public pages' layout and style (api/pages/render.ts, templates escaping by default). A page with
 * a script of its own gets a strict CSP by nonce (this page's own style and script, requests and
 * form posts to this origin only); the others the pages' CSP (api/pages/send-page.ts). Both send
 * no referrer and are never stored: their address carries an emailed token.
 */
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import { renderPage, type TemplateName } from '../pages/render.ts';
import { sendPrivatePage } from '../pages/send-page.ts';
import { pageTexts, type PageLang } from '../pages/page-texts.ts';

export { escapeHtml } from '../../domain/mail/enqueue-email.ts';

export interface HtmlPage {
  lang: PageLang;
  /** Plain text: escaped by the template. */
  title: string;
  template: TemplateName;
  /** The template's data. */
  data: Record<string, unknown>;
  /** A script of the page itself, run under the page's nonce. */
  script?: string;
}

const scriptCsp = (nonce: string) =>
  `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

export function sendHtmlPage(koa: Koa.Context, page: HtmlPage): void {
  const nonce = page.script ? randomBytes(16).toString('base64') : undefined;
  const head = {
    lang: page.lang,
    title: `${page.title} | ${pageTexts(page.lang).site}`,
    noindex: true,
    ...(nonce ? { nonce, script: page.script } : {}),
  };
  sendPrivatePage(koa, renderPage(page.template, head, page.data), {
    lang: page.lang,
    ...(nonce ? { csp: scriptCsp(nonce) } : {}),
  });
}
