/**
 * Every error and warning of a talent-pool import, one row each: the import's JSON lists keep the
 * first 1,000 for its view, this table keeps them all for its report (report.csv), whatever the
 * file's size. Written in the transaction of the batch that found them, so a resumed import never
 * writes one twice. `code` and `params` are what the sentence is made of, in the reader's language.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vivier_import_issues', (t) => {
    t.bigIncrements('id');
    t.bigInteger('import_id').unsigned().notNullable().references('vivier_imports.id').onDelete('CASCADE');
    t.integer('line').unsigned().notNullable();
    t.enu('kind', ['ERROR', 'WARNING']).notNullable();
    t.string('code', 64).notNullable();
    t.string('column_name', 32).nullable();
    t.json('params').nullable();
    t.string('message', 500).nullable();
    t.index(['import_id', 'line'], 'vivier_import_issues_import_line_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('vivier_import_issues');
}
