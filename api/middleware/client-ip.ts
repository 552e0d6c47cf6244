/** Resolves the client address once per request (see api/http/client-ip.ts for the rules). */
import type { Socket } from 'node:net';
import type Koa from 'koa';
import type { Config } from '../../lib/config.ts';
import { parseCidrs, resolveClientIp } from '../http/client-ip.ts';

/** Distinct (peer, forwarding headers) answers remembered; the memo starts again when full. */
const HEADER_MEMO_SIZE = 10_000;

/** The client address of a request, remembered per connection or per forwarding headers. */
export type ClientIpResolver = (ctx: Koa.Context) => string;

export function clientIpResolver(config: Config): ClientIpResolver {
  const trusted = parseCidrs(config.trustedProxies);
  const opts = { cloudflare: config.cloudflare };
  // Without forwarding headers the answer depends on the socket alone: parse its address once
  // per connection, not on every request of a keep-alive connection (a measurable CPU cost).
  const bySocket = new WeakMap<Socket, string>();
  // Behind a proxy, the same few headers come back with each client's requests: their answer is a
  // function of the peer and the two headers, remembered for the last few thousand (parsing them
  // took about 5 % of the CPU of a cached GET under load).
  const byHeaders = new Map<string, string>();
  return (ctx) => {
    const socket = ctx.req.socket;
    const cfConnectingIp = ctx.get('CF-Connecting-IP') || undefined;
    const forwardedFor = ctx.get('X-Forwarded-For') || undefined;
    if (!cfConnectingIp && !forwardedFor) {
      let ip = bySocket.get(socket);
      if (ip === undefined) {
        ip = resolveClientIp(socket.remoteAddress ?? '', {}, trusted);
        bySocket.set(socket, ip);
      }
      return ip;
    }
    const peer = socket.remoteAddress ?? '';
    const key = `${peer}|${cfConnectingIp ?? ''}|${forwardedFor ?? ''}`;
    let ip = byHeaders.get(key);
    if (ip === undefined) {
      ip = resolveClientIp(peer, { cfConnectingIp, forwardedFor }, trusted, opts);
      if (byHeaders.size >= HEADER_MEMO_SIZE) byHeaders.clear();
      byHeaders.set(key, ip);
    }
    return ip;
  };
}

export function clientIp(resolve: ClientIpResolver): Koa.Middleware {
  return async (ctx, next) => {
    ctx.state.clientIp = resolve(ctx);
    await next();
  };
}

export function clientIpOf(ctx: Koa.Context): string | null {
  return (ctx.state.clientIp as string | undefined) ?? null;
}
