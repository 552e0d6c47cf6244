/**
 * The daily email of what waits for an administrator (job `admins:moderation-digest`):
 * - admins.moderation_digest: whether this administrator takes it (on by default; PUT
 *   /admin/account/notifications turns it off);
 * - admin_moderation_digests: one row per administrator and Cameroon day it was sent on; the
 *   primary key makes a second run that day, or two workers at once, send nothing more.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admins', (t) => {
    t.boolean('moderation_digest').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('admin_moderation_digests', (t) => {
    t.bigInteger('admin_id').unsigned().notNullable().references('admins.id').onDelete('CASCADE');
    t.date('day').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['admin_id', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('admin_moderation_digests');
  await knex.schema.alterTable('admins', (t) => {
    t.dropColumn('moderation_digest');
  });
}
