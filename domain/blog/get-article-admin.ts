/** GET /admin/blog/articles/{id}: one article in any state. */
import type { Ctx } from '../context.ts';
import { loadArticle, type ArticleView } from './article-view.ts';

export async function getArticleAdmin(ctx: Ctx, input: { articleId: number }): Promise<ArticleView> {
  return loadArticle(ctx.db, input.articleId, ctx.config.publicUrl);
}
