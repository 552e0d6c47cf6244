/**
 * The search index's change journal and its synonyms.
 *
 * search_journal: one row for every change that can alter what the in-memory search index of a
 * process holds (an offer inserted, edited in an indexed field, published, archived, deleted; a
 * company changed; the synonyms; a rebuild asked by an operator). Every
 * API process reads it every second and reloads what changed, so all indexes stay within 2 s of
 * the database. Triggers write the offer and company rows, so no code path can forget to: the
 * API, the CLI, the jobs and a hand-written UPDATE all reach the journal. Every update of an
 * offer or a company is journaled, counters included: the processes also cache the views that
 * search pages show, and drop them when the journal names them.
 *
 * search_synonyms: groups of equivalent terms, a JSON array of strings each.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('search_journal', (t) => {
    t.bigIncrements('id');
    t.enu('kind', ['OFFRE', 'ENTREPRISE', 'SYNONYMS', 'REINDEX']).notNullable();
    t.bigInteger('ref_id').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.index(['created_at']);
  });
  await knex.schema.createTable('search_synonyms', (t) => {
    t.bigIncrements('id');
    t.json('terms').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
  });
  const journal = (kind: string, ref: string) =>
    `INSERT INTO search_journal (kind, ref_id) VALUES ('${kind}', ${ref})`;
  await knex.raw(`CREATE TRIGGER search_journal_offre_insert AFTER INSERT ON offres FOR EACH ROW
    ${journal('OFFRE', 'NEW.id')}`);
  await knex.raw(`CREATE TRIGGER search_journal_offre_update AFTER UPDATE ON offres FOR EACH ROW
    ${journal('OFFRE', 'NEW.id')}`);
  await knex.raw(`CREATE TRIGGER search_journal_offre_delete AFTER DELETE ON offres FOR EACH ROW
    ${journal('OFFRE', 'OLD.id')}`);
  await knex.raw(`CREATE TRIGGER search_journal_entreprise_update AFTER UPDATE ON entreprises FOR EACH ROW
    ${journal('ENTREPRISE', 'NEW.id')}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const trigger of [
    'search_journal_offre_insert',
    'search_journal_offre_update',
    'search_journal_offre_delete',
    'search_journal_entreprise_update',
  ])
    await knex.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
  await knex.schema.dropTableIfExists('search_synonyms');
  await knex.schema.dropTableIfExists('search_journal');
}
