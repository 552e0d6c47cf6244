/** GET /public/blog/articles/{slug}/comments: visible comments of a published article, oldest first. */
import type { Ctx } from '../context.ts';
import { pageOf, pageRequest, paginate, type Page, type ListInput } from '../shared/index.ts';
import { COMMENT_COLUMNS, toCommentView, type CommentView } from './comment-view.ts';
import { publishedArticleId } from './published-article-id.ts';
import { BlogComment } from '../../models/blog-comment.ts';

export const PUBLIC_COMMENT_SORTS = { createdAt: 'createdAt' };

export async function listVisibleComments(
  ctx: Ctx,
  input: ListInput & { slug: string },
): Promise<Page<CommentView>> {
  // id breaks ties the same way, so comments of one millisecond keep their order.
  const req = pageRequest(input, PUBLIC_COMMENT_SORTS, [
    { column: 'createdAt', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ]);
  const articleId = await publishedArticleId(ctx.db, input.slug);
  const query = BlogComment.query(ctx.db)
    .where({ articleId, hidden: false })
    .select(...COMMENT_COLUMNS);
  const { rows, total } = await paginate<CommentView>(query.toKnexQuery(), req, 'id');
  return pageOf(rows.map(toCommentView), total, req);
}
