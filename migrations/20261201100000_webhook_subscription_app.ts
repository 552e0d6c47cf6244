/**
 * A webhook subscription may belong to an integration app (an OAuth client) acting for a company:
 * `app_id` names it, null for the subscriptions of the company itself or of an administrator. The
 * company's owner and the app each manage only their own; when the app's row goes, its
 * subscriptions (and their deliveries) go with it.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_subscriptions', (t) => {
    // The foreign key's own index serves the look-ups by app (suspension, revocation).
    t.bigInteger('app_id').unsigned().nullable().references('oauth_apps.id').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_subscriptions', (t) => {
    t.dropForeign(['app_id']);
    t.dropColumn('app_id');
  });
}
