/**
 * The language of every email: `accounts.langue` for every kind of account (candidates, recruiters
 * and administrators share the accounts row, so one column covers them all), and
 * `job_alerts.langue` for alerts made without an account, which have no account to read it from:
 * it is the language of the subscription request. French is the default, as everywhere else.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.enu('langue', ['fr', 'en']).notNullable().defaultTo('fr');
  });
  await knex.schema.alterTable('job_alerts', (t) => {
    t.enu('langue', ['fr', 'en']).notNullable().defaultTo('fr');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('job_alerts', (t) => {
    t.dropColumn('langue');
  });
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('langue');
  });
}
