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
import { ConflictError, NotFoundError, UnauthorizedError } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';

/** Hidden when reports exceed this number (reported more than 3 times). */
export const FLAG_THRESHOLD = 3;

const alreadyReported = () => new ConflictError('ALREADY_REPORTED', 'You have already reported this comment');

export async function reportComment(
  ctx: Ctx,
  input: { commentId: number; reason?: string | null },
): Promise<{ commentId: number; reported: true }> {
  const actor = ctx.actor;
  if (actor.type !== 'account') throw new UnauthorizedError('Sign in to report a comment');
  try {
    return await inTransaction(ctx, async (t) => {
      const comment = (await t
        .db('blogComments')
        .where({ id: input.commentId })
        .forUpdate()
        .first('id', 'articleId', 'hidden', 'reportCount')) as
        { id: number; articleId: number; hidden: boolean; reportCount: number } | undefined;
      const article = comment
        ? ((await t.db('blogArticles').where({ id: comment.articleId }).first('status', 'slug')) as {
            status: string;
            slug: string;
          })
        : null;
      if (!comment || article?.status !== 'PUBLISHED') throw new NotFoundError('Comment');
      if (await t.db('blogCommentReports').where({ commentId: comment.id, accountId: actor.id }).first('id'))
        throw alreadyReported();
      const now = t.clock.now();
      await t.db('blogCommentReports').insert({
        commentId: comment.id,
        accountId: actor.id,
        reason: input.reason?.trim() || null,
        createdAt: now,
      });
      const reportCount = Number(comment.reportCount) + 1;
      const flag = !comment.hidden && reportCount > FLAG_THRESHOLD;
      await t
        .db('blogComments')
        .where({ id: comment.id })
        .update({ reportCount, ...(flag ? { hidden: true } : {}), updatedAt: now });
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
