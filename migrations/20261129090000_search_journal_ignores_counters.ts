/**
 * An application moves the offer's pipeline counters (total_candidatures, nouveaux, ...): with the
 * first trigger, every such UPDATE was journalled, so each application made every API process
 * reload that offer into its search index. The counters change no search answer; the views that
 * search pages show them in are cached for 2 s at most (domain/search/offre-view-cache.ts), which
 * bounds how late a count shows there.
 *
 * The trigger now journals an UPDATE only when a column other than the counters changed. The
 * columns it compares are read from the table when this migration runs; a later migration that
 * adds a column to `offres` must run `journalOffreUpdates` again (a test checks that the trigger
 * compares every column but the counters).
 */
import type { Knex } from 'knex';
import { journalOffreUpdates } from './support/offre-journal-trigger.ts';

export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await journalOffreUpdates(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS search_journal_offre_update');
  await knex.raw(`CREATE TRIGGER search_journal_offre_update AFTER UPDATE ON offres FOR EACH ROW
    INSERT INTO search_journal (kind, ref_id) VALUES ('OFFRE', NEW.id)`);
}
