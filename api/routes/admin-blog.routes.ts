/** Admin - Blog: articles, their cover image, comment moderation. Every change is audited. */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, PageQuery, pageOf, StringEnum } from '../schemas/common.ts';
import { AdminComment, Article, ArticleBody, ArticleEditBody } from '../schemas/blog.ts';
import { listArticlesAdmin } from '../../domain/blog/list-articles-admin.ts';
import { getArticleAdmin } from '../../domain/blog/get-article-admin.ts';
import { createArticle } from '../../domain/blog/create-article.ts';
import { updateArticle } from '../../domain/blog/update-article.ts';
import { deleteArticle } from '../../domain/blog/delete-article.ts';
import { publishArticle } from '../../domain/blog/publish-article.ts';
import { unpublishArticle } from '../../domain/blog/unpublish-article.ts';
import { COVER_MAX_BYTES, setArticleCover } from '../../domain/blog/set-article-cover.ts';
import { listCommentsAdmin } from '../../domain/blog/list-comments-admin.ts';
import { approveComment } from '../../domain/blog/approve-comment.ts';
import { deleteComment } from '../../domain/blog/delete-comment.ts';
import { LONG_TEXT_BODY_LIMIT } from '../http/body-limit.ts';
import { IMAGE_UPLOAD_NOTE, imageUploadErrors } from './image-upload-doc.ts';

const tag = 'Admin - Blog';
const ADMINS = ['ADMIN', 'SUPER_ADMIN'] as const;
const ById = Type.Object({ id: Id });

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/admin/blog/articles',
    tag,
    summary: 'Articles, drafts included',
    description:
      '`q` matches title, slug and excerpt. Sort fields: createdAt (default desc), updatedAt, publishedAt, titre, id.',
    access: ADMINS,
    envelope: false,
    query: Type.Object({
      ...PageQuery,
      status: Type.Optional(StringEnum(['DRAFT', 'PUBLISHED'])),
      category: Type.Optional(Type.String({ maxLength: 100 })),
      q: Type.Optional(Type.String({ maxLength: 200 })),
    }),
    response: pageOf(Article),
    handler: ({ ctx, query }) => listArticlesAdmin(ctx, query),
  }),
  route({
    method: 'post',
    path: '/admin/blog/articles',
    bodyLimit: LONG_TEXT_BODY_LIMIT,
    tag,
    summary: 'Create an article (DRAFT)',
    description:
      'Without `slug`, the slug is derived from `titre` (lowercase, accents folded: "Été à Douala" -> "ete-a-douala") and made unique with -2, -3 ...; a `slug` given and already used is 409 CONFLICT.',
    access: ADMINS,
    body: ArticleBody,
    response: Article,
    errors: { 409: 'CONFLICT (slug already used)' },
    handler: async ({ ctx, body }) => new Reply(await createArticle(ctx, body), 'Article created'),
  }),
  route({
    method: 'get',
    path: '/admin/blog/articles/{id}',
    tag,
    summary: 'One article, any state',
    access: ADMINS,
    params: ById,
    response: Article,
    handler: ({ ctx, params }) => getArticleAdmin(ctx, { articleId: params.id }),
  }),
  route({
    method: 'put',
    path: '/admin/blog/articles/{id}',
    bodyLimit: LONG_TEXT_BODY_LIMIT,
    tag,
    summary: 'Update an article',
    description:
      'Only the fields sent change. A new `titre` keeps the slug (links keep working); a new `slug` already used is 409 CONFLICT.',
    access: ADMINS,
    params: ById,
    body: ArticleEditBody,
    response: Article,
    errors: { 409: 'CONFLICT (slug already used)' },
    handler: async ({ ctx, params, body }) =>
      new Reply(await updateArticle(ctx, { articleId: params.id, ...body }), 'Article updated'),
  }),
  route({
    method: 'delete',
    path: '/admin/blog/articles/{id}',
    tag,
    summary: 'Delete an article',
    description: 'With its comments and cover image. Answers `data: {}`.',
    access: ADMINS,
    params: ById,
    response: Empty,
    handler: async ({ ctx, params }) =>
      new Reply(await deleteArticle(ctx, { articleId: params.id }), 'Article deleted'),
  }),
  route({
    method: 'post',
    path: '/admin/blog/articles/{id}/publish',
    tag,
    summary: 'Publish an article',
    description:
      'DRAFT -> PUBLISHED, `publishedAt` = now; an already published article is 409 INVALID_TRANSITION.',
    access: ADMINS,
    params: ById,
    response: Article,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params }) =>
      new Reply(await publishArticle(ctx, { articleId: params.id }), 'Article published'),
  }),
  route({
    method: 'post',
    path: '/admin/blog/articles/{id}/unpublish',
    tag,
    summary: 'Unpublish an article',
    description: 'PUBLISHED -> DRAFT, `publishedAt` cleared; a draft is 409 INVALID_TRANSITION.',
    access: ADMINS,
    params: ById,
    response: Article,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params }) =>
      new Reply(await unpublishArticle(ctx, { articleId: params.id }), 'Article unpublished'),
  }),
  route({
    method: 'post',
    path: '/admin/blog/articles/{id}/cover',
    tag,
    summary: 'Set the cover image',
    description:
      'multipart `file`: JPEG, PNG or WebP (checked from the bytes). Stored with WebP copies 600, 1200 and 1920 px wide (never upscaled), listed in `coverVariants`. Replaces (and deletes) the previous cover. ' +
      IMAGE_UPLOAD_NOTE,
    access: ADMINS,
    params: ById,
    upload: { maxBytes: COVER_MAX_BYTES },
    response: Article,
    errors: imageUploadErrors('cover over 10 MB'),
    handler: async ({ ctx, params, file }) =>
      new Reply(await setArticleCover(ctx, { articleId: params.id, file }), 'Cover updated'),
  }),
  route({
    method: 'get',
    path: '/admin/blog/comments',
    tag,
    summary: 'Comments with their moderation state',
    description:
      '`flagged=true`: comments hidden after more than 3 reports (awaiting a decision); `flagged=false`: visible ones. Sort fields: createdAt (default desc), reportCount, id.',
    access: ADMINS,
    envelope: false,
    query: Type.Object({
      ...PageQuery,
      flagged: Type.Optional(Type.Boolean()),
      articleId: Type.Optional(Id),
    }),
    response: pageOf(AdminComment),
    handler: ({ ctx, query }) => listCommentsAdmin(ctx, query),
  }),
  route({
    method: 'post',
    path: '/admin/blog/comments/{id}/approve',
    tag,
    summary: 'Approve a comment',
    description: 'Visible again, reports cleared (users may report it afresh).',
    access: ADMINS,
    params: ById,
    response: AdminComment,
    handler: async ({ ctx, params }) =>
      new Reply(await approveComment(ctx, { commentId: params.id }), 'Comment approved'),
  }),
  route({
    method: 'delete',
    path: '/admin/blog/comments/{id}',
    tag,
    summary: 'Delete a comment',
    description: 'With its reports. Answers `data: {}`.',
    access: ADMINS,
    params: ById,
    response: Empty,
    handler: async ({ ctx, params }) =>
      new Reply(await deleteComment(ctx, { commentId: params.id }), 'Comment deleted'),
  }),
]);
