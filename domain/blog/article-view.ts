/**
 * A blog article as every route shows it (our own design, documented in OpenAPI): `id, titre,
 * slug, extrait, contenu, categorie, status, publishedAt, coverUrl, coverVariants, createdAt,
 * updatedAt`. `coverVariants` maps the widths 600/1200/1920 to URLs of the resized copies.
 */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { NotFoundError } from '../errors.ts';
import { fileUrl } from '../files/index.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import { BlogArticle } from '../../models/blog-article.ts';
import type { Article } from '../shapes/index.ts';

/** The article as the API shows it: the static type of its one schema. */
export type ArticleView = Static<typeof Article>;

export type ArticleStatus = ArticleView['status'];

export interface ArticleRow extends Omit<ArticleView, 'coverUrl' | 'coverVariants'> {
  coverFileId: number | null;
  coverVariants: string | Record<string, string> | null;
}

/**
 * The articles with the variants of their cover, in one query (the `cover` relation joined as `f`;
 * its JSON arrives as text through the join, so toArticleView parses it).
 */
export function articleRowsQuery(db: Knex) {
  return BlogArticle.query(db)
    .alias('b')
    .leftJoinRelated('cover', { alias: 'f' })
    .select(
      'b.id',
      'b.titre',
      'b.slug',
      'b.extrait',
      'b.contenu',
      'b.categorie',
      'b.status',
      'b.publishedAt',
      'b.coverFileId',
      'f.variants as coverVariants',
      'b.createdAt',
      'b.updatedAt',
    );
}

/** The article row of `query` (articleRowsQuery narrowed to one article), if any. */
export async function firstArticleRow(
  query: ReturnType<typeof articleRowsQuery>,
): Promise<ArticleRow | undefined> {
  return query.first().castTo<ArticleRow | undefined>();
}

export function toArticleView(r: ArticleRow, publicUrl: string): ArticleView {
  const stored = parseJsonColumn<Record<string, string>>(r.coverVariants);
  const coverVariants =
    r.coverFileId && stored
      ? Object.fromEntries(
          Object.keys(stored).map((w) => [w, fileUrl(publicUrl, r.coverFileId as number, w)]),
        )
      : null;
  return {
    id: r.id,
    titre: r.titre,
    slug: r.slug,
    extrait: r.extrait,
    contenu: r.contenu,
    categorie: r.categorie,
    status: r.status,
    publishedAt: r.publishedAt,
    coverUrl: r.coverFileId ? fileUrl(publicUrl, r.coverFileId) : null,
    coverVariants,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export async function loadArticle(db: Knex, id: number, publicUrl: string): Promise<ArticleView> {
  const row = await firstArticleRow(articleRowsQuery(db).where('b.id', id));
  if (!row) throw new NotFoundError('Article');
  return toArticleView(row, publicUrl);
}
