/** Applications sent before they had their own CV reference take the candidate's current CV. */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `UPDATE candidatures c JOIN candidates ca ON ca.id = c.candidat_id
     SET c.cv_file_id = ca.cv_file_id
     WHERE c.cv_file_id IS NULL AND ca.cv_file_id IS NOT NULL AND c.anonymized = 0`,
  );
}

export async function down(): Promise<void> {
  // The column goes with the schema migration's down; nothing to undo here.
}
