/**
 * Why an import failed, as a code with its parameters ({code, params, removed?}), so that its view
 * says it in the reader's language; `failure_message` keeps the English sentence (older imports
 * have only that).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.json('failure').nullable().comment('{code, params, removed?}: domain/viviers/import-file-problems.ts');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.dropColumn('failure');
  });
}
