/**
 * Secrets the processes of one deployment share and generate themselves: the JWT signing secret
 * when JWT_SECRET is not set (the first process to start writes a random one; the others read it).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('app_secrets', (t) => {
    t.string('name', 64).primary();
    t.string('value', 255).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('app_secrets');
}
