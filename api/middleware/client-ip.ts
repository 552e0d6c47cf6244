/** Resolves the client address once per request (see api/http/client-ip.ts for the rules). */
import type Koa from 'koa';
import type { Config } from '../../lib/config.ts';
import { parseCidrs, resolveClientIp } from '../http/client-ip.ts';

export function clientIp(config: Config): Koa.Middleware {
  const trusted = parseCidrs(config.trustedProxies);
  return async (ctx, next) => {
    ctx.state.clientIp = resolveClientIp(
      ctx.req.socket.remoteAddress ?? '',
      {
        cfConnectingIp: ctx.get('CF-Connecting-IP') || undefined,
        forwardedFor: ctx.get('X-Forwarded-For') || undefined,
      },
      trusted,
    );
    await next();
  };
}

export function clientIpOf(ctx: Koa.Context): string | null {
  return (ctx.state.clientIp as string | undefined) ?? null;
}
