/** Resolves the client address once per request (see api/http/client-ip.ts for the rules). */
import type { Socket } from 'node:net';
import type Koa from 'koa';
import type { Config } from '../../lib/config.ts';
import { parseCidrs, resolveClientIp } from '../http/client-ip.ts';

export function clientIp(config: Config): Koa.Middleware {
  const trusted = parseCidrs(config.trustedProxies);
  const opts = { cloudflare: config.cloudflare };
  // Without forwarding headers the answer depends on the socket alone: parse its address once
  // per connection, not on every request of a keep-alive connection (a measurable CPU cost).
  const bySocket = new WeakMap<Socket, string>();
  return async (ctx, next) => {
    const socket = ctx.req.socket;
    const cfConnectingIp = ctx.get('CF-Connecting-IP') || undefined;
    const forwardedFor = ctx.get('X-Forwarded-For') || undefined;
    if (!cfConnectingIp && !forwardedFor) {
      let ip = bySocket.get(socket);
      if (ip === undefined) {
        ip = resolveClientIp(socket.remoteAddress ?? '', {}, trusted);
        bySocket.set(socket, ip);
      }
      ctx.state.clientIp = ip;
    } else {
      ctx.state.clientIp = resolveClientIp(
        socket.remoteAddress ?? '',
        { cfConnectingIp, forwardedFor },
        trusted,
        opts,
      );
    }
    await next();
  };
}

export function clientIpOf(ctx: Koa.Context): string | null {
  return (ctx.state.clientIp as string | undefined) ?? null;
}
