/**
 * The domain event an SMS was written for (application notices): unique, so two workers reading
 * the same events queue one SMS per event.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sms_messages', (t) => {
    t.bigInteger('source_event_id').unsigned().nullable().unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sms_messages', (t) => {
    t.dropUnique(['source_event_id']);
    t.dropColumn('source_event_id');
  });
}
