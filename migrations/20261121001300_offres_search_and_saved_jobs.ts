/**
 * Offers search and saved jobs:
 * - B-tree index on offres (status, titre): autocomplete of short prefixes (`LIKE 'de%'`) on
 *   published titles without a table scan;
 * - FULLTEXT index on entreprises.nom_entreprise: autocomplete of company names by word prefix;
 * - saved_jobs keeps a row when its offer is deleted (an admin may delete any offer), with a
 *   snapshot of the title and company, so the candidate's list shows the offer as DELETED
 *   instead of silently losing it: the foreign key to offres goes, the snapshot columns come.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('offres', (t) => {
    t.index(['status', 'titre'], 'offres_status_titre_index');
  });
  await knex.raw('ALTER TABLE entreprises ADD FULLTEXT INDEX ft_entreprises_nom (nom_entreprise)');
  await knex.schema.alterTable('saved_jobs', (t) => {
    t.dropForeign(['offre_id']);
    t.string('offre_titre', 200).nullable();
    t.string('entreprise_nom', 200).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DELETE FROM saved_jobs WHERE offre_id NOT IN (SELECT id FROM offres)');
  await knex.schema.alterTable('saved_jobs', (t) => {
    t.dropColumn('offre_titre');
    t.dropColumn('entreprise_nom');
    t.foreign('offre_id').references('offres.id').onDelete('CASCADE');
  });
  await knex.raw('ALTER TABLE entreprises DROP INDEX ft_entreprises_nom');
  await knex.schema.alterTable('offres', (t) => {
    t.dropIndex(['status', 'titre'], 'offres_status_titre_index');
  });
}
