/**
 * POST /admin/blog/comments/{id}/approve: the comment is visible again and its reports are
 * cleared, so users may report it afresh if it deserves it.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { toAdminCommentView, type AdminCommentView } from './comment-view.ts';
import { BlogComment } from '../../models/blog-comment.ts';
import { BlogCommentReport } from '../../models/blog-comment-report.ts';

const COLUMNS = ['id', 'articleId', 'content', 'authorName', 'createdAt', 'hidden', 'reportCount'] as const;

export async function approveComment(ctx: Ctx, input: { commentId: number }): Promise<AdminCommentView> {
  return inTransaction(ctx, async (t) => {
    // Same lock as a report: a report racing the approval is counted before or after it, never lost in between.
    const before = await BlogComment.query(t.db)
      .findById(input.commentId)
      .forUpdate()
      .select(...COLUMNS);
    if (!before) throw new NotFoundError('Comment');
    const cleared = await BlogCommentReport.query(t.db).where({ commentId: before.id }).delete();
    await BlogComment.query(t.db)
      .findById(before.id)
      .patch({ hidden: false, reportCount: 0, updatedAt: t.clock.now() });
    await recordAudit(
      t,
      'blog.comment.approved',
      { type: 'blog_comment', id: before.id },
      { wasHidden: Boolean(before.hidden), clearedReports: cleared },
    );
    // The row is locked: it is what was read, with the changes just written.
    return { ...toAdminCommentView(before), hidden: false, reportCount: 0 };
  });
}
