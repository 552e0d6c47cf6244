/**
 * SMS: the outbox the worker sends (sms_messages), the candidates' confirmed mobiles
 * (sms_phones), the one-time codes that confirm them (sms_phone_codes), what phones sent back
 * (sms_inbound), and each job alert's frequency and SMS channel.
 *
 * - sms_messages.local_day is the Cameroon calendar day the message was queued for; the daily
 *   caps (platform and per candidate) count segments by it.
 * - provider_id is the id the SMSC gave in submit_sm_resp (the one its delivery receipts name).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sms_messages', (t) => {
    t.bigIncrements('id');
    t.string('to_number', 20).notNullable();
    t.string('body', 1600).notNullable();
    t.string('kind', 20).notNullable();
    t.bigInteger('candidat_id').unsigned().nullable().references('candidates.id').onDelete('SET NULL');
    t.integer('segments').unsigned().notNullable().defaultTo(1);
    t.string('local_day', 10).notNullable();
    t.enu('status', ['PENDING', 'SENT', 'DELIVERED', 'UNDELIVERED', 'FAILED', 'CANCELLED'])
      .notNullable()
      .defaultTo('PENDING');
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.string('last_error', 1000).nullable();
    t.datetime('next_attempt_at', { precision: 3 }).notNullable();
    t.datetime('locked_until', { precision: 3 }).nullable();
    t.string('provider_id', 100).nullable();
    t.string('dlr_status', 20).nullable();
    t.datetime('dlr_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('sent_at', { precision: 3 }).nullable();
    t.index(['status', 'next_attempt_at']);
    t.index(['provider_id']);
    t.index(['local_day', 'kind']);
    t.index(['candidat_id', 'local_day']);
  });
  await knex.schema.createTable('sms_phones', (t) => {
    t.bigInteger('candidat_id').unsigned().primary().references('candidates.id').onDelete('CASCADE');
    t.string('phone', 20).notNullable();
    t.datetime('confirmed_at', { precision: 3 }).nullable();
    t.boolean('enabled').notNullable().defaultTo(false);
    t.boolean('status_notices').notNullable().defaultTo(false);
    t.datetime('stopped_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['phone']);
  });
  await knex.schema.createTable('sms_phone_codes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('candidat_id').unsigned().notNullable().references('candidates.id').onDelete('CASCADE');
    t.string('phone', 20).notNullable();
    t.string('code_hash', 64).notNullable();
    t.integer('tries').unsigned().notNullable().defaultTo(0);
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('used_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['candidat_id', 'created_at']);
    t.index(['phone', 'created_at']);
  });
  await knex.schema.createTable('sms_inbound', (t) => {
    t.bigIncrements('id');
    t.string('from_number', 20).notNullable();
    t.string('body', 1600).notNullable();
    t.string('action', 20).notNullable();
    t.datetime('received_at', { precision: 3 }).notNullable();
    t.index(['from_number']);
  });
  await knex.schema.alterTable('job_alerts', (t) => {
    t.enu('frequency', ['INSTANT', 'DAILY', 'WEEKLY']).notNullable().defaultTo('DAILY');
    t.boolean('sms').notNullable().defaultTo(false);
    t.index(['frequency', 'active']);
  });
  await knex.schema.alterTable('job_alert_matches', (t) => {
    t.bigInteger('sms_id').unsigned().nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('job_alert_matches', (t) => {
    t.dropColumn('sms_id');
  });
  await knex.schema.alterTable('job_alerts', (t) => {
    t.dropIndex(['frequency', 'active']);
    t.dropColumn('frequency');
    t.dropColumn('sms');
  });
  await knex.schema.dropTableIfExists('sms_inbound');
  await knex.schema.dropTableIfExists('sms_phone_codes');
  await knex.schema.dropTableIfExists('sms_phones');
  await knex.schema.dropTableIfExists('sms_messages');
}
