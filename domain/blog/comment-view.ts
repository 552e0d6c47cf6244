/**
 * A blog comment (our own design): `id, articleId, content, authorName,
 * createdAt`; the admin view adds `hidden` and `reportCount`. Neither shows the author's account.
 */
export interface CommentView {
  id: number;
  articleId: number;
  content: string;
  authorName: string | null;
  createdAt: Date;
}

export interface AdminCommentView extends CommentView {
  hidden: boolean;
  reportCount: number;
}

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
