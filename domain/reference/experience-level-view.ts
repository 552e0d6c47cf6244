/** One experience level: `id, nom, ordre`. */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';
import type { ExperienceLevelView } from './read-reference.ts';

export async function loadExperienceLevel(db: Knex, id: number): Promise<ExperienceLevelView> {
  const row = (await db('experienceLevels').where({ id }).first('id', 'nom', 'ordre')) as
    ExperienceLevelView | undefined;
  if (!row) throw new NotFoundError('Experience level');
  return row;
}
