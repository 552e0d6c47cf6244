/**
 * Application emails: each recruiter chooses how it hears of new applications (at once, a daily
 * digest, or not at all); each candidate may turn off the "application received" and the
 * "status changed" emails. `candidature_recruiter_emails` records which application was announced to which
 * recruiter: its unique key makes "at most one email per application and recruiter" hold even
 * when the immediate email and the digest race.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recruiters', (t) => {
    t.enu('notifications_candidatures', ['IMMEDIATE', 'DAILY_DIGEST', 'NONE'])
      .notNullable()
      .defaultTo('IMMEDIATE');
  });
  await knex.schema.alterTable('candidates', (t) => {
    t.boolean('notify_candidature_recue').notNullable().defaultTo(true);
    t.boolean('notify_statut_candidature').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('candidature_recruiter_emails', (t) => {
    t.bigIncrements('id');
    t.bigInteger('candidature_id').unsigned().notNullable().references('candidatures.id').onDelete('CASCADE');
    t.bigInteger('recruteur_id').unsigned().notNullable().references('recruiters.id').onDelete('CASCADE');
    t.enu('mode', ['IMMEDIATE', 'DAILY_DIGEST']).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.unique(['candidature_id', 'recruteur_id']);
    t.index(['recruteur_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('candidature_recruiter_emails');
  await knex.schema.alterTable('candidates', (t) => {
    t.dropColumn('notify_candidature_recue');
    t.dropColumn('notify_statut_candidature');
  });
  await knex.schema.alterTable('recruiters', (t) => {
    t.dropColumn('notifications_candidatures');
  });
}
