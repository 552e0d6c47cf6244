/**
 * Blog shapes (our own design).
 * Article: `id, titre, slug, extrait, contenu, categorie, status, publishedAt, coverUrl,
 * coverVariants`; comment: `id, articleId, content, authorName, createdAt` (+ `hidden,
 * reportCount` for administrators).
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';

export { AdminComment, Comment } from '../../domain/shapes/blog.ts';

export const SLUG_SCHEMA = Type.String({
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  maxLength: 200,
  description: 'lowercase letters, digits, single hyphens',
});

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

export const ArticleBody = Type.Object({
  titre: Type.String({ minLength: 1, maxLength: 250 }),
  slug: Type.Optional(SLUG_SCHEMA),
  contenu: Type.String({ minLength: 1, maxLength: 5_000_000 }),
  categorie: Type.String({ minLength: 1, maxLength: 100 }),
  extrait: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});

export const ArticleEditBody = Type.Object(
  {
    titre: Type.Optional(Type.String({ minLength: 1, maxLength: 250 })),
    slug: Type.Optional(SLUG_SCHEMA),
    contenu: Type.Optional(Type.String({ minLength: 1, maxLength: 5_000_000 })),
    categorie: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    extrait: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { minProperties: 1 },
);
