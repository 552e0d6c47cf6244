/**
 * Short words through the index: offres.titre_short, competences_short, description_short hold
 * the encoded 1-2 character words of titre, competences_text and description ("RH" ->
 * "zqrhqz", see migrations/support/short-tokens.ts), with a FULLTEXT index on each (per-field
 * ranking) and one over the three (the filter), like the long words' ft_offres_* indexes.
 * Before, a search or an alert on "RH" ran REGEXP over every published offer (~3 s on 100,000).
 *
 * Existing rows are backfilled in batches of primary keys, each batch its own statement and
 * commit (no migration-wide transaction: no huge undo log, no long lock), before the indexes are
 * built: InnoDB builds a FULLTEXT index over existing rows by sorting, far faster than updating
 * it row by row.
 */
import type { Knex } from 'knex';
import { shortTokens } from './support/short-tokens.ts';

export const config = { transaction: false };

const INDEXES: [string, string][] = [
  ['ft_offres_titre_short', 'titre_short'],
  ['ft_offres_competences_short', 'competences_short'],
  ['ft_offres_description_short', 'description_short'],
  ['ft_offres_short_all', 'titre_short, competences_short, description_short'],
];

interface SourceRow {
  id: number;
  titre: string | null;
  competencesText: string | null;
  description: string | null;
}

/** Fills the three columns of every offer from its texts; returns the number of rows written. */
export async function backfillShortTokens(knex: Knex, batchSize = 1000): Promise<number> {
  let lastId = 0;
  let written = 0;
  for (;;) {
    const rows = (await knex('offres')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(batchSize)
      .select('id', 'titre', 'competencesText', 'description')) as SourceRow[];
    if (rows.length === 0) return written;
    const bindings: (number | string)[] = [];
    const values = rows.map((r, i) => {
      bindings.push(r.id, shortTokens(r.titre), shortTokens(r.competencesText), shortTokens(r.description));
      return i === 0 ? 'SELECT ? AS id, ? AS t, ? AS c, ? AS d' : 'SELECT ?, ?, ?, ?';
    });
    await knex.raw(
      `UPDATE offres o JOIN (${values.join(' UNION ALL ')}) v ON v.id = o.id
       SET o.titre_short = v.t, o.competences_short = v.c, o.description_short = v.d`,
      bindings,
    );
    written += rows.length;
    lastId = rows[rows.length - 1].id;
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('offres', (t) => {
    t.text('titre_short').nullable().comment('encoded 1-2 character words of titre (short-tokens.ts)');
    t.text('competences_short').nullable().comment('encoded 1-2 character words of competences_text');
    t.text('description_short').nullable().comment('encoded 1-2 character words of description');
  });
  await backfillShortTokens(knex);
  // One FULLTEXT index per statement: InnoDB adds them in place only one at a time.
  for (const [name, columns] of INDEXES)
    await knex.raw(`ALTER TABLE offres ADD FULLTEXT INDEX ${name} (${columns})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES.slice().reverse()) await knex.raw(`ALTER TABLE offres DROP INDEX ${name}`);
  await knex.schema.alterTable('offres', (t) => {
    t.dropColumn('titre_short');
    t.dropColumn('competences_short');
    t.dropColumn('description_short');
  });
}
