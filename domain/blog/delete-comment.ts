/** DELETE /admin/blog/comments/{id}: the comment and its reports; the audit entry keeps its text. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/record-audit.ts';

export async function deleteComment(ctx: Ctx, input: { commentId: number }): Promise<Record<string, never>> {
  return inTransaction(ctx, async (t) => {
    const comment = (await t
      .db('blogComments')
      .where({ id: input.commentId })
      .forUpdate()
      .first('id', 'articleId', 'content', 'reportCount')) as
      { id: number; articleId: number; content: string; reportCount: number } | undefined;
    if (!comment) throw new NotFoundError('Comment');
    await t.db('blogComments').where({ id: comment.id }).delete();
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
