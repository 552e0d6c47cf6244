/** DELETE /admin/blog/articles/{id}: the article, its comments and their reports (cascade), and its cover file. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { removeStoredFile } from './remove-stored-file.ts';
import { BlogArticle } from '../../models/blog-article.ts';

export async function deleteArticle(ctx: Ctx, input: { articleId: number }): Promise<Record<string, never>> {
  const coverFileId = await inTransaction(ctx, async (t) => {
    const article = await BlogArticle.query(t.db)
      .findById(input.articleId)
      .forUpdate()
      .select('id', 'slug', 'titre', 'coverFileId');
    if (!article) throw new NotFoundError('Article');
    await BlogArticle.query(t.db).deleteById(article.id);
    await recordAudit(
      t,
      'blog.article.deleted',
      { type: 'blog_article', id: article.id },
      { slug: article.slug, titre: article.titre },
    );
    return article.coverFileId;
  });
  if (coverFileId) await removeStoredFile(ctx, coverFileId);
  return {};
}
