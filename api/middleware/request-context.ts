/**
 * First middleware: a request id on every response and log line, one JSON log line per request
 * (method, path, status, duration; never headers or bodies, so no secret reaches the logs).
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../../lib/logger.ts';

/**
 * The request's logger, made when it first logs: most requests log nothing but their line, which
 * a disabled level drops, and making a child per request was a measurable share of a cached GET.
 */
function lazyChild(logger: Logger, bindings: { requestId: string }): Logger {
  let child: Logger | undefined;
  return new Proxy(logger, {
    get(_target, key) {
      child ??= logger.child(bindings);
      const value: unknown = Reflect.get(child, key, child);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(child) : value;
    },
  });
}

/** The request's id: the caller's X-Request-Id when it is a plain token of 1 to 64 characters, else a new UUID. */
export function requestIdOf(ctx: Koa.Context): string {
  const incoming = ctx.get('X-Request-Id');
  return /^[A-Za-z0-9._-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** The request's log line (method, path, status, duration); the caller checks the level first. */
export function logRequest(log: Logger, ctx: Koa.Context, started: bigint): void {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  log.info(
    { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
    'request',
  );
}

export function requestContext(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const requestId = requestIdOf(ctx);
    ctx.state.requestId = requestId;
    ctx.state.log = lazyChild(logger, { requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // The parent's level: asking the lazy child would make it.
      if (logger.isLevelEnabled('info')) logRequest(ctx.state.log as Logger, ctx, started);
    }
  };
}
