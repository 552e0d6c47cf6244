/** DELETE /admin/blog/comments/{id}: the comment and its reports; the audit entry keeps its text. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { BlogComment } from '../../models/blog-comment.ts';

export async function deleteComment(ctx: Ctx, input: { commentId: number }): Promise<Record<string, never>> {
  return inTransaction(ctx, async (t) => {
    const comment = await BlogComment.query(t.db)
      .findById(input.commentId)
      .forUpdate()
      .select('id', 'articleId', 'content', 'reportCount');
    if (!comment) throw new NotFoundError('Comment');
    await BlogComment.query(t.db).deleteById(comment.id);
    await recordAudit(
      t,
      'blog.comment.deleted',
      { type: 'blog_comment', id: comment.id },
      {
        articleId: comment.articleId,
        content: comment.content.slice(0, 1000),
        reportCount: Number(comment.reportCount),
      },
    );
    return {};
  });
}
