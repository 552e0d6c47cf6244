/**
 * Outside /v1/api: GET /health (process up), GET /ready (database reachable, 503 otherwise),
 * GET /docs (a readable page generated from the OpenAPI document), and the document itself.
 */
import type Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { renderDocsPage } from './docs-page.ts';

export function mountSystemRoutes(router: Router, deps: AppDeps, openapi: Record<string, unknown>): void {
  router.get('/health', (ctx) => {
    ctx.body = { status: 'UP', timestamp: deps.clock.now().toISOString() };
  });
  router.get('/ready', async (ctx) => {
    try {
      await deps.db.raw('SELECT 1');
      ctx.body = { status: 'READY', database: 'UP', timestamp: deps.clock.now().toISOString() };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'NOT_READY', database: 'DOWN', timestamp: deps.clock.now().toISOString() };
    }
  });
  router.get('/v1/api/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  const page = renderDocsPage(openapi);
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    ctx.body = page;
  });
}
