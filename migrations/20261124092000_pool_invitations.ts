/**
 * Consent-first talent pools. A pool invitation is a row per invited member: the candidate whose
 * account has that email accepts it (the member is then linked to the account, which opens the
 * candidate's profile, CV and photo to the company) or declines it (the company may not invite
 * that address again for 180 days). Opt-outs stop every company's pool invitations to an address.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pool_invitations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('vivier_candidat_id')
      .unsigned()
      .notNullable()
      .references('vivier_candidats.id')
      .onDelete('CASCADE');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.enu('status', ['PENDING', 'ACCEPTED', 'DECLINED']).notNullable().defaultTo('PENDING');
    t.string('opt_out_token', 64).notNullable().unique();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('responded_at', { precision: 3 }).nullable();
    t.index(['email', 'status']);
    t.index(['entreprise_id', 'created_at']);
    t.index(['entreprise_id', 'email', 'status']);
  });
  await knex.schema.createTable('pool_invitation_opt_outs', (t) => {
    t.string('email', 254).primary();
    t.datetime('created_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('pool_invitation_opt_outs');
  await knex.schema.dropTableIfExists('pool_invitations');
}
