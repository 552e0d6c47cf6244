/**
 * After a successful write (any method but GET, HEAD, OPTIONS), the instance marks its search
 * index: its next search reads the search journal first, so the instance that made a change
 * answers with it at once, and the others within their poll interval. The write itself pays
 * nothing (applying stays a few statements).
 */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import { isSuccessfulWrite } from '../http/successful-write.ts';

export function searchReadYourWrites(deps: AppDeps): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (isSuccessfulWrite(ctx)) deps.search.markWritten();
  };
}
