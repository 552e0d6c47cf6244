/**
 * Talent-pool imports keep warnings beside their errors: a value the import changed (an email
 * cleaned of `mailto:`, a second phone number moved to the notes) or an optional value it left
 * out (a phone Excel turned into 6.99999998E+08). The person is imported; `warnings` lists the
 * first 1,000 ({line, code, message}) and `warning_rows` counts the lines that had any.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.integer('warning_rows').unsigned().notNullable().defaultTo(0);
    t.json('warnings').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.dropColumn('warning_rows');
    t.dropColumn('warnings');
  });
}
