/**
 * After a successful write (any method but GET, HEAD, OPTIONS) the instance that served it sees its
 * own change at once: no answer recorded before it is replayed (unless the route changes no public
 * answer: `leavesPublicAnswers`, logins and applications), the account's cached token lookups
 * are forgotten (a logout is refused on the next request), and after an administrator's write (the only ones who change reference data) the
 * next reference answer checks the versions first. Other instances follow within their bounds.
 */
import type Koa from 'koa';
import type { ProcessCaches } from '../process-caches.ts';
import { tokenAccountOf } from './authenticate.ts';
import { isSuccessfulWrite } from '../http/successful-write.ts';

export function cacheReadYourWrites(caches: ProcessCaches): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (!isSuccessfulWrite(ctx)) return;
    if (!ctx.state.leavesPublicAnswers) caches.replays.clear();
    const account = tokenAccountOf(ctx);
    if (!account) return;
    caches.tokens.evictAccount(account.id);
    if (account.role === 'ADMIN' || account.role === 'SUPER_ADMIN') caches.reference.markWritten();
  };
}
