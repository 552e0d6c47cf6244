/**
 * POST /admin/blog/articles/{id}/unpublish: PUBLISHED -> DRAFT (publishedAt cleared; a later
 * publish dates it anew); else 409 INVALID_TRANSITION. Its comments stay, out of public view.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { loadArticle, type ArticleView } from './article-view.ts';
import { BlogArticle } from '../../models/blog-article.ts';

export async function unpublishArticle(ctx: Ctx, input: { articleId: number }): Promise<ArticleView> {
  return inTransaction(ctx, async (t) => {
    await loadArticle(t.db, input.articleId, t.config.publicUrl);
    const now = t.clock.now();
    const n = await BlogArticle.query(t.db)
      .where({ id: input.articleId, status: 'PUBLISHED' })
      .patch({ status: 'DRAFT', publishedAt: null, updatedAt: now });
    if (n !== 1)
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual('L’article n’est pas publié', 'The article is not published'),
      );
    await recordAudit(t, 'blog.article.unpublished', { type: 'blog_article', id: input.articleId });
    return loadArticle(t.db, input.articleId, t.config.publicUrl);
  });
}
