/**
 * The counters of the rate limits, shared by every API instance.
 * The layout is the one rate-limiter-flexible's RateLimiterMySQL reads and writes (`key`,
 * `points`, `expire` in that order: it inserts positionally); we create it here rather than let
 * the library create it at runtime, so the API never needs DDL rights.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    // '<category>:<ip>' or 'abuse:<ip>': ASCII only, so an ASCII primary key stays small.
    t.specificType('key', 'VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin').notNullable().primary();
    t.integer('points').notNullable().defaultTo(0);
    // Unix milliseconds; the library's periodic clean-up deletes by it.
    t.bigInteger('expire').unsigned().nullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
