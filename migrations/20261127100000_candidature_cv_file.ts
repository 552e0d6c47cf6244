/**
 * The CV an application was sent with: a reference of its own, so the recruiter reads that CV
 * even after the candidate replaced or deleted the profile's. The file stays while an application
 * references it; erasing the candidate's account deletes the file and empties the reference.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidatures', (t) => {
    t.bigInteger('cv_file_id').unsigned().nullable().references('files.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidatures', (t) => {
    t.dropForeign(['cv_file_id']);
    t.dropColumn('cv_file_id');
  });
}
