/** GET /public/blog/articles/{slug}: a published article; a draft is a 404 like an unknown slug. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { articleRowsQuery, toArticleView, type ArticleRow, type ArticleView } from './article-view.ts';

export async function getPublishedArticle(ctx: Ctx, input: { slug: string }): Promise<ArticleView> {
  const row = (await articleRowsQuery(ctx.db)
    .where({ 'b.slug': input.slug, 'b.status': 'PUBLISHED' })
    .first()) as ArticleRow | undefined;
  if (!row) throw new NotFoundError('Article');
  return toArticleView(row, ctx.config.publicUrl);
}
