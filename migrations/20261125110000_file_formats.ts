/**
 * Lighter encodings of stored images: `files.formats` maps each rendition of a file ("original",
 * or the width of a resized variant) to its other encodings, `{"original": {"image/webp": key,
 * "image/avif": key}, "128": {"image/avif": key}}`. Null for files stored before (they are served
 * as they are) and for files that are not images.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('files', (t) => {
    t.json('formats').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('files', (t) => {
    t.dropColumn('formats');
  });
}
