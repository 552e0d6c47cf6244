/** DELETE /admin/blog/articles/{id}: the article, its comments and their reports (cascade), and its cover file. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { removeStoredFile } from './remove-stored-file.ts';

export async function deleteArticle(ctx: Ctx, input: { articleId: number }): Promise<Record<string, never>> {
  const coverFileId = await inTransaction(ctx, async (t) => {
    const article = (await t
      .db('blogArticles')
      .where({ id: input.articleId })
      .forUpdate()
      .first('id', 'slug', 'titre', 'coverFileId')) as
      { id: number; slug: string; titre: string; coverFileId: number | null } | undefined;
    if (!article) throw new NotFoundError('Article');
    await t.db('blogArticles').where({ id: article.id }).delete();
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
