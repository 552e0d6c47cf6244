/**
 * POST /blog/comments/{id}/report {reason}: one report per user and comment (409
 * ALREADY_REPORTED). When a comment gets more than 3 reports it is hidden and
 * `blog.comment.flagged` is recorded, exactly once: the comment row is locked
 * (SELECT ... FOR UPDATE) for the whole transaction, so concurrent reports are counted one after
 * the other and only the one that crosses the threshold flags it. Reports on an already hidden
 * comment are still recorded (they help the moderator) without a second event.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError, NotFoundError, UnauthorizedError } from '../errors.ts';
import { recordEvent } from '../events/index.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { BlogArticle } from '../../models/blog-article.ts';
import { BlogComment } from '../../models/blog-comment.ts';
import { BlogCommentReport } from '../../models/blog-comment-report.ts';
import { reportFlagsComment } from './comment-flag.ts';

export { FLAG_THRESHOLD } from './comment-flag.ts';

const alreadyReported = () =>
  new ConflictError(
    'ALREADY_REPORTED',
    bilingual('Vous avez déjà signalé ce commentaire', 'You have already reported this comment'),
  );

export async function reportComment(
  ctx: Ctx,
  input: { commentId: number; reason?: string | null },
): Promise<{ commentId: number; reported: true }> {
  const actor = ctx.actor;
  if (actor.type !== 'account')
    throw new UnauthorizedError(
      bilingual('Connectez-vous pour signaler un commentaire', 'Sign in to report a comment'),
    );
  try {
    return await inTransaction(ctx, async (t) => {
      const comment = await BlogComment.query(t.db)
        .findById(input.commentId)
        .forUpdate()
        .select('id', 'articleId', 'hidden', 'reportCount');
      const article = comment
        ? await BlogArticle.query(t.db).findById(comment.articleId).select('status', 'slug')
        : null;
      if (!comment || article?.status !== 'PUBLISHED') throw new NotFoundError('Comment');
      const reported = await BlogCommentReport.query(t.db)
        .where({ commentId: comment.id, accountId: actor.id })
        .select('id')
        .first();
      if (reported) throw alreadyReported();
      const now = t.clock.now();
      await BlogCommentReport.query(t.db).insert({
        commentId: comment.id,
        accountId: actor.id,
        reason: input.reason?.trim() || null,
        createdAt: now,
      });
      const reportCount = Number(comment.reportCount) + 1;
      const flag = reportFlagsComment(reportCount, Boolean(comment.hidden));
      await BlogComment.query(t.db)
        .findById(comment.id)
        .patch({ reportCount, ...(flag ? { hidden: true } : {}), updatedAt: now });
      if (flag) {
        await recordEvent(t, 'blog.comment.flagged', {
          commentId: comment.id,
          articleId: comment.articleId,
          articleSlug: article.slug,
          reportCount,
        });
      }
      return { commentId: comment.id, reported: true as const };
    });
  } catch (err) {
    if (isDuplicateKeyError(err)) throw alreadyReported();
    throw err;
  }
}
