/**
 * Public Blog: categories, published articles
 * and their visible comments for everyone; commenting and reporting for any signed-in user.
 * Article and comment shapes: api/schemas/blog.ts.
 */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Id, PageQuery, pageOf } from '../schemas/common.ts';
import { Article, Comment } from '../schemas/blog.ts';
import { listPublishedArticles } from '../../domain/blog/list-published-articles.ts';
import { getPublishedArticle } from '../../domain/blog/get-published-article.ts';
import { listBlogCategories } from '../../domain/blog/list-categories.ts';
import { sendReferenceEnvelope } from '../http/reference-answer.ts';
import { listVisibleComments } from '../../domain/blog/list-visible-comments.ts';
import { addComment } from '../../domain/blog/add-comment.ts';
import { reportComment, FLAG_THRESHOLD } from '../../domain/blog/report-comment.ts';

const tag = 'Public Blog';
/** Articles change rarely: shared caches may keep them 5 minutes (comments: a minute). */
const BLOG_MAX_AGE = 300;
const SIGNED_IN = ['CANDIDAT', 'RECRUTEUR', 'ADMIN', 'SUPER_ADMIN'] as const;
const Slug = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 270 }) });

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/public/blog/articles',
    tag,
    summary: 'Published articles',
    description:
      '`category` is exact; `q` matches title, excerpt and text. Sort fields: publishedAt (default desc), titre.',
    access: 'public',
    publicCache: { maxAge: BLOG_MAX_AGE },
    sparseFields: true,
    envelope: false,
    query: Type.Object({
      ...PageQuery,
      category: Type.Optional(Type.String({ maxLength: 100 })),
      q: Type.Optional(Type.String({ maxLength: 200 })),
    }),
    response: pageOf(Article),
    handler: ({ ctx, query }) => listPublishedArticles(ctx, query),
  }),
  route({
    method: 'get',
    path: '/public/blog/categories',
    tag,
    summary: 'Distinct categories of published articles',
    access: 'public',
    publicCache: { maxAge: BLOG_MAX_AGE },
    response: Type.Array(Type.String()),
    handler: ({ ctx, koa, deps }) =>
      sendReferenceEnvelope(
        koa,
        deps,
        { kind: 'BLOG_CATEGORIES', key: 'categories', maxAge: BLOG_MAX_AGE },
        () => listBlogCategories(ctx),
      ),
  }),
  route({
    method: 'get',
    path: '/public/blog/articles/{slug}',
    tag,
    summary: 'One published article',
    description: 'A draft is a 404, like an unknown slug.',
    access: 'public',
    publicCache: { maxAge: BLOG_MAX_AGE },
    sparseFields: true,
    params: Slug,
    response: Article,
    handler: ({ ctx, params }) => getPublishedArticle(ctx, { slug: params.slug }),
  }),
  route({
    method: 'get',
    path: '/public/blog/articles/{slug}/comments',
    tag,
    summary: 'Visible comments of a published article',
    description: 'Hidden (reported) comments are left out. Sort fields: createdAt (default asc).',
    access: 'public',
    publicCache: { maxAge: 60 },
    envelope: false,
    params: Slug,
    query: Type.Object({ ...PageQuery }),
    response: pageOf(Comment),
    handler: ({ ctx, params, query }) => listVisibleComments(ctx, { ...query, slug: params.slug }),
  }),
  route({
    method: 'post',
    path: '/blog/articles/{slug}/comments',
    tag,
    summary: 'Comment a published article',
    description:
      'Any signed-in user; the comment is public at once. `authorName` is the author\'s "prenom nom".',
    access: SIGNED_IN,
    params: Slug,
    body: Type.Object({ content: Type.String({ minLength: 1, maxLength: 5000 }) }),
    response: Comment,
    handler: async ({ ctx, params, body }) =>
      new Reply(
        await addComment(ctx, {
          slug: params.slug,
          content: body.content,
        }),
        'Comment added',
      ),
  }),
  route({
    method: 'post',
    path: '/blog/comments/{id}/report',
    tag,
    summary: 'Report a comment',
    description: `One report per user and comment (409 ALREADY_REPORTED on a second). A comment with more than ${FLAG_THRESHOLD} reports is hidden at once and \`blog.comment.flagged\` is emitted, exactly once, until an administrator approves it.`,
    access: SIGNED_IN,
    params: Type.Object({ id: Id }),
    body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }),
    response: Type.Object({ commentId: Type.Integer(), reported: Type.Boolean() }),
    errors: { 409: 'ALREADY_REPORTED' },
    handler: async ({ ctx, params, body }) =>
      new Reply(
        await reportComment(ctx, {
          commentId: params.id,
          reason: body.reason,
        }),
        'Comment reported',
      ),
  }),
]);
