/** Sectors and experience levels, keyed by name: running twice changes nothing. */
import type { Knex } from 'knex';
import { EXPERIENCE_LEVELS, SECTEURS } from './data/reference.ts';

export async function seedReferenceData(knex: Knex): Promise<void> {
  for (const s of SECTEURS) {
    const existing = await knex('secteursActivite').where({ nom: s.nom }).first('id');
    if (!existing) await knex('secteursActivite').insert(s);
  }
  for (const l of EXPERIENCE_LEVELS) {
    const existing = await knex('experienceLevels').where({ nom: l.nom }).first('id');
    if (!existing) await knex('experienceLevels').insert(l);
  }
}
