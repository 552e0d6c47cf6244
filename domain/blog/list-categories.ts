/** GET /public/blog/categories: the distinct categories of published articles, sorted. */
import type { Ctx } from '../context.ts';

export async function listBlogCategories(ctx: Ctx): Promise<string[]> {
  const rows = (await ctx
    .db('blogArticles')
    .where({ status: 'PUBLISHED' })
    .distinct('categorie')
    .orderBy('categorie')) as { categorie: string }[];
  return rows.map((r) => r.categorie);
}
