/**
 * A talent-pool import may read an OpenDocument spreadsheet (.ods, LibreOffice Calc's own format):
 * its format column takes 'ods'.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.enu('format', ['csv', 'xlsx', 'ods'])
      .nullable()
      .comment('null: imports queued before workbooks were read (csv)')
      .alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  // An .ods import cannot be read by the version this goes back to: it keeps no format, and fails
  // with a message if it is resumed.
  await knex('vivier_imports').where({ format: 'ods' }).update({ format: null });
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.enu('format', ['csv', 'xlsx'])
      .nullable()
      .comment('null: imports queued before workbooks were read (csv)')
      .alter();
  });
}
