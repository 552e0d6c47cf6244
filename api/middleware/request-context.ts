/**
 * First middleware: a request id on every response and log line, one JSON log line per request
 * (method, path, status, duration; never headers or bodies, so no secret reaches the logs).
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../../lib/logger.ts';

export function requestContext(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = /^[A-Za-z0-9._-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      (ctx.state.log as Logger).info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
