/** GET /public/blog/categories: each category that a published article uses, once, sorted. */
import type { Ctx } from '../context.ts';
import { BlogArticle } from '../../models/blog-article.ts';

export async function listBlogCategories(ctx: Ctx): Promise<string[]> {
  const rows = await BlogArticle.query(ctx.db)
    .where({ status: 'PUBLISHED' })
    .distinct('categorie')
    .orderBy('categorie');
  return rows.map((r) => r.categorie);
}
