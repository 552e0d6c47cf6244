/**
 * POST /admin/blog/comments/{id}/approve: the comment is visible again and its reports are
 * cleared, so users may report it afresh if it deserves it.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { toAdminCommentView, type AdminCommentView } from './comment-view.ts';

const COLUMNS = ['id', 'articleId', 'content', 'authorName', 'createdAt', 'hidden', 'reportCount'];

export async function approveComment(ctx: Ctx, input: { commentId: number }): Promise<AdminCommentView> {
  return inTransaction(ctx, async (t) => {
    // Same lock as a report: a report racing the approval is counted before or after it, never lost in between.
    const before = (await t
      .db('blogComments')
      .where({ id: input.commentId })
      .forUpdate()
      .first('id', 'hidden', 'reportCount')) as
      { id: number; hidden: boolean; reportCount: number } | undefined;
    if (!before) throw new NotFoundError('Comment');
    const cleared = await t.db('blogCommentReports').where({ commentId: before.id }).delete();
    await t
      .db('blogComments')
      .where({ id: before.id })
      .update({ hidden: false, reportCount: 0, updatedAt: t.clock.now() });
    await recordAudit(
      t,
      'blog.comment.approved',
      { type: 'blog_comment', id: before.id },
      { wasHidden: Boolean(before.hidden), clearedReports: cleared },
    );
    return toAdminCommentView(await t.db('blogComments').where({ id: before.id }).first(COLUMNS));
  });
}
