/**
 * After a successful write (any method but GET, HEAD, OPTIONS), the instance marks its search
 * index: its next search reads the search journal first, so the instance that made a change
 * answers with it at once, and the others within their poll interval. The write itself pays
 * nothing (applying stays a few statements). A write that changes no public answer
 * (RouteDef.leavesPublicAnswers: logins, applications) leaves the index and the search pages it
 * keeps alone: marking moves the index's generation, and every kept page would be made afresh.
 */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import { isSuccessfulWrite } from '../http/successful-write.ts';

export function searchReadYourWrites(deps: AppDeps): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (isSuccessfulWrite(ctx) && !ctx.state.leavesPublicAnswers) deps.search.markWritten();
  };
}
