/** GET /admin/blog/articles: every article, drafts included, filtered by `status`, `category` and `q`. */
import type { Ctx } from '../context.ts';
import {
  pageOf,
  pageRequest,
  paginate,
  type Page,
  containsPattern,
  type ListInput,
} from '../shared/index.ts';
import {
  articleRowsQuery,
  toArticleView,
  type ArticleRow,
  type ArticleStatus,
  type ArticleView,
} from './article-view.ts';

export const ADMIN_ARTICLE_SORTS = {
  createdAt: 'b.createdAt',
  updatedAt: 'b.updatedAt',
  publishedAt: 'b.publishedAt',
  titre: 'b.titre',
  id: 'b.id',
};

export async function listArticlesAdmin(
  ctx: Ctx,
  input: ListInput & { status?: ArticleStatus; category?: string; q?: string },
): Promise<Page<ArticleView>> {
  const req = pageRequest(input, ADMIN_ARTICLE_SORTS, [{ column: 'b.createdAt', direction: 'desc' }]);
  const query = articleRowsQuery(ctx.db);
  if (input.status) query.where('b.status', input.status);
  if (input.category?.trim()) query.where('b.categorie', input.category.trim());
  if (input.q?.trim()) {
    const like = containsPattern(input.q);
    query.where((w) => {
      w.where('b.titre', 'like', like).orWhere('b.slug', 'like', like).orWhere('b.extrait', 'like', like);
    });
  }
  const { rows, total } = await paginate<ArticleRow>(query.toKnexQuery(), req, 'b.id');
  return pageOf(
    rows.map((r) => toArticleView(r, ctx.config.publicUrl)),
    total,
    req,
  );
}
