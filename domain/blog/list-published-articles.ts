/** GET /public/blog/articles: published articles, newest first, filtered by `category` and `q` (title, excerpt, text). */
import type { Ctx } from '../context.ts';
import {
  pageOf,
  pageRequest,
  paginate,
  type Page,
  containsPattern,
  type ListInput,
} from '../shared/index.ts';
import { articleRowsQuery, toArticleView, type ArticleRow, type ArticleView } from './article-view.ts';

export const PUBLIC_ARTICLE_SORTS = { publishedAt: 'b.publishedAt', titre: 'b.titre' };

export async function listPublishedArticles(
  ctx: Ctx,
  input: ListInput & { category?: string; q?: string },
): Promise<Page<ArticleView>> {
  const req = pageRequest(input, PUBLIC_ARTICLE_SORTS, [{ column: 'b.publishedAt', direction: 'desc' }]);
  const query = articleRowsQuery(ctx.db).where('b.status', 'PUBLISHED');
  if (input.category?.trim()) query.where('b.categorie', input.category.trim());
  if (input.q?.trim()) {
    const like = containsPattern(input.q);
    query.where((w) => {
      w.where('b.titre', 'like', like).orWhere('b.extrait', 'like', like).orWhere('b.contenu', 'like', like);
    });
  }
  const { rows, total } = await paginate<ArticleRow>(query.toKnexQuery(), req, 'b.id');
  return pageOf(
    rows.map((r) => toArticleView(r, ctx.config.publicUrl)),
    total,
    req,
  );
}
