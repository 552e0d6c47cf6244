/**
 * The one style sheet of the pages, inlined in each page (one request on a 2G connection) and
 * allowed by its hash in the Content-Security-Policy, so the policy stays the same from one
 * answer to the next and the pages keep stable ETags (a nonce would change every answer).
 * System fonts only; colours pass WCAG AA contrast on white.
 */
import { createHash } from 'node:crypto';

export const SITE_CSS = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#f6f7f5}
a{color:#0b5394}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #e0a100;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:1}
.site{background:#0a5c36;color:#fff}.site .bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;max-width:60rem;margin:0 auto;padding:.75rem 1rem}
.site a{color:#fff;text-decoration:none}.brand{font-weight:700;font-size:1.15rem}.site nav a{margin-left:1rem;text-decoration:underline}
main{display:block;max-width:60rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid #d9ddd6;border-radius:8px;padding:1rem 1.25rem;margin:0 0 1rem}
h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 .5rem}h2{font-size:1.2rem;margin:1.25rem 0 .5rem}
.company{font-size:1.1rem;margin:0 0 .75rem}.logo{float:right;max-width:96px;max-height:96px;margin:0 0 .5rem 1rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dl.facts dt{font-weight:600}dl.facts dd{margin:0}
.tags{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.4rem}.tags li{background:#e6f0ea;border-radius:1rem;padding:.1rem .7rem}
.text{white-space:pre-line;overflow-wrap:anywhere}
.notice{border-left:4px solid #b3261e;background:#fdecea;padding:.75rem 1rem;border-radius:4px}
.ok{border-left:4px solid #0a5c36;background:#e6f0ea;padding:.75rem 1rem;border-radius:4px}
.muted{color:#555}
.button,button{display:inline-block;background:#0a5c36;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;font:inherit;text-decoration:none;cursor:pointer}
form.search{display:grid;gap:.5rem;grid-template-columns:1fr}form.search label{font-weight:600}
input,select{font:inherit;padding:.45rem;border:1px solid #8a8f87;border-radius:4px;width:100%;background:#fff;color:#1b1b1b}
input[type=checkbox]{width:auto;margin-right:.4rem}
ol.offres{list-style:none;padding:0;margin:0}ol.offres li{background:#fff;border:1px solid #d9ddd6;border-radius:8px;padding:.75rem 1rem;margin:0 0 .6rem}
ol.offres h3{font-size:1.05rem;margin:0 0 .2rem}
nav.pages{display:flex;justify-content:space-between;gap:1rem;margin:1rem 0}
footer{max-width:60rem;margin:0 auto;padding:1rem;color:#555;font-size:.9rem}
@media(min-width:48rem){form.search{grid-template-columns:2fr 1fr 1fr auto;align-items:end}h1{font-size:2rem}}`;

export const SITE_CSS_HASH = `sha256-${createHash('sha256').update(SITE_CSS).digest('base64')}`;
