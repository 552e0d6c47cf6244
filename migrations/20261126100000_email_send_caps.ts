/**
 * Caps on emails a caller can make the platform send to someone else:
 * - email_send_counts: how many emails of a kind were queued for a scope (a company, an account)
 *   in a period ('2026-11-26' for a Cameroon calendar day, '2026-11-26T09' for a UTC hour). The
 *   use case that queues the emails reads and bumps its row in the same transaction, after
 *   locking the scope's own row (company, account), so concurrent requests cannot pass the cap.
 * - company_member_invitations: when a company last invited an address to join it, for the
 *   per-address cooldown of POST /recruiters/company/members/invite (known and unknown addresses
 *   alike, so the cooldown does not tell which addresses have an account).
 * Both stay small: the use case that writes a scope's rows deletes that scope's expired ones.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('email_send_counts', (t) => {
    t.string('kind', 40).notNullable();
    t.bigInteger('scope_id').unsigned().notNullable();
    t.string('period', 16).notNullable();
    t.integer('sent').unsigned().notNullable().defaultTo(0);
    t.primary(['kind', 'scope_id', 'period']);
  });
  await knex.schema.createTable('company_member_invitations', (t) => {
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.datetime('invited_at', { precision: 3 }).notNullable();
    t.primary(['entreprise_id', 'email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('company_member_invitations');
  await knex.schema.dropTableIfExists('email_send_counts');
}
