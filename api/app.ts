/**
 * createApp(deps): the Koa application with every middleware and route, without listening,
 * so tests mount it in-process with supertest and server.ts is the only place that listens.
 */
import Koa from 'koa';
import Router from '@koa/router';
import cors from '@koa/cors';
import type { AppDeps } from './deps.ts';
import { requestContext } from './middleware/request-context.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { language } from './i18n/language.ts';
import { compression } from './middleware/compression.ts';
import { authenticate } from './middleware/authenticate.ts';
import { clientIp, clientIpResolver } from './middleware/client-ip.ts';
import { replayAnswers } from './middleware/replay-answers.ts';
import { createRateLimit } from './middleware/rate-limit.ts';
import { representation } from './middleware/representation.ts';
import { segmentDispatch } from './http/segment-dispatch.ts';
import { mountRoutes } from './http/mount-routes.ts';
import { searchReadYourWrites } from './middleware/search-read-your-writes.ts';
import { allRoutes } from './routes/index.ts';
import { buildOpenApi } from './openapi.ts';
import { mountSystemRoutes } from './routes/system.ts';
import { mountPublicPages } from './pages/mount-pages.ts';
import { mountCrawlerFiles } from './routes/crawler-files.ts';
import type { RouteDef } from './http/route.ts';
import { createProcessCaches } from './process-caches.ts';
import { cacheReadYourWrites } from './middleware/cache-read-your-writes.ts';
import { answerCheck, type AnswerMismatch } from './http/answer-check.ts';
import { closestRoute } from './http/closest-route.ts';
import { createOAuthServer, OAUTH_LOGIN_ROUTE, OAUTH_TOKEN_ROUTE, type OAuthServer } from './oauth/index.ts';

export const API_PREFIX = '/v1/api';

export interface BuiltApp {
  app: Koa;
  routes: RouteDef[];
  openapi: Record<string, unknown>;
  /** The OAuth authorization server mounted under /oauth. */
  oauth: OAuthServer;
  /** Writes the rate-limit counts this process holds back to the shared store (at shutdown). */
  writeHeldBackCounts(): Promise<void>;
}

export interface AppOptions {
  /**
   * For the tests: every answer is checked against the OpenAPI document (status documented for its
   * route, body matching that status's schema) and each mismatch is reported here. Off in production.
   */
  onAnswerMismatch?: (mismatch: AnswerMismatch) => void;
}

export function createApp(given: AppDeps, options: AppOptions = {}): BuiltApp {
  const caches = given.caches ?? createProcessCaches(given);
  const deps: AppDeps = { ...given, caches };
  const app = new Koa({ proxy: false });
  // Errors after the answer started (a client closing a file download early) reach here, not the
  // error middleware; without a listener Koa prints them to stderr. Client aborts are routine.
  app.on('error', (err: Error & { code?: string }) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE')
      deps.logger.debug({ err }, 'client went away');
    else deps.logger.error({ err }, 'response error');
  });
  const routes = allRoutes(deps.config);
  const openapi = buildOpenApi(routes, deps.config.publicUrl);

  // One limiter: the pages and crawler files count in the same budgets as the API's routes, and a
  // replayed answer in its route's.
  const rateLimit = createRateLimit(deps);
  const resolveClientIp = clientIpResolver(deps.config);

  app.use(replayAnswers(deps, caches.replays, resolveClientIp, rateLimit));
  app.use(requestContext(deps.logger));
  app.use(securityHeaders());
  app.use(compression());
  app.use(language());
  // Inside compression and outside the error middleware: it sees the final status and body, errors included.
  if (options.onAnswerMismatch) app.use(answerCheck(openapi, API_PREFIX, options.onAnswerMismatch));
  app.use(errorHandler(closestRoute(API_PREFIX, routes)));
  app.use(
    cors({
      origin: (ctx) => {
        const allowed = deps.config.corsOrigins;
        const origin = ctx.get('Origin');
        if (allowed.includes('*')) return '*';
        return allowed.includes(origin) ? origin : '';
      },
      exposeHeaders: [
        'X-Request-Id',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
        'Deprecation',
        'Sunset',
        'Link',
        // A web frontend on another origin reads it to send If-None-Match itself.
        'ETag',
      ],
    }),
  );
  app.use(clientIp(resolveClientIp));
  // The OAuth server's sign-in page counts in the login budget; the limiter is built further down.
  let oauthLoginLimit: Koa.Middleware = (_ctx, next) => next();
  let oauthTokenLimit: Koa.Middleware = (_ctx, next) => next();
  const oauth = createOAuthServer(deps, {
    loginRateLimit: (ctx, next) => oauthLoginLimit(ctx, next),
    tokenRateLimit: (ctx, next) => oauthTokenLimit(ctx, next),
  });
  app.use(oauth.middleware);
  app.use(representation());
  app.use(authenticate(deps, caches.tokens));
  app.use(searchReadYourWrites(deps));
  app.use(cacheReadYourWrites(caches));

  oauthLoginLimit = rateLimit(OAUTH_LOGIN_ROUTE);
  oauthTokenLimit = rateLimit(OAUTH_TOKEN_ROUTE);
  // The API's routes first: most requests are theirs, and they skip the pages' and files' router.
  app.use(
    segmentDispatch(API_PREFIX, routes, (router, group) => mountRoutes(router, group, deps, rateLimit)),
  );
  const system = new Router();
  mountSystemRoutes(system, deps, openapi);
  mountPublicPages(system, deps, rateLimit);
  mountCrawlerFiles(system, deps, rateLimit);
  app.use(system.routes());
  app.use(system.allowedMethods());

  return { app, routes, openapi, oauth, writeHeldBackCounts: () => rateLimit.flush() };
}
