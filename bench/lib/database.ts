/**
 * The scratch databases of the benches: on the server of `BENCH_DATABASE_SERVER` (default the
 * local MySQL/MariaDB as root), created empty at the start and dropped at the end.
 */
import { dropDatabase, ensureDatabase, type Knex } from '../../lib/db.ts';
import { migrateLatest } from '../../lib/migrator.ts';
import { seedGeography } from '../../seeds/geography.ts';
import { seedReferenceData } from '../../seeds/reference-data.ts';
import { seedSearchSynonyms } from '../../seeds/seed-search-synonyms.ts';

/** The URL of the scratch database `name` on the bench server. */
export function benchDatabaseUrl(name: string): string {
  const server = process.env.BENCH_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';
  return `${server}/${name}`;
}

/** Drops the database (left over by an interrupted run) and creates it empty. */
export async function recreateDatabase(databaseUrl: string): Promise<void> {
  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
}

/** Migrates the schema and seeds the reference data (sectors, ...), the geography and the search synonyms. */
export async function migrateAndSeed(knex: Knex): Promise<void> {
  await migrateLatest(knex);
  await seedReferenceData(knex);
  await seedGeography(knex);
  await seedSearchSynonyms(knex);
}
