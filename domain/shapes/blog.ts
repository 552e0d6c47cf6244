/**
 * Blog shapes: the article as every route shows it (`id, titre, slug, extrait, contenu, categorie,
 * status, publishedAt, coverUrl, coverVariants, createdAt, updatedAt`; its static type is the
 * domain's ArticleView) and a comment (`id, articleId, content, authorName, createdAt`; the admin
 * view adds `hidden` and `reportCount`), whose static types are the domain's comment views.
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';

export const Article = Type.Object({
  id: Type.Integer(),
  titre: Type.String(),
  slug: Type.String(),
  extrait: Nullable(Type.String()),
  contenu: Type.String(),
  categorie: Type.String(),
  status: StringEnum(['DRAFT', 'PUBLISHED']),
  publishedAt: Nullable(DateTime),
  coverUrl: Nullable(Type.String({ description: 'the original cover image' })),
  coverVariants: Nullable(
    Type.Record(Type.String(), Type.String(), {
      description: 'width ("600", "1200", "1920") -> URL of the resized copy (never upscaled)',
    }),
  ),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const Comment = Type.Object({
  id: Type.Integer(),
  articleId: Type.Integer(),
  content: Type.String(),
  authorName: Nullable(Type.String()),
  createdAt: DateTime,
});

export const AdminComment = Type.Object({
  id: Type.Integer(),
  articleId: Type.Integer(),
  content: Type.String(),
  authorName: Nullable(Type.String()),
  createdAt: DateTime,
  hidden: Type.Boolean({ description: 'true once reported more than 3 times, until approved' }),
  reportCount: Type.Integer(),
});
