/**
 * Article slugs: derived from the title with accents folded (slugify), made unique with -2, -3 ...
 * when the caller gives none; a given slug must have the slug shape and be free (409 CONFLICT).
 */
import type { Knex } from 'knex';
import { bilingual, ConflictError, inputError } from '../errors.ts';
import { BlogArticle } from '../../models/blog-article.ts';

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const SLUG_MAX_LENGTH = 200;

export const slugTaken = (slug: string) =>
  new ConflictError(
    'CONFLICT',
    bilingual(
      `Le slug « ${slug} » est déjà utilisé par un autre article`,
      `The slug "${slug}" is already used by another article`,
    ),
    'slug',
  );

export function checkSlugShape(slug: string): string {
  if (slug.length > SLUG_MAX_LENGTH || !new RegExp(SLUG_PATTERN).test(slug)) {
    throw inputError('Invalid slug', 'body.slug', 'format', { format: 'slug' });
  }
  return slug;
}

export async function isSlugFree(db: Knex, slug: string, exceptId?: number): Promise<boolean> {
  const q = BlogArticle.query(db).where({ slug }).select('id');
  if (exceptId) q.whereNot('id', exceptId);
  return !(await q.first());
}

/** `base`, else the first free `base-N` (N from 2). */
export async function firstFreeSlug(db: Knex, base: string): Promise<string> {
  // A slug is only [a-z0-9-] (checked above or made by slugify), so it holds no LIKE wildcard.
  const rows = await BlogArticle.query(db)
    .where('slug', base)
    .orWhere('slug', 'like', `${base}-%`)
    .select('slug');
  const used = new Set(rows.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
