/**
 * Outside /v1/api: GET / (where to go: someone who opens the API's address in a browser),
 * GET /health (process up), GET /ready (database reachable, 503 otherwise), GET /docs (the
 * interactive reference, Swagger UI), and the document itself.
 */
import type Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { mountDocsPage } from './docs-page.ts';

export function mountSystemRoutes(router: Router, deps: AppDeps, openapi: Record<string, unknown>): void {
  router.get('/', (ctx) => {
    ctx.body = {
      name: 'recrutement',
      docs: '/docs',
      openapi: '/v1/api/openapi.json',
      api: '/v1/api',
      health: '/health',
      ready: '/ready',
    };
  });
  router.get('/health', (ctx) => {
    ctx.body = { status: 'UP', timestamp: deps.clock.now().toISOString() };
  });
  router.get('/ready', async (ctx) => {
    try {
      await deps.db.raw('SELECT 1');
      if (!deps.search.ready) {
        ctx.status = 503;
        ctx.body = {
          status: 'NOT_READY',
          database: 'UP',
          searchIndex: 'BUILDING',
          timestamp: deps.clock.now().toISOString(),
        };
        return;
      }
      ctx.body = {
        status: 'READY',
        database: 'UP',
        searchIndex: 'UP',
        timestamp: deps.clock.now().toISOString(),
      };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'NOT_READY', database: 'DOWN', timestamp: deps.clock.now().toISOString() };
    }
  });
  router.get('/v1/api/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  mountDocsPage(router);
}
