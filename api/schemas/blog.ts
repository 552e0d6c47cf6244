/**
 * Blog shapes (our own design). The article and comment answers are defined once in
 * domain/shapes/blog.ts and re-exported here; the bodies of article writes are below.
 */
import Type from 'typebox';
import { Nullable } from './common.ts';

export { AdminComment, Article, Comment } from '../../domain/shapes/blog.ts';

export const SLUG_SCHEMA = Type.String({
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  maxLength: 200,
  description: 'lowercase letters, digits, single hyphens',
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
