/** The process's search index, as a use case reaches it through its context. */
import type { Ctx } from '../context.ts';
import type { SearchIndex } from './search-index.ts';
import { ServiceUnavailableError } from '../errors.ts';

export async function readySearch(ctx: Ctx): Promise<SearchIndex> {
  if (!ctx.search) throw new ServiceUnavailableError();
  await ctx.search.beforeRead();
  return ctx.search;
}
