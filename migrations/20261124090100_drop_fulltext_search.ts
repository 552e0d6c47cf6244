/**
 * Search and alert matching read the in-process index now (domain/search), so the FULLTEXT
 * indexes of offres and the short-token columns that complemented them are dropped: they cost
 * on every offer write and nothing reads them. down() restores the columns and indexes empty;
 * migration 20261121001700's backfill can refill the short-token columns.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

const FULLTEXT = [
  'ft_offres_titre',
  'ft_offres_competences',
  'ft_offres_description',
  'ft_offres_all',
  'ft_offres_titre_short',
  'ft_offres_competences_short',
  'ft_offres_description_short',
  'ft_offres_short_all',
];
const SHORT_COLUMNS = ['titre_short', 'competences_short', 'description_short'];

export async function up(knex: Knex): Promise<void> {
  for (const index of FULLTEXT) await knex.raw(`ALTER TABLE offres DROP INDEX IF EXISTS ${index}`);
  for (const column of SHORT_COLUMNS) await knex.raw(`ALTER TABLE offres DROP COLUMN IF EXISTS ${column}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const column of SHORT_COLUMNS) await knex.raw(`ALTER TABLE offres ADD COLUMN ${column} TEXT NULL`);
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_titre (titre)');
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_competences (competences_text)');
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_description (description)');
  await knex.raw(
    'ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_all (titre, competences_text, description)',
  );
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_titre_short (titre_short)');
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_competences_short (competences_short)');
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_description_short (description_short)');
  await knex.raw(
    'ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_short_all (titre_short, competences_short, description_short)',
  );
}
