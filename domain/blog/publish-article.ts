/** POST /admin/blog/articles/{id}/publish: DRAFT -> PUBLISHED, publishedAt = now; else 409 INVALID_TRANSITION. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { loadArticle, type ArticleView } from './article-view.ts';
import { BlogArticle } from '../../models/blog-article.ts';

export async function publishArticle(ctx: Ctx, input: { articleId: number }): Promise<ArticleView> {
  return inTransaction(ctx, async (t) => {
    await loadArticle(t.db, input.articleId, t.config.publicUrl);
    const now = t.clock.now();
    const n = await BlogArticle.query(t.db)
      .where({ id: input.articleId, status: 'DRAFT' })
      .patch({ status: 'PUBLISHED', publishedAt: now, updatedAt: now });
    if (n !== 1)
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual('L’article est déjà publié', 'The article is already published'),
      );
    await recordAudit(t, 'blog.article.published', { type: 'blog_article', id: input.articleId });
    return loadArticle(t.db, input.articleId, t.config.publicUrl);
  });
}
