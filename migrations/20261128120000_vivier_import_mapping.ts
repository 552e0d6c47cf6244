/**
 * A talent-pool import remembers how its file is read, so a run resumed after a crash reads it the
 * same way: the format found at upload (csv or xlsx, from the content, not the name), the sheet of
 * a workbook, the column -> field mapping applied (the recruiter's choice over the proposal), and
 * the columns it ignores, shown in the import's view so no data is dropped without a word.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.enu('format', ['csv', 'xlsx'])
      .nullable()
      .comment('null: imports queued before workbooks were read (csv)');
    t.string('sheet', 255).nullable();
    t.json('column_mapping')
      .nullable()
      .comment('[{position, header, field}]; null: proposed from the header');
    t.json('ignored_columns').nullable().comment('[{position, header}]');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.dropColumn('format');
    t.dropColumn('sheet');
    t.dropColumn('column_mapping');
    t.dropColumn('ignored_columns');
  });
}
