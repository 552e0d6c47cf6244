/**
 * First middleware: answers an anonymous public GET from the answer recorded for the same request
 * (api/http/answer-replays.ts), or lets it through the routes and records their answer. A replay
 * is counted by the route's rate limit like any request; when the limiter cannot count it without
 * waiting (a category counted exactly, a running block, the limit reached), the request goes
 * through the routes, which count it and refuse it if they must. A successful write through this
 * instance forgets every recorded answer, unless it changes no public answer
 * (cache-read-your-writes.ts).
 */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import { AnswerReplays, type Replay } from '../http/answer-replays.ts';
import { withTimestamp } from '../http/cacheable-answer.ts';
import { compressedAs } from './compression.ts';
import type { RateCategory } from '../rate-limit/category.ts';
import type { ClientIpResolver } from './client-ip.ts';
import type { RateLimit } from './rate-limit.ts';
import { logRequest, requestIdOf } from './request-context.ts';

/**
 * The bytes of a replay: with this request's envelope timestamp, compressed as the routes did.
 * An answer without timestamp is the same each time: compressed once.
 */
function replayBody(replay: Replay, deps: AppDeps): Buffer | string {
  const { bytes, timestamped } = replay.body;
  if (timestamped) {
    const body = withTimestamp(bytes as Buffer, deps.clock.now().toISOString());
    return replay.encoding ? compressedAs(replay.encoding, body) : body;
  }
  if (!replay.encoding) return bytes;
  replay.compressed ??= compressedAs(replay.encoding, bytes);
  return replay.compressed;
}

/**
 * Sends `replay` if the client's request can be counted now; false when it must go through the
 * routes. Written with one writeHead (the recorded headers, then this request's own), past Koa's
 * response object: the headers are known, nothing needs setting one by one.
 */
function sendReplay(
  ctx: Koa.Context,
  replay: Replay,
  deps: AppDeps,
  resolveIp: ClientIpResolver,
  rateLimit: RateLimit,
): boolean {
  const started = process.hrtime.bigint();
  const counted =
    replay.category === null ? 'exempt' : rateLimit.countIfAllowed(replay.category, resolveIp(ctx));
  if (counted === null) return false;
  const requestId = requestIdOf(ctx);
  const body = replayBody(replay, deps);
  const headers = ['X-Request-Id', requestId, ...replay.headers];
  if (counted !== 'exempt')
    headers.push(
      'X-RateLimit-Limit',
      String(counted.limit),
      'X-RateLimit-Remaining',
      String(counted.remaining),
      'X-RateLimit-Reset',
      counted.reset,
    );
  headers.push('Content-Length', String(Buffer.byteLength(body)));
  ctx.respond = false;
  ctx.res.writeHead(replay.status, headers);
  ctx.res.end(body);
  ctx.state.requestId = requestId;
  if (deps.logger.isLevelEnabled('info')) logRequest(deps.logger.child({ requestId }), ctx, started);
  return true;
}

export function replayAnswers(
  deps: AppDeps,
  replays: AnswerReplays,
  resolveIp: ClientIpResolver,
  rateLimit: RateLimit,
): Koa.Middleware {
  if (!replays.enabled) return (_ctx, next) => next();
  return async (ctx, next) => {
    const key = AnswerReplays.keyOf(ctx.method, ctx.url, ctx.req.headers);
    if (key !== null) {
      const replay = replays.get(key);
      if (replay && sendReplay(ctx, replay, deps, resolveIp, rateLimit)) {
        replays.hits += 1;
        return;
      }
    }
    await next();
    if (key !== null) replays.record(key, ctx, (ctx.state.rateCategory as RateCategory | undefined) ?? null);
  };
}
