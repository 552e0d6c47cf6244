/**
 * Standard Webhooks signatures during a secret rotation: deliveries are signed with the new and
 * the previous secret for 24 hours after a rotation, so receivers can switch without losing any.
 * Also why a subscription was switched off by the platform (GONE: the receiver answered 410;
 * FAILING: every delivery failed for 5 days), null when active or switched off by its owner.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_subscriptions', (t) => {
    t.string('previous_secret', 100).nullable();
    t.datetime('secret_rotated_at', { precision: 3 }).nullable();
    t.string('disabled_reason', 20).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_subscriptions', (t) => {
    t.dropColumn('previous_secret');
    t.dropColumn('secret_rotated_at');
    t.dropColumn('disabled_reason');
  });
}
