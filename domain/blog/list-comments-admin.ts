/**
 * GET /admin/blog/comments: comments of every article with their moderation state. `flagged=true`
 * keeps the comments hidden by reports (awaiting a decision), `flagged=false` the visible ones;
 * `articleId` narrows to one article. Newest first; `sort=reportCount,desc` puts the most reported first.
 */
import type { Ctx } from '../context.ts';
import { pageOf, pageRequest, paginate, type Page, type ListInput } from '../shared/index.ts';
import { toAdminCommentView, type AdminCommentView } from './comment-view.ts';
import { BlogComment } from '../../models/blog-comment.ts';

export const ADMIN_COMMENT_SORTS = { createdAt: 'createdAt', reportCount: 'reportCount', id: 'id' };

export async function listCommentsAdmin(
  ctx: Ctx,
  input: ListInput & { flagged?: boolean; articleId?: number },
): Promise<Page<AdminCommentView>> {
  const req = pageRequest(input, ADMIN_COMMENT_SORTS, [{ column: 'createdAt', direction: 'desc' }]);
  const query = BlogComment.query(ctx.db).select(
    'id',
    'articleId',
    'content',
    'authorName',
    'createdAt',
    'hidden',
    'reportCount',
  );
  if (input.flagged !== undefined) query.where({ hidden: input.flagged });
  if (input.articleId) query.where({ articleId: input.articleId });
  const { rows, total } = await paginate<AdminCommentView>(query.toKnexQuery(), req, 'id');
  return pageOf(rows.map(toAdminCommentView), total, req);
}
