/** The process's search index, as a use case reaches it through its context. */
import type { Ctx } from '../context.ts';
import { ServiceUnavailableError } from '../errors.ts';
import type { SearchReplica } from './search-replica.ts';

export async function readySearch(ctx: Ctx): Promise<SearchReplica> {
  if (!ctx.search) throw new ServiceUnavailableError();
  await ctx.search.beforeRead();
  return ctx.search;
}
