/**
 * POST /blog/articles/{slug}/comments {content}: any signed-in user comments a published article;
 * the comment is public at once (moderation happens after, through reports). The author's name
 * is copied from the profile, so the comment keeps it if the account goes.
 */
import type { Ctx } from '../context.ts';
import { bilingual, UnauthorizedError } from '../errors.ts';
import { displayNameOf } from '../accounts/index.ts';
import { requiredText } from './article-fields.ts';
import { toCommentView, type CommentView } from './comment-view.ts';
import { publishedArticleId } from './published-article-id.ts';
import { BlogComment } from '../../models/blog-comment.ts';

export async function addComment(ctx: Ctx, input: { slug: string; content: string }): Promise<CommentView> {
  if (ctx.actor.type !== 'account')
    throw new UnauthorizedError(bilingual('Connectez-vous pour commenter', 'Sign in to comment'));
  const content = requiredText(input.content, 'content');
  const articleId = await publishedArticleId(ctx.db, input.slug);
  const person = await displayNameOf(ctx.db, ctx.actor.id);
  const now = ctx.clock.now();
  const comment = await BlogComment.query(ctx.db).insert({
    articleId,
    accountId: ctx.actor.id,
    authorName: person ? `${person.prenom} ${person.nom}`.trim() : null,
    content,
    hidden: false,
    reportCount: 0,
    createdAt: now,
    updatedAt: now,
  });
  return toCommentView(comment);
}
