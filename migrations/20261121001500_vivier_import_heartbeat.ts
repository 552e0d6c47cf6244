/**
 * Talent-pool CSV imports are their own queue (the `vivier:import-csv` job claims rows): a RUNNING
 * import whose worker died must be found and resumed. `heartbeat_at` is renewed with every
 * committed batch, so an import whose heartbeat is old is abandoned; `attempts` counts claims, so
 * a file that keeps crashing its worker is given up on instead of retried forever.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.datetime('heartbeat_at', { precision: 3 })
      .nullable()
      .comment('renewed by every committed batch while RUNNING');
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.index(['status', 'heartbeat_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vivier_imports', (t) => {
    t.dropIndex(['status', 'heartbeat_at']);
    t.dropColumn('heartbeat_at');
    t.dropColumn('attempts');
  });
}
