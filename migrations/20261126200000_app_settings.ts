/**
 * Settings one process of a deployment decides and the others read: the API records its public
 * URL at start, so the links the job runner and the CLI write point to the API (lib/public-url.ts).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('app_settings', (t) => {
    t.string('name', 64).primary();
    t.string('value', 2048).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('app_settings');
}
