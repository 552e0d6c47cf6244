/**
 * A blog comment (our own design): `id, articleId, content, authorName,
 * createdAt`; the admin view adds `hidden` and `reportCount`. Neither shows the author's account.
 * The types are the static types of the shapes in domain/shapes/blog.ts.
 */
import type { Static } from 'typebox';
import type { AdminComment, Comment } from '../shapes/index.ts';

export type CommentView = Static<typeof Comment>;

export type AdminCommentView = Static<typeof AdminComment>;

export const COMMENT_COLUMNS = ['id', 'articleId', 'content', 'authorName', 'createdAt'] as const;

export function toCommentView(r: CommentView): CommentView {
  return {
    id: r.id,
    articleId: r.articleId,
    content: r.content,
    authorName: r.authorName,
    createdAt: r.createdAt,
  };
}

export function toAdminCommentView(r: AdminCommentView): AdminCommentView {
  return { ...toCommentView(r), hidden: Boolean(r.hidden), reportCount: Number(r.reportCount) };
}
