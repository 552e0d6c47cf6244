/**
 * Retention of inactive candidate accounts: the notice emailed 30 days before an account is
 * anonymised, one row per account, with the last activity it was based on. Activity after the
 * notice cancels it (the row is removed, and a new notice is sent when the account is due again).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('privacy_notices', (t) => {
    t.bigInteger('account_id').unsigned().primary().references('accounts.id').onDelete('CASCADE');
    t.datetime('notified_at', { precision: 3 }).notNullable();
    t.datetime('last_activity_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('privacy_notices');
}
