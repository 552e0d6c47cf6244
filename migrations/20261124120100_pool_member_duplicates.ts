/**
 * Talent-pool duplicates: a member whose email or phone number is already in the pool is a
 * duplicate. The lines of an import that were duplicates are kept (which line, email or phone,
 * and the member it matched when that member was already in the pool before the batch). An
 * index on (pool, phone) makes the phone check cheap; it is not unique, so pools that already
 * hold two members with one phone number keep both.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_candidats', (t) => {
    t.index(['vivier_id', 'telephone'], 'vivier_candidats_vivier_telephone_idx');
  });
  await knex.schema.createTable('vivier_import_duplicates', (t) => {
    t.bigIncrements('id');
    t.bigInteger('import_id').unsigned().notNullable().references('vivier_imports.id').onDelete('CASCADE');
    t.integer('line').unsigned().notNullable();
    t.enu('reason', ['EMAIL', 'PHONE']).notNullable();
    t.bigInteger('member_id').unsigned().nullable().references('vivier_candidats.id').onDelete('SET NULL');
    t.unique(['import_id', 'line']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('vivier_import_duplicates');
  await knex.schema.alterTable('vivier_candidats', (t) => {
    t.dropIndex(['vivier_id', 'telephone'], 'vivier_candidats_vivier_telephone_idx');
  });
}
