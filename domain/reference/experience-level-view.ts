/** One experience level: `id, nom, ordre`. */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';
import type { ExperienceLevelView } from './read-reference.ts';
import { ExperienceLevel } from '../../models/experience-level.ts';

export async function loadExperienceLevel(db: Knex, id: number): Promise<ExperienceLevelView> {
  const row = await ExperienceLevel.query(db).findById(id).select('id', 'nom', 'ordre');
  if (!row) throw new NotFoundError('Experience level');
  return { id: row.id, nom: row.nom, ordre: row.ordre };
}
