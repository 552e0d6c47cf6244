/**
 * OAuth 2.0 for third-party integrations. `oauth_apps` are the apps companies register (an
 * administrator approves them before they get tokens); `oauth_entries` is the authorization
 * server's own storage (grants, codes, tokens, sessions, interactions), written through its
 * adapter interface so every API instance shares it. Entries are keyed by a SHA-256 of their id:
 * a bearer token is never stored as itself.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_apps', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id').onDelete('CASCADE');
    t.bigInteger('owner_account_id').unsigned().nullable().references('accounts.id').onDelete('SET NULL');
    t.string('client_id', 64).notNullable().unique();
    // SHA-256 (hex) of the client secret: the secret itself is shown once and never stored.
    t.string('client_secret_hash', 64).nullable();
    t.enu('client_type', ['confidential', 'public']).notNullable();
    t.string('name', 100).notNullable();
    t.json('redirect_uris').notNullable();
    t.string('logo_url', 500).nullable();
    t.string('website', 500).nullable();
    t.json('scopes').notNullable();
    t.enu('status', ['PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED']).notNullable().defaultTo('PENDING');
    t.string('status_reason', 1000).nullable();
    t.datetime('reviewed_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.index(['entreprise_id']);
    t.index(['status']);
  });
  await knex.schema.createTable('oauth_entries', (t) => {
    t.string('model', 40).notNullable();
    t.string('id_hash', 64).notNullable();
    t.string('grant_id', 255).nullable();
    t.string('uid_hash', 64).nullable();
    t.string('client_id', 255).nullable();
    t.string('account_id', 255).nullable();
    t.json('payload').notNullable();
    t.datetime('expires_at', { precision: 3 }).nullable();
    t.datetime('consumed_at', { precision: 3 }).nullable();
    t.primary(['model', 'id_hash']);
    t.index(['grant_id']);
    t.index(['uid_hash']);
    t.index(['client_id', 'account_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('oauth_entries');
  await knex.schema.dropTableIfExists('oauth_apps');
}
