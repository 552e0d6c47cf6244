/**
 * The few HTML pages the API serves itself (reset-password form, unsubscribe confirmations): one
 * plain style, text escaped by the caller with escapeHtml, a strict CSP (this page's own style and
 * script by nonce, requests and form posts to this origin only), no referrer, never cached.
 */
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';

export { escapeHtml } from '../../domain/mail/enqueue-email.ts';

export interface HtmlPage {
  lang: 'fr' | 'en';
  /** Plain text: escaped here. */
  title: string;
  /** Markup of the body: whatever it quotes from data must already be escaped. */
  body: string;
  /** A script of the page itself, run under the page's nonce. */
  script?: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin:1rem 0 .3rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1.2rem;padding:.6rem 1.2rem;font-size:1rem}#result{margin-top:1rem}.error{color:#b00020}.ok{color:#1b5e20}`;

const escapeText = (s: string) =>
  s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

export function sendHtmlPage(koa: Koa.Context, page: HtmlPage): void {
  const nonce = randomBytes(16).toString('base64');
  koa.type = 'text/html; charset=utf-8';
  koa.set(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  );
  koa.set('Cache-Control', 'no-store');
  koa.set('Referrer-Policy', 'no-referrer');
  koa.body = `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeText(page.title)}</title>
<style nonce="${nonce}">
${STYLE}
</style>
</head>
<body>
${page.body}${page.script ? `\n<script nonce="${nonce}">\n${page.script}</script>` : ''}
</body>
</html>
`;
}
