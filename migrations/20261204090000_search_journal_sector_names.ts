/**
 * A sector's name is a word of its companies' offers in search (domain/search/offre-texts.ts).
 * Renaming it changes no offer nor company row, so this trigger journals each company of the
 * sector, as the triggers on offres and entreprises journal theirs: every search index then reads
 * their offers again. A change of the description alone journals nothing.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TRIGGER search_journal_secteur_update AFTER UPDATE ON secteurs_activite FOR EACH ROW
    INSERT INTO search_journal (kind, ref_id)
    SELECT 'ENTREPRISE', e.id FROM entreprises e WHERE e.secteur_activite_id = NEW.id AND NOT (NEW.nom <=> OLD.nom)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS search_journal_secteur_update');
}
