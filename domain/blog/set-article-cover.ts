/**
 * POST /admin/blog/articles/{id}/cover: a JPEG, PNG or WebP image (checked from its bytes, at
 * most 10 MB) stored with resized copies 600/1200/1920 px wide (never upscaled). The previous
 * cover file is deleted once the new one is in place.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { storeUpload, type IncomingFile, COVER_SIZES, MIME } from '../files/index.ts';
import { loadArticle, type ArticleView } from './article-view.ts';
import { removeStoredFile } from './remove-stored-file.ts';
import { BlogArticle } from '../../models/blog-article.ts';

export const COVER_MAX_BYTES = 10 * 1024 * 1024;

export async function setArticleCover(
  ctx: Ctx,
  input: { articleId: number; file: IncomingFile | null },
): Promise<ArticleView> {
  await loadArticle(ctx.db, input.articleId, ctx.config.publicUrl);
  const stored = await storeUpload(ctx, input.file, {
    purpose: 'BLOG_COVER',
    ownerAccountId: ctx.actor.type === 'account' ? ctx.actor.id : null,
    allowed: [MIME.jpeg, MIME.png, MIME.webp],
    maxBytes: COVER_MAX_BYTES,
    variantWidths: COVER_SIZES,
  });
  let previous: number | null;
  try {
    previous = await inTransaction(ctx, async (t) => {
      const row = await BlogArticle.query(t.db).findById(input.articleId).forUpdate().select('coverFileId');
      if (!row) throw new NotFoundError('Article');
      await BlogArticle.query(t.db)
        .findById(input.articleId)
        .patch({ coverFileId: stored.id, updatedAt: t.clock.now() });
      await recordAudit(
        t,
        'blog.article.cover_set',
        { type: 'blog_article', id: input.articleId },
        { fileId: stored.id },
      );
      return row.coverFileId;
    });
  } catch (err) {
    // The article vanished meanwhile: the new file would be an orphan.
    await removeStoredFile(ctx, stored.id);
    throw err;
  }
  if (previous && previous !== stored.id) await removeStoredFile(ctx, previous);
  return loadArticle(ctx.db, input.articleId, ctx.config.publicUrl);
}
