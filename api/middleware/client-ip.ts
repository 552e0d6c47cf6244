/** Resolves the client address once per request (see api/http/client-ip.ts for the rules). */
import type { Socket } from 'node:net';
import type Koa from 'koa';
import type { Config } from '../../lib/config.ts';
import { parseCidrs, resolveClientIp } from '../http/client-ip.ts';

/** Distinct (peer, forwarding headers) answers remembered; the memo starts again when full. */
const HEADER_MEMO_SIZE = 10_000;

export function clientIp(config: Config): Koa.Middleware {
  const trusted = parseCidrs(config.trustedProxies);
  const opts = { cloudflare: config.cloudflare };
  // Without forwarding headers the answer depends on the socket alone: parse its address once
  // per connection, not on every request of a keep-alive connection (a measurable CPU cost).
  const bySocket = new WeakMap<Socket, string>();
  // Behind a proxy, the same few headers come back with each client's requests: their answer is a
  // function of the peer and the two headers, remembered for the last few thousand (parsing them
  // took about 5 % of the CPU of a cached GET under load).
  const byHeaders = new Map<string, string>();
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
      const peer = socket.remoteAddress ?? '';
      const key = `${peer}|${cfConnectingIp ?? ''}|${forwardedFor ?? ''}`;
      let ip = byHeaders.get(key);
      if (ip === undefined) {
        ip = resolveClientIp(peer, { cfConnectingIp, forwardedFor }, trusted, opts);
        if (byHeaders.size >= HEADER_MEMO_SIZE) byHeaders.clear();
        byHeaders.set(key, ip);
      }
      ctx.state.clientIp = ip;
    }
    await next();
  };
}

export function clientIpOf(ctx: Koa.Context): string | null {
  return (ctx.state.clientIp as string | undefined) ?? null;
}
