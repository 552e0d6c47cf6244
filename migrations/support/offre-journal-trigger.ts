/**
 * The search journal's UPDATE trigger on `offres` (migration 20261129090000): it journals an
 * offer's update unless only its pipeline counters changed. The compared columns are read from
 * the table, so the trigger is rebuilt by calling this again after adding a column to `offres`.
 */
import type { Knex } from 'knex';

/** Moved by applications and pipeline moves; no search answer depends on them. */
export const OFFRE_COUNTER_COLUMNS = [
  'total_candidatures',
  'nouveaux',
  'en_cours',
  'rencontres',
  'refuses',
  'embauches',
  'arencontrer',
] as const;

/** The columns of `offres` whose change is journalled: all but the counters. */
export async function journalledOffreColumns(knex: Knex): Promise<string[]> {
  const [rows] = (await knex.raw(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = DATABASE() AND table_name = 'offres' ORDER BY ordinal_position`,
  )) as [{ name: string }[]];
  const counters: readonly string[] = OFFRE_COUNTER_COLUMNS;
  return rows.map((r) => r.name).filter((name) => !counters.includes(name));
}

export async function journalOffreUpdates(knex: Knex): Promise<void> {
  const columns = await journalledOffreColumns(knex);
  const unchanged = columns.map((c) => `NEW.\`${c}\` <=> OLD.\`${c}\``).join(' AND ');
  await knex.raw('DROP TRIGGER IF EXISTS search_journal_offre_update');
  await knex.raw(`CREATE TRIGGER search_journal_offre_update AFTER UPDATE ON offres FOR EACH ROW
    IF NOT (${unchanged}) THEN
      INSERT INTO search_journal (kind, ref_id) VALUES ('OFFRE', NEW.id);
    END IF`);
}
