/** GET /public/blog/articles/{slug}: a published article; a draft is a 404 like an unknown slug. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { articleRowsQuery, firstArticleRow, toArticleView, type ArticleView } from './article-view.ts';

export async function getPublishedArticle(ctx: Ctx, input: { slug: string }): Promise<ArticleView> {
  const row = await firstArticleRow(
    articleRowsQuery(ctx.db).where({ 'b.slug': input.slug, 'b.status': 'PUBLISHED' }),
  );
  if (!row) throw new NotFoundError('Article');
  return toArticleView(row, ctx.config.publicUrl);
}
