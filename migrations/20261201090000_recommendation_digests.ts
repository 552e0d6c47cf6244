/**
 * The weekly "offers for you" digest of recommendations (job `recommendations:weekly-digest`):
 * - recommendation_digests: one row per digest sent; its unique key (candidat_id, week_start)
 *   makes a second run in the same Cameroon week, or two workers at once, send nothing more;
 * - recommendation_digest_offres: which offer went to which candidate; its primary key
 *   (candidat_id, offre_id) makes an offer go in one digest only, ever.
 * email_id and sms_id name the outbox rows, without a foreign key (the outboxes are purged
 * apart), as job_alert_matches does.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recommendation_digests', (t) => {
    t.bigIncrements('id');
    t.bigInteger('candidat_id').unsigned().notNullable().references('candidates.id').onDelete('CASCADE');
    t.date('week_start').notNullable();
    t.integer('offres_count').unsigned().notNullable();
    t.bigInteger('email_id').unsigned().nullable();
    t.bigInteger('sms_id').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['candidat_id', 'week_start']);
  });
  await knex.schema.createTable('recommendation_digest_offres', (t) => {
    t.bigInteger('candidat_id').unsigned().notNullable().references('candidates.id').onDelete('CASCADE');
    t.bigInteger('offre_id').unsigned().notNullable().references('offres.id').onDelete('CASCADE');
    t.bigInteger('digest_id')
      .unsigned()
      .notNullable()
      .references('recommendation_digests.id')
      .onDelete('CASCADE');
    t.tinyint('position').unsigned().notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['candidat_id', 'offre_id']);
    t.index(['offre_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('recommendation_digest_offres');
  await knex.schema.dropTableIfExists('recommendation_digests');
}
