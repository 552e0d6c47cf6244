/**
 * Trust for candidates (domain/trust):
 *
 * - scam_rules / scam_rule_versions: the rules that hold an offer asking candidates for money, as
 *   data an administrator edits; every change bumps the rule's version and keeps a snapshot.
 * - offre_moderations: at most one row per offer, its moderation state (HELD by the rules or by an
 *   administrator, HIDDEN by reports, REJECTED, RELEASED) and whether the public may see it
 *   (`blocked`). The offer's own status never changes because of it.
 * - offre_reports: reports on offers, one per reporter (an account, or an anonymous client) and offer.
 * - company_domain_verifications: links sent to an address on the company's web domain.
 * - company_verification_withdrawals: an administrator's withdrawal of a company's verification.
 *
 * The search index holds public offers only and filters on verified employers, so every change of
 * these rows (and every approval of a recruiter) is journalled by triggers, like offers and companies
 * are: no code path can forget to.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

const journal = (kind: 'OFFRE' | 'ENTREPRISE', ref: string) =>
  `INSERT INTO search_journal (kind, ref_id) VALUES ('${kind}', ${ref})`;

const TRIGGERS: { name: string; sql: string }[] = [
  ...(['INSERT', 'UPDATE'] as const).map((event) => ({
    name: `trust_journal_moderation_${event.toLowerCase()}`,
    sql: `AFTER ${event} ON offre_moderations FOR EACH ROW ${journal('OFFRE', 'NEW.offre_id')}`,
  })),
  {
    name: 'trust_journal_moderation_delete',
    sql: `AFTER DELETE ON offre_moderations FOR EACH ROW ${journal('OFFRE', 'OLD.offre_id')}`,
  },
  ...(['INSERT', 'UPDATE'] as const).map((event) => ({
    name: `trust_journal_domain_${event.toLowerCase()}`,
    sql: `AFTER ${event} ON company_domain_verifications FOR EACH ROW ${journal('ENTREPRISE', 'NEW.entreprise_id')}`,
  })),
  ...(['INSERT', 'UPDATE'] as const).map((event) => ({
    name: `trust_journal_withdrawal_${event.toLowerCase()}`,
    sql: `AFTER ${event} ON company_verification_withdrawals FOR EACH ROW ${journal('ENTREPRISE', 'NEW.entreprise_id')}`,
  })),
  {
    // An approval (a new status of a recruiter) may make its company verified.
    name: 'trust_journal_recruiter_status',
    sql: `AFTER INSERT ON recruiter_status_history FOR EACH ROW
      INSERT INTO search_journal (kind, ref_id)
      SELECT 'ENTREPRISE', r.entreprise_id FROM recruiters r WHERE r.id = NEW.recruiter_id`,
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scam_rules', (t) => {
    t.bigIncrements('id');
    t.string('code', 60).notNullable().unique();
    t.enu('kind', ['REGEX', 'PHRASE']).notNullable();
    t.text('pattern').notNullable();
    t.text('except_pattern').nullable();
    t.json('languages').notNullable();
    t.string('reason_code', 60).notNullable();
    t.string('description', 300).nullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.integer('version').unsigned().notNullable().defaultTo(1);
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
  });
  await knex.schema.createTable('scam_rule_versions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('rule_id').unsigned().notNullable().references('scam_rules.id').onDelete('CASCADE');
    t.integer('version').unsigned().notNullable();
    t.json('snapshot').notNullable();
    t.string('changed_by', 254).nullable();
    t.datetime('changed_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.unique(['rule_id', 'version']);
  });
  await knex.schema.createTable('offre_moderations', (t) => {
    t.bigInteger('offre_id').unsigned().primary().references('offres.id').onDelete('CASCADE');
    t.enu('status', ['HELD', 'HIDDEN', 'REJECTED', 'RELEASED']).notNullable();
    t.boolean('blocked').notNullable();
    t.json('reasons').notNullable();
    t.text('note').nullable();
    t.datetime('since', { precision: 3 }).notNullable();
    t.datetime('decided_at', { precision: 3 }).nullable();
    t.string('decided_by', 254).nullable();
    t.index(['status', 'since']);
  });
  await knex.schema.createTable('offre_reports', (t) => {
    t.bigIncrements('id');
    t.bigInteger('offre_id').unsigned().notNullable().references('offres.id').onDelete('CASCADE');
    t.string('reporter_key', 120).notNullable();
    t.bigInteger('account_id').unsigned().nullable().references('accounts.id').onDelete('SET NULL');
    t.string('email', 254).nullable();
    t.string('langue', 5).notNullable().defaultTo('fr');
    t.enu('reason', [
      'ASKS_FOR_MONEY',
      'FAKE_COMPANY',
      'DISCRIMINATORY',
      'EXPIRED',
      'MISLEADING',
    ]).notNullable();
    t.text('details').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.datetime('resolved_at', { precision: 3 }).nullable();
    t.string('outcome', 20).nullable();
    t.unique(['offre_id', 'reporter_key']);
    t.index(['offre_id', 'resolved_at']);
  });
  await knex.schema.createTable('company_domain_verifications', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id').onDelete('CASCADE');
    t.bigInteger('recruiter_id').unsigned().nullable().references('recruiters.id').onDelete('SET NULL');
    t.string('email', 254).notNullable();
    t.string('domain', 253).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('verified_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.index(['entreprise_id', 'verified_at']);
  });
  await knex.schema.createTable('company_verification_withdrawals', (t) => {
    t.bigInteger('entreprise_id').unsigned().primary().references('entreprises.id').onDelete('CASCADE');
    t.boolean('active').notNullable();
    t.text('reason').notNullable();
    t.datetime('withdrawn_at', { precision: 3 }).notNullable();
    t.string('withdrawn_by', 254).nullable();
  });
  for (const trigger of TRIGGERS) await knex.raw(`CREATE TRIGGER ${trigger.name} ${trigger.sql}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const trigger of TRIGGERS) await knex.raw(`DROP TRIGGER IF EXISTS ${trigger.name}`);
  for (const table of [
    'company_verification_withdrawals',
    'company_domain_verifications',
    'offre_reports',
    'offre_moderations',
    'scam_rule_versions',
    'scam_rules',
  ])
    await knex.schema.dropTableIfExists(table);
}
