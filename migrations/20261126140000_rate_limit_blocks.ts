/**
 * rate_limit_blocks: the blocks of clients, one row per (category, subject), shared by every API
 * instance. They replace the 24-hour block of a whole address on every route (the `abuse:<ip>`
 * keys of `rate_limits`, which expire by themselves and are then purged like any counter): a
 * block now covers one category and escalates (see api/rate-limit/escalation.ts).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_blocks', (t) => {
    // A RateCategory name, and an IPv4 address or an IPv6 /64 ('2001:db8:1:2::/64'): ASCII only.
    t.specificType('category', 'VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin').notNullable();
    t.specificType('subject', 'VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin').notNullable();
    t.primary(['category', 'subject']);
    // Answers 429 counted since the strike window opened; the window ends at strikes_until.
    t.integer('strikes').unsigned().notNullable().defaultTo(0);
    t.datetime('strikes_until', { precision: 3 }).nullable();
    // Blocks in the current escalation (1: the first), and the end of the current or last one.
    t.integer('level').unsigned().notNullable().defaultTo(0);
    t.datetime('blocked_until', { precision: 3 }).nullable();
    // After this the row says nothing any more (no open window, the next block would be a first): purged.
    t.datetime('forget_at', { precision: 3 }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limit_blocks');
}
