/** The id of a published article by slug; comments of drafts are out of public reach (404). */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';
import { BlogArticle } from '../../models/blog-article.ts';

export async function publishedArticleId(db: Knex, slug: string): Promise<number> {
  const row = await BlogArticle.query(db).where({ slug, status: 'PUBLISHED' }).select('id').first();
  if (!row) throw new NotFoundError('Article');
  return row.id;
}
