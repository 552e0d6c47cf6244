/**
 * GET /docs: the interactive API reference, Swagger UI (package swagger-ui-dist) served by this
 * process out of node_modules, no CDN. It renders the document's markdown, offers "Authorize" with a
 * bearer token or an integration app's code flow (PKCE; the app registers
 * PUBLIC_URL/docs/oauth2-redirect.html as a redirect URI) and "Try it out" against the server that
 * served the page. Swagger UI was chosen over
 * Scalar and Redoc: it is the most used of the three, ships as plain prebuilt files that need no
 * inline script, and Redoc has no try-it-out.
 *
 * Strict CSP: scripts, styles, fonts and XHR from our own origin only; images from our origin and
 * data: URIs (Swagger UI's icons); no frames, no forms, no plugins, no base URI.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Router from '@koa/router';

const DIST = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files of swagger-ui-dist served, with their types. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  // Where the authorization server sends the browser back after "Authorize" with the code flow.
  'oauth2-redirect.html': 'text/html; charset=utf-8',
  'oauth2-redirect.js': 'text/javascript; charset=utf-8',
};

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Recrutement API - documentation</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/docs.js"></script>
</body>
</html>
`;

/**
 * Our initializer (a file, so the CSP needs no inline script). The document names PUBLIC_URL as its
 * server; the page puts the origin it was loaded from first, so "Try it out" calls the same server.
 * No validator badge (it would call validator.swagger.io).
 */
const INIT = `(function () {
  'use strict';
  fetch('/v1/api/openapi.json', { headers: { Accept: 'application/json' } })
    .then(function (res) { return res.json(); })
    .then(function (spec) {
      var here = { url: window.location.origin, description: 'this server' };
      var others = (spec.servers || []).filter(function (s) { return s.url !== here.url; });
      spec.servers = [here].concat(others);
      window.ui = SwaggerUIBundle({
        spec: spec,
        dom_id: '#swagger-ui',
        deepLinking: true,
        validatorUrl: null,
        displayRequestDuration: true,
        persistAuthorization: false,
        tryItOutEnabled: false,
        oauth2RedirectUrl: window.location.origin + '/docs/oauth2-redirect.html',
      });
      window.ui.initOAuth({ usePkceWithAuthorizationCodeGrant: true, scopeSeparator: ' ' });
    });
})();
`;

const cache = new Map<string, Buffer>();
function asset(name: string): Buffer {
  let body = cache.get(name);
  if (!body) {
    body = fs.readFileSync(path.join(DIST, name));
    cache.set(name, body);
  }
  return body;
}

export function mountDocsPage(router: Router): void {
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = PAGE;
  });
  router.get('/docs/docs.js', (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = INIT;
  });
  router.get('/docs/:file', (ctx, next) => {
    const type = ASSETS[ctx.params.file ?? ''];
    if (!type) return next();
    ctx.type = type;
    if (type.startsWith('text/html')) ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = asset(ctx.params.file!);
  });
}
