/** Whether the request was a write (any method but GET, HEAD, OPTIONS) that succeeded: the caches' read-your-writes. */
import type Koa from 'koa';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSuccessfulWrite(ctx: Koa.Context): boolean {
  return !READS.has(ctx.method) && ctx.status < 400;
}
