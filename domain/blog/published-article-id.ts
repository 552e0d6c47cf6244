/** The id of a published article by slug; comments of drafts are out of public reach (404). */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';

export async function publishedArticleId(db: Knex, slug: string): Promise<number> {
  const row = (await db('blogArticles').where({ slug, status: 'PUBLISHED' }).first('id')) as
    { id: number } | undefined;
  if (!row) throw new NotFoundError('Article');
  return row.id;
}
